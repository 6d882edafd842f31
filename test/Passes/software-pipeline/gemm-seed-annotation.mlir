// The seed's GEMM annotation exactly: stages [0, 0, 2, 3, 3], orders
// [0, 1, 3, 2, 4], async stage 0. Shared tiles are copied in stage 0 and
// read in stages 2 and 3 (4 versions); the first half-tile goes to local
// memory in stage 2 (read in stage 3: 2 versions); stage 3 loads the second
// half and computes the first, then computes the second. As in the seed,
// the body waits (0, 2): the stage-2 load of the next tile comes after the
// stage-3 statement of this one, and its wait covers both.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-verify-sync | FileCheck %s
// RUN: cat %s %S/../../Execution/Inputs/gemm-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// EXEC: data =
// EXEC-NEXT: [0, -2]

// CHECK-LABEL: func.func @gemm
// CHECK-DAG: memref.alloc() : memref<4x16x16xf32, 3>
// CHECK-DAG: memref.alloc() : memref<4x16x16xf32, 3>
// CHECK-DAG: memref.alloc() : memref<2x16x8xf32>
// CHECK-DAG: memref.alloc() : memref<2x8x16xf32>
// CHECK: scf.for
// CHECK:   asyncpipe.commit_queue 0
// CHECK:   asyncpipe.wait_queue 0, 2
// CHECK: }
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK-NOT: asyncpipe.wait_queue
func.func @gemm(%A: memref<16x2048xf32>, %B: memref<2048x16xf32>, %C: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %As = memref.alloc() : memref<16x16xf32, 3>
  %Bs = memref.alloc() : memref<16x16xf32, 3>
  %A0 = memref.alloc() : memref<16x8xf32>
  %B0 = memref.alloc() : memref<8x16xf32>
  %A1 = memref.alloc() : memref<16x8xf32>
  %B1 = memref.alloc() : memref<8x16xf32>
  scf.for %kt = %c0 to %c128 step %c1 {
    %k = arith.muli %kt, %c16 : index
    %ga = memref.subview %A[0, %k] [16, 16] [1, 1] : memref<16x2048xf32> to memref<16x16xf32, strided<[2048, 1], offset: ?>>
    memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<16x16xf32, strided<[2048, 1], offset: ?>> to memref<16x16xf32, 3>
    %gb = memref.subview %B[%k, 0] [16, 16] [1, 1] : memref<2048x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<16x16xf32, strided<[16, 1], offset: ?>> to memref<16x16xf32, 3>
    // Stage 2: the first half-tile into local memory.
    scf.execute_region {
      %sa = memref.subview %As[0, 0] [16, 8] [1, 1] : memref<16x16xf32, 3> to memref<16x8xf32, strided<[16, 1]>, 3>
      memref.copy %sa, %A0 : memref<16x8xf32, strided<[16, 1]>, 3> to memref<16x8xf32>
      %sb = memref.subview %Bs[0, 0] [8, 16] [1, 1] : memref<16x16xf32, 3> to memref<8x16xf32, strided<[16, 1]>, 3>
      memref.copy %sb, %B0 : memref<8x16xf32, strided<[16, 1]>, 3> to memref<8x16xf32>
      scf.yield
    } {asyncpipe.stage = 2, asyncpipe.order = 3}
    // Stage 3: the second half-tile, and the first half's compute.
    scf.execute_region {
      %sa = memref.subview %As[0, 8] [16, 8] [1, 1] : memref<16x16xf32, 3> to memref<16x8xf32, strided<[16, 1], offset: 8>, 3>
      memref.copy %sa, %A1 : memref<16x8xf32, strided<[16, 1], offset: 8>, 3> to memref<16x8xf32>
      %sb = memref.subview %Bs[8, 0] [8, 16] [1, 1] : memref<16x16xf32, 3> to memref<8x16xf32, strided<[16, 1], offset: 128>, 3>
      memref.copy %sb, %B1 : memref<8x16xf32, strided<[16, 1], offset: 128>, 3> to memref<8x16xf32>
      linalg.matmul ins(%A0, %B0 : memref<16x8xf32>, memref<8x16xf32>) outs(%C : memref<16x16xf32>)
      scf.yield
    } {asyncpipe.stage = 3, asyncpipe.order = 2}
    linalg.matmul {asyncpipe.stage = 3, asyncpipe.order = 4} ins(%A1, %B1 : memref<16x8xf32>, memref<8x16xf32>) outs(%C : memref<16x16xf32>)
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}
