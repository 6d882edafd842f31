// Two stages: rows of A are copied asynchronously into shared memory
// (stage 0, queue 0) and stored to the output in stage 1. The buffer gets
// two versions; the body waits with count 1, the epilogue with 0.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-verify-sync | FileCheck %s
// RUN: sed -e 's/@kernel/@reference/' -e 's/asyncpipe.async_stages/unpipelined/' %s > %t.ref.mlir
// RUN: cat %s %t.ref.mlir %S/../../Execution/Inputs/compare-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// EXEC: data =
// EXEC-NEXT: [0, -20]
// EXEC: data =
// EXEC-NEXT: [0, -20]

// CHECK-LABEL: func.func @kernel
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<2x8xf32, 3>
// CHECK: asyncpipe.commit_queue 0 {
// CHECK:   asyncpipe.copy
// CHECK: }
// CHECK: scf.for %[[IV:.*]] = %c1 to %c64 step %c1 {
// CHECK:   asyncpipe.commit_queue 0 {
// CHECK:     memref.subview %{{.*}}[%[[IV]], 0] [1, 8]
// CHECK:     memref.subview %[[BUF]][{{.*}}] [1, 8]
// CHECK:     asyncpipe.copy
// CHECK:   }
// CHECK:   asyncpipe.wait_queue 0, 1
// CHECK:   memref.subview %[[BUF]][{{.*}}] [1, 8]
// CHECK:   memref.copy
// CHECK: }
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK: memref.copy
func.func @kernel(%a: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %buf = memref.alloc() : memref<8xf32, 3>
  scf.for %i = %c0 to %c64 step %c1 {
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf, %dst {asyncpipe.stage = 1, asyncpipe.order = 1} : memref<8xf32, 3> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}
