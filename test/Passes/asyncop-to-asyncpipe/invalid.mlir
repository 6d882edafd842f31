// asyncop-to-asyncpipe's errors, at the chain's start in a kernel: a
// wrapped op a GPU thread cannot run asynchronously (compute, a call), and
// a copy that does not write workgroup memory.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncop-to-asyncpipe

gpu.module @kernels {
  gpu.func @compute(%x: f32) kernel {
    // expected-error @below {{asyncop-to-asyncpipe: a GPU thread cannot run 'math.exp' asynchronously; it can copy into workgroup memory (memref.copy, then cp.async)}}
    %s = asyncop.start (%x) wraps {
    ^bb0(%p: f32):
      %e = math.exp %p : f32
      asyncop.yield %e : f32
    } : (f32) -> !asyncop.handle<(f32), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @to_global(%a: memref<8xf32>, %b: memref<8xf32>) kernel {
    // expected-error @below {{asyncop-to-asyncpipe: the wrapped memref.copy writes global memory; a GPU thread copies asynchronously only into workgroup memory (cp.async)}}
    %s = asyncop.start (%a, %b) wraps {
    ^bb0(%p: memref<8xf32>, %q: memref<8xf32>):
      memref.copy %p, %q : memref<8xf32> to memref<8xf32>
      asyncop.yield
    } : (memref<8xf32>, memref<8xf32>) -> !asyncop.handle<(memref<8xf32>, memref<8xf32>), (), none>
    asyncop.done %s : (!asyncop.handle<(memref<8xf32>, memref<8xf32>), (), none>) -> ()
    gpu.return
  }
}

// -----

func.func private @helper(f32) -> f32
gpu.module @kernels {
  func.func private @device(f32) -> f32
  gpu.func @call(%x: f32) kernel {
    // expected-error @below {{asyncop-to-asyncpipe: a GPU thread cannot run a call asynchronously; it can copy into workgroup memory (memref.copy, then cp.async)}}
    %s = asyncop.start @device(%x) : (f32) -> !asyncop.handle<(f32), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    gpu.return
  }
}
