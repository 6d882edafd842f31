// A loop whose induction variable is i32, not index: the pipelined loop,
// its bounds and every induction value the pipeliner makes keep the i32
// type (it used to build index values, and the clone of the user's
// index_cast from the i32 variable became an invalid index-to-index cast).
// Static trip count 64 (body, prologue, epilogue) and a run-time one
// (N = 64, 3, 2, 1 through the harness), each against the unpipelined loop.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | FileCheck %s
// verify-sync proves both, the run-time one for every value of N (the index
// cast to i32 stands for any i32 value).
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --asyncpipe-verify-sync > /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-verify-sync > /dev/null
// RUN: sed -e 's/@kernel/@reference/' -e 's/@static_i32/@static_reference/' -e 's/asyncpipe.async_stages/unpipelined/' %s > %t.ref.mlir
// RUN: cat %s %t.ref.mlir %S/../../Execution/Inputs/compare-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// EXEC: data =
// EXEC-NEXT: [0, -20]
// EXEC: data =
// EXEC-NEXT: [0, -11]
// EXEC: data =
// EXEC-NEXT: [0, -15]
// EXEC: data =
// EXEC-NEXT: [0, -20]

// CHECK-LABEL: func.func @kernel
// CHECK: %[[N:.*]] = arith.index_cast %arg2 : index to i32
// CHECK: %[[D:.*]] = arith.subi %[[N]], %{{.*}} : i32
// CHECK: %[[CEIL:.*]] = arith.ceildivui %[[D]], %{{.*}} : i32
// CHECK: %[[RUNS:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : i32
// CHECK: %[[TRIP:.*]] = arith.select %[[RUNS]], %[[CEIL]], %{{.*}} : i32
// CHECK: arith.cmpi ugt, %[[TRIP]], %{{.*}} : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} : i32 {
// CHECK:   asyncpipe.wait_queue 0, 2
// CHECK-NOT: index_cast %{{.*}} : index to index
// CHECK: } else {
func.func @kernel(%a: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ub = arith.index_cast %n : index to i32
  %buf = memref.alloc() : memref<8xf32>
  scf.for %j = %c0 to %ub step %c1 : i32 {
    %i = arith.index_cast %j : i32 to index
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf, %dst {asyncpipe.stage = 2, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.dealloc %buf : memref<8xf32>
  return
}

// A static i32 trip count: the steady-state loop starts at the constant
// lb + 2 * step, and the epilogue's induction values are i32 constants.
// CHECK-LABEL: func.func @static_i32
// CHECK: scf.for %{{.*}} = %c2_i32{{.*}} to %c64_i32 step %c1_i32 : i32 {
func.func @static_i32(%a: memref<64x8xf32>, %out: memref<64x8xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %buf = memref.alloc() : memref<8xf32>
  scf.for %j = %c0 to %c64 step %c1 : i32 {
    %i = arith.index_cast %j : i32 to index
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf, %dst {asyncpipe.stage = 2, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.dealloc %buf : memref<8xf32>
  return
}
