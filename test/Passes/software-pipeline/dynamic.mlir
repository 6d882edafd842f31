// A trip count N known only at run time: the pipelined form runs when
// N > L (L = 2, the last stage), so every prologue and epilogue op runs and
// the counts are those of a long loop (body 2, epilogue 1 then 0); the
// original loop, without its annotations and with each async copy waited
// for at once, runs otherwise. The harness runs
// N = 64, 3, 2 and 1 (the last two take the fallback loop). verify-sync
// proves the output for every N (split into N <= 2, N = 3, ..., N >= 3 by
// N mod 3), and checks instances with N = 1, 3, 4, 64.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --asyncpipe-verify-sync > /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-verify-sync > /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize | FileCheck %s
// RUN: sed -e 's/func.func @kernel/func.func private @kernel/' %s | cat - %S/../../Execution/Inputs/instantiate.mlir | asyncpipe-opt --asyncpipe-software-pipeline --inline --canonicalize --asyncpipe-verify-sync | FileCheck %s --check-prefix=INSTANCES
// RUN: sed -e 's/@kernel/@reference/' -e 's/asyncpipe.async_stages/unpipelined/' %s > %t.ref.mlir
// RUN: cat %s %t.ref.mlir %S/../../Execution/Inputs/compare-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// EXEC: data =
// EXEC-NEXT: [0, -20]
// EXEC: data =
// EXEC-NEXT: [0, -11]
// EXEC: data =
// EXEC-NEXT: [0, -15]
// EXEC: data =
// EXEC-NEXT: [0, -20]

// INSTANCES-NOT: func.func private @kernel
// INSTANCES-COUNT-4: func.func @trip_

// CHECK-LABEL: func.func @kernel
// N = %arg2 > 0 ? %arg2 : 0 (ub - lb read as unsigned), compared unsigned.
// CHECK: %[[RUNS:.*]] = arith.cmpi sgt, %arg2, %c0
// CHECK: %[[N:.*]] = arith.select %[[RUNS]], %arg2, %c0
// CHECK: %[[LONG:.*]] = arith.cmpi ugt, %[[N]], %c2
// CHECK: scf.if %[[LONG]] {
// CHECK-COUNT-2: asyncpipe.commit_queue 0
// CHECK:   scf.for
// CHECK:     asyncpipe.commit_queue 0
// CHECK:     asyncpipe.wait_queue 0, 2
// CHECK:     memref.copy
// CHECK:   }
// CHECK:   asyncpipe.wait_queue 0, 1
// CHECK:   memref.copy
// CHECK:   asyncpipe.wait_queue 0, 0
// CHECK:   memref.copy
// The original loop, its copy issued as the pipelined loop issues it (on
// queue 0, the form the lowerings take) and waited for at once.
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     asyncpipe.commit_queue 0 {
// CHECK-NEXT:  asyncpipe.copy
// CHECK:     }
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK:     memref.copy
// CHECK: return
func.func @kernel(%a: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf, %dst {asyncpipe.stage = 2, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.dealloc %buf : memref<8xf32>
  return
}
