// A trip count (2) smaller than the number of stages (4): no body loop;
// every step's ops are kept or dropped at compile time, and the counts
// come from the same simulation (the prologue's groups of iterations 2 and
// 3 are never committed).
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-verify-sync | FileCheck %s
// RUN: sed -e 's/@kernel/@reference/' -e 's/asyncpipe.async_stages/unpipelined/' %s > %t.ref.mlir
// RUN: cat %s %t.ref.mlir %S/../../Execution/Inputs/compare-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// EXEC: data =
// EXEC-NEXT: [0, -15]
// EXEC: data =
// EXEC-NEXT: [0, -15]

// CHECK-LABEL: func.func @kernel
// CHECK-NOT: scf.for
// CHECK-COUNT-2: asyncpipe.commit_queue 0
// CHECK-NOT: asyncpipe.commit_queue
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK: memref.copy
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK: memref.copy
// CHECK-NOT: scf.for
// CHECK: return
func.func @kernel(%a: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf, %dst {asyncpipe.stage = 3, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.dealloc %buf : memref<8xf32>
  return
}
