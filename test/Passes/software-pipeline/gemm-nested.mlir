// The seed's multi-stage GEMM in the form this pass takes: the shared-memory
// tiles of A and B are copied asynchronously in stage 0 and read in stage 3,
// so they get 4 versions (the seed's 4x multi-buffering); the K-tile's
// compute is an inner loop over 4-wide sub-tiles, itself pipelined with
// stages [0, 0, 1] (no async stage), so its shared-to-local copies are
// double-buffered. Pipelines are built innermost first: the inner one
// becomes one scf.execute_region that keeps its outer stage and order.
// With the inner loop as the only stage-3 op (order 2, after the copies of
// the step), 3 groups may stay in flight at it in steady state (the seed
// gets 2 by hoisting the first sub-tile's load into stage 2); the epilogue
// drains with 2, 1, 0.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-verify-sync | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | FileCheck %s --check-prefix=WRAPPED
// RUN: cat %s %S/../../Execution/Inputs/gemm-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// The largest |C - linalg.matmul| and the checksum.
// EXEC: data =
// EXEC-NEXT: [0, -2]

// Before canonicalization, the inner pipeline is one op of the outer one.
// WRAPPED: scf.for
// WRAPPED: scf.execute_region {
// WRAPPED:   scf.for
// WRAPPED: }

// CHECK-LABEL: func.func @gemm
// CHECK-DAG: memref.alloc() : memref<4x16x16xf32, 3>
// CHECK-DAG: memref.alloc() : memref<4x16x16xf32, 3>
// CHECK-DAG: memref.alloc() : memref<2x16x4xf32>
// CHECK-DAG: memref.alloc() : memref<2x4x16xf32>
// CHECK-COUNT-3: asyncpipe.commit_queue 0
// CHECK: scf.for
// CHECK:   asyncpipe.commit_queue 0 {
// CHECK-COUNT-2: asyncpipe.copy
// CHECK:   }
// CHECK:   asyncpipe.wait_queue 0, 3
// CHECK:   scf.for
// CHECK:     linalg.matmul
// CHECK:   }
// CHECK:   linalg.matmul
// CHECK: }
// CHECK: asyncpipe.wait_queue 0, 2
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: return
func.func @gemm(%A: memref<16x2048xf32>, %B: memref<2048x16xf32>, %C: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %A_shared = memref.alloc() : memref<16x16xf32, 3>
  %B_shared = memref.alloc() : memref<16x16xf32, 3>
  %A_local = memref.alloc() : memref<16x4xf32>
  %B_local = memref.alloc() : memref<4x16xf32>
  scf.for %kt = %c0 to %c128 step %c1 {
    %k = arith.muli %kt, %c16 : index
    %ga = memref.subview %A[0, %k] [16, 16] [1, 1] : memref<16x2048xf32> to memref<16x16xf32, strided<[2048, 1], offset: ?>>
    memref.copy %ga, %A_shared {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<16x16xf32, strided<[2048, 1], offset: ?>> to memref<16x16xf32, 3>
    %gb = memref.subview %B[%k, 0] [16, 16] [1, 1] : memref<2048x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %gb, %B_shared {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<16x16xf32, strided<[16, 1], offset: ?>> to memref<16x16xf32, 3>
    scf.for %kk = %c0 to %c16 step %c4 {
      %sa = memref.subview %A_shared[0, %kk] [16, 4] [1, 1] : memref<16x16xf32, 3> to memref<16x4xf32, strided<[16, 1], offset: ?>, 3>
      memref.copy %sa, %A_local {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<16x4xf32, strided<[16, 1], offset: ?>, 3> to memref<16x4xf32>
      %sb = memref.subview %B_shared[%kk, 0] [4, 16] [1, 1] : memref<16x16xf32, 3> to memref<4x16xf32, strided<[16, 1], offset: ?>, 3>
      memref.copy %sb, %B_local {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<4x16xf32, strided<[16, 1], offset: ?>, 3> to memref<4x16xf32>
      linalg.matmul {asyncpipe.stage = 1, asyncpipe.order = 2} ins(%A_local, %B_local : memref<16x4xf32>, memref<4x16xf32>) outs(%C : memref<16x16xf32>)
    } {asyncpipe.stage = 3, asyncpipe.order = 2, asyncpipe.async_stages = array<i64>}
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.dealloc %A_local : memref<16x4xf32>
  memref.dealloc %B_local : memref<4x16xf32>
  return
}
