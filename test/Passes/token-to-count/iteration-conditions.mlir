// Inside a loop with a static trip count, conditions on the induction
// variable are evaluated per simulated iteration (the seed's predicated
// prologue `if 2 <= i: wait`), so only feasible paths count.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count | FileCheck %s

// CHECK-LABEL: func.func @predicated_wait
func.func @predicated_wait(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    asyncpipe.commit 0
    %late = arith.cmpi sge, %i, %c2 : index
    scf.if %late {
      // First reached at i = 2, after three commits.
      // CHECK: asyncpipe.wait_queue 0, 3
      asyncpipe.wait %g
    }
  }
  return
}

// A condition that does not depend on the iteration keeps both paths.
// CHECK-LABEL: func.func @opaque_condition
func.func @opaque_condition(%c: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    asyncpipe.commit 0
    scf.if %c {
      // CHECK: asyncpipe.wait_queue 0, 1
      asyncpipe.wait %g
    }
  }
  return
}
