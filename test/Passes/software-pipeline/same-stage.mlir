// A consumer in the same stage as its async producer waits right there,
// with count 0 (nothing is committed between them). Every op of an async
// stage is async, so the consumer is its own group, split from the copy's
// and holding the wait. Stage 1 reads what both wrote; the stage-0 wait of
// the next step has already completed them, so it needs no wait of its own.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-verify-sync | FileCheck %s
// RUN: sed -e 's/@kernel/@reference/' -e 's/asyncpipe.async_stages/unpipelined/' %s > %t.ref.mlir
// RUN: cat %s %t.ref.mlir %S/../../Execution/Inputs/compare-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// EXEC: data =
// EXEC-NEXT: [0, -60]
// EXEC: data =
// EXEC-NEXT: [0, -60]

// CHECK-LABEL: func.func @kernel
// CHECK: memref.alloc() : memref<2x8xf32>
// CHECK: scf.for
// CHECK:   asyncpipe.commit_queue 0 {
// CHECK:     asyncpipe.copy
// CHECK:   }
// CHECK:   asyncpipe.commit_queue 0 {
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: asyncpipe.async_scope
// CHECK: linalg.add
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: linalg.add
// CHECK: }
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK: linalg.add
func.func @kernel(%a: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    linalg.add {asyncpipe.stage = 0, asyncpipe.order = 1} ins(%buf, %buf : memref<8xf32>, memref<8xf32>) outs(%dst : memref<8xf32, strided<[1], offset: ?>>)
    linalg.add {asyncpipe.stage = 1, asyncpipe.order = 2} ins(%buf, %dst : memref<8xf32>, memref<8xf32, strided<[1], offset: ?>>) outs(%dst : memref<8xf32, strided<[1], offset: ?>>)
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.dealloc %buf : memref<8xf32>
  return
}
