// Constants near the index limits: the trip count of a loop over the whole
// index range does not fit in an i64 (computed in 128 bits: the loop is
// analyzed as one with an unknown trip count, never with a wrapped one), and
// a loop of 2^62 iterations, extrapolated from its growth per iteration,
// keeps exact counts; optimize-waits and verify-sync agree.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count --asyncpipe-optimize-waits --asyncpipe-verify-sync 2>&1 | FileCheck %s

// CHECK-LABEL: func.func @whole_index_range
// CHECK: scf.for
// CHECK: asyncpipe.wait_queue 0, 0
func.func @whole_index_range(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %lb = arith.constant -9223372036854775808 : index
  %ub = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %g = asyncpipe.commit_group queue 0 (%t)
    asyncpipe.wait %g
  }
  return
}

// CHECK-LABEL: func.func @huge_trip_count
// CHECK: scf.for
// CHECK: asyncpipe.wait_queue 0, 2
func.func @huge_trip_count(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c1 = arith.constant 1 : index
  %big = arith.constant 4611686018427387904 : index
  scf.for %i = %c1 to %big step %c1 {
    %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %g = asyncpipe.commit_group queue 0 (%t)
    %t2 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %g2 = asyncpipe.commit_group queue 0 (%t2)
    %t3 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %g3 = asyncpipe.commit_group queue 0 (%t3)
    asyncpipe.wait %g
  }
  return
}

// A step so large that the bounds' difference plus the step overflows i64.
// CHECK-LABEL: func.func @huge_step
// CHECK: asyncpipe.wait_queue 0, 0
func.func @huge_step(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %lb = arith.constant 0 : index
  %ub = arith.constant 9223372036854775807 : index
  %step = arith.constant 9223372036854775807 : index
  scf.for %i = %lb to %ub step %step {
    %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %g = asyncpipe.commit_group queue 0 (%t)
    asyncpipe.wait %g
  }
  return
}

// Iteration 2 of this loop is -3 + 2 * 2^62: the value fits an index, the
// product alone does not (a fuzzer finding: it overflowed while the loop's
// induction variable was bound). Three iterations commit three groups.
// CHECK-LABEL: func.func @huge_step_from_below
// CHECK: scf.for
// CHECK: asyncpipe.wait_queue 0, 3
func.func @huge_step_from_below(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %lb = arith.constant -3 : index
  %ub = arith.constant 9223372036854775807 : index
  %step = arith.constant 4611686018427387904 : index
  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  scf.for %i = %lb to %ub step %step {
    %g = asyncpipe.commit_group queue 0 {
    }
  }
  asyncpipe.wait %g0
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<4xf32, 3>
  return
}
