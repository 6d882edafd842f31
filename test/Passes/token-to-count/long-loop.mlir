// A group committed before a loop of 306,783,379 trips that commits one
// group each, waited on after it: the wait's count is the trip count, and
// verify-sync proves it (a fuzzer finding, long run seed 7000: verify-sync
// reported token-to-count's exact count as a race; see
// verify-sync/growing-counts.mlir).
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count 2>/dev/null | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count 2>/dev/null | asyncpipe-opt --asyncpipe-verify-sync > /dev/null

// CHECK-LABEL: func.func @long_loop
// CHECK: scf.for
// CHECK: asyncpipe.wait_queue 5, 306783379
func.func @long_loop(%a: memref<8xf32>, %a2: memref<8xf32>, %b: memref<8xf32, 3>, %b2: memref<8xf32, 3>, %cond: i1) {
  %lb = arith.constant -3 : index
  %ub = arith.constant 2147483647 : index
  %step = arith.constant 7 : index
  %c0 = arith.constant 0 : index
  %t1 = asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
  %t2 = asyncpipe.copy %a2, %b2 : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
  %g3 = asyncpipe.commit_group queue 5 (%t1, %t2)
  scf.for %i = %lb to %ub step %step {
    %t5 = asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
    %g6 = asyncpipe.commit_group queue 5 (%t5)
  }
  asyncpipe.wait %g3
  %v = memref.load %b2[%c0] : memref<8xf32, 3>
  scf.if %cond {
  }
  return
}
