// The seed's pipelines in counting form verify: every read of an async
// result follows a wait that covers its group, on every path. The output is
// the input, unchanged. (The seed's three-stage pipeline does not: its
// write-after-read race is in war-hazards.mlir.)
// RUN: asyncpipe-opt %s --asyncpipe-verify-sync | FileCheck %s
// And after the wait optimizer, which must keep them verifiable.
// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits --asyncpipe-verify-sync | FileCheck %s --check-prefix=OPT

// Two stages, B double-buffered: B[(i+1)%2] = A[i+1] + 1 async, C[i] = B[i%2] + 1.
// CHECK-LABEL: func.func @two_stage
// OPT-LABEL: func.func @two_stage
func.func @two_stage(%A: memref<16xf32>, %B: memref<2xf32>, %C: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c15 = arith.constant 15 : index
  %one = arith.constant 1.0 : f32
  asyncpipe.commit_queue 0 {
    asyncpipe.async_scope {
      %v = memref.load %A[%c0] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %B[%c0] : memref<2xf32>
    }
  }
  scf.for %i = %c0 to %c15 step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remui %i1, %c2 : index
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %v = memref.load %A[%i1] : memref<16xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %B[%slot] : memref<2xf32>
      }
    }
    asyncpipe.wait_queue 0, 1
    %cur = arith.remui %i, %c2 : index
    %b = memref.load %B[%cur] : memref<2xf32>
    %c = arith.addf %b, %one : f32
    memref.store %c, %C[%i] : memref<16xf32>
  }
  asyncpipe.wait_queue 0, 0
  %last = memref.load %B[%c1] : memref<2xf32>
  memref.store %last, %C[%c15] : memref<16xf32>
  return
}

// The 4x-buffered GEMM slice (seed: "Waiting across pipeline body and
// epilogue boundary"), with a dynamic trip count: the slot pattern repeats
// every 4 iterations, so the analysis settles.
// CHECK-LABEL: func.func @four_buffers_dynamic
// With no wait in the prologue nothing bounds the first iteration, so the
// optimizer keeps wait(0, 3) (compare optimize-waits/loops.mlir).
// OPT-LABEL: func.func @four_buffers_dynamic
// OPT: asyncpipe.wait_queue 0, 3
// OPT: asyncpipe.wait_queue 0, 2
func.func @four_buffers_dynamic(%g: memref<1024x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %shared = memref.alloc() : memref<4x16xf32, 3>
  %local = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    %src = memref.subview %g[%i, 0] [1, 16] [1, 1] : memref<1024x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    %dst = memref.subview %shared[%i, 0] [1, 16] [1, 1] : memref<4x16xf32, 3> to memref<16xf32, strided<[1], offset: ?>, 3>
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %src, %dst : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32, strided<[1], offset: ?>, 3>
    }
  }
  scf.for %i = %c0 to %n step %c1 {
    %i3 = arith.addi %i, %c3 : index
    %slot = arith.remui %i3, %c4 : index
    %src = memref.subview %g[%i3, 0] [1, 16] [1, 1] : memref<1024x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    %dst = memref.subview %shared[%slot, 0] [1, 16] [1, 1] : memref<4x16xf32, 3> to memref<16xf32, strided<[1], offset: ?>, 3>
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %src, %dst : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32, strided<[1], offset: ?>, 3>
    }
    // (i + 3) - i = 3, then (i + 3) - (i + 1) = 2.
    asyncpipe.wait_queue 0, 3
    %s0 = arith.remui %i, %c4 : index
    %r0 = memref.subview %shared[%s0, 0] [1, 16] [1, 1] : memref<4x16xf32, 3> to memref<16xf32, strided<[1], offset: ?>, 3>
    memref.copy %r0, %local : memref<16xf32, strided<[1], offset: ?>, 3> to memref<16xf32>
    asyncpipe.wait_queue 0, 2
    %i1 = arith.addi %i, %c1 : index
    %s1 = arith.remui %i1, %c4 : index
    %r1 = memref.subview %shared[%s1, 0] [1, 16] [1, 1] : memref<4x16xf32, 3> to memref<16xf32, strided<[1], offset: ?>, 3>
    memref.copy %r1, %local : memref<16xf32, strided<[1], offset: ?>, 3> to memref<16xf32>
  }
  asyncpipe.wait_queue 0, 0
  memref.dealloc %shared : memref<4x16xf32, 3>
  memref.dealloc %local : memref<16xf32>
  return
}
