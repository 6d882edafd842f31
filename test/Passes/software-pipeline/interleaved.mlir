// The seed's interleaved async producers with their consumer between them:
// stages [0, 0, 3], orders [0, 2, 1], async stage 0. A and B are separate
// groups on queue 0 (the consumer sits between them in the order), so in
// steady state 5 groups may stay in flight at the consumer (the seed's
// count). The epilogue keeps two groups per iteration in flight: 4, 2, 0.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-verify-sync | FileCheck %s
// RUN: sed -e 's/@kernel/@reference/' -e 's/asyncpipe.async_stages/unpipelined/' %s > %t.ref.mlir
// RUN: cat %s %t.ref.mlir %S/../../Execution/Inputs/compare-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// EXEC: data =
// EXEC-NEXT: [0, -40]
// EXEC: data =
// EXEC-NEXT: [0, -40]

// CHECK-LABEL: func.func @kernel
// CHECK-DAG: memref.alloc() : memref<4x8xf32, 3>
// CHECK-DAG: memref.alloc() : memref<4x8xf32, 3>
// CHECK-COUNT-6: asyncpipe.commit_queue 0
// CHECK: scf.for
// CHECK:   asyncpipe.commit_queue 0
// CHECK:   asyncpipe.wait_queue 0, 5
// CHECK:   linalg.add
// CHECK:   asyncpipe.commit_queue 0
// CHECK: }
// CHECK: asyncpipe.wait_queue 0, 4
// CHECK: linalg.add
// CHECK: asyncpipe.wait_queue 0, 2
// CHECK: linalg.add
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK: linalg.add
func.func @kernel(%a: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %sa = memref.alloc() : memref<8xf32, 3>
  %sb = memref.alloc() : memref<8xf32, 3>
  scf.for %i = %c0 to %c64 step %c1 {
    %j = arith.subi %c63, %i : index
    %ga = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %ga, %sa {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %gb = memref.subview %a[%j, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %gb, %sb {asyncpipe.stage = 0, asyncpipe.order = 2} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    linalg.add {asyncpipe.stage = 3, asyncpipe.order = 1} ins(%sa, %sb : memref<8xf32, 3>, memref<8xf32, 3>) outs(%dst : memref<8xf32, strided<[1], offset: ?>>)
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}
