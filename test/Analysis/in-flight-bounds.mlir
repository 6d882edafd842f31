// The in-flight bounds analysis alone (asyncpipe-test-print-in-flight-bounds):
// before each counting wait and commit, the bound on the groups in flight on
// its queue, over every visit. asyncpipe-optimize-waits removes a wait for
// N groups whose bound is at most N.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-in-flight-bounds -verify-diagnostics -split-input-file

// A function starts with no bound (its caller may have groups in flight);
// a wait for 0 bounds them by 0, each commit adds one.
func.func @straight_line(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // expected-remark @below {{in flight before: unbounded}}
  asyncpipe.wait_queue 0, 0
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  // expected-remark @below {{in flight before: at most 0}}
  asyncpipe.commit 0
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  // expected-remark @below {{in flight before: at most 1}}
  asyncpipe.commit 0
  // expected-remark @below {{in flight before: at most 2}}
  asyncpipe.wait_queue 0, 1
  // expected-remark @below {{in flight before: at most 1}}
  asyncpipe.wait_queue 0, 3
  return
}

// -----

// A loop that commits one group and waits for one at most: two in flight
// before the wait on every iteration; the wait after the loop sees one.
func.func @loop(%n: index, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{in flight before: unbounded}}
  asyncpipe.wait_queue 0, 0
  scf.for %i = %c0 to %n step %c1 {
    // expected-remark @below {{in flight before: at most 1}}
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
    // expected-remark @below {{in flight before: at most 2}}
    asyncpipe.wait_queue 0, 1
  }
  // expected-remark @below {{in flight before: at most 1}}
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// A loop of zero trips never runs its body.
func.func @no_trips(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c0 step %c1 {
    // expected-remark @below {{in flight before: never reached}}
    asyncpipe.wait_queue 0, 0
  }
  return
}
