// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-workgroup-attributions

gpu.module @kernels {
  gpu.func @in_loop(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{a workgroup buffer is allocated once per thread block: allocate it in the entry block}}
      %a = memref.alloc() : memref<4xf32, 3>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @dynamic(%n: index) kernel {
    // expected-error @below {{a workgroup buffer needs a static size}}
    %a = memref.alloc(%n) : memref<?xf32, 3>
    gpu.return
  }
}
