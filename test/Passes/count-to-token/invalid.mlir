// What count-to-token cannot name: errors at the op.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-count-to-token -verify-diagnostics

func.func @dynamic_count(%n: index) {
  asyncpipe.commit 0
  // expected-error @below {{count-to-token needs a constant in-flight count}}
  asyncpipe.wait_queue 0, %n
  return
}

// -----

func.func @too_deep() {
  asyncpipe.commit 0
  // expected-error @below {{naming the group of a count of 100 would carry 101 groups through loops; at most 64 are supported}}
  asyncpipe.wait_queue 0, 100
  return
}

// -----

// The largest count: the message's arithmetic does not overflow.
func.func @largest_count() {
  asyncpipe.commit 0
  // expected-error @below {{naming the group of a count of 9223372036854775807 would carry 9223372036854775808 groups through loops; at most 64 are supported}}
  asyncpipe.wait_queue 0, 9223372036854775807
  return
}

// -----

func.func @through_while(%a: memref<4xf32>, %n: i32) {
  %zero = arith.constant 0 : i32
  // expected-error @below {{count-to-token cannot carry groups through 'scf.while'}}
  %r = scf.while (%k = %zero) : (i32) -> i32 {
    asyncpipe.commit 0
    %more = arith.cmpi slt, %k, %n : i32
    scf.condition(%more) %k : i32
  } do {
  ^bb0(%k2: i32):
    asyncpipe.wait_queue 0, 0
    scf.yield %k2 : i32
  }
  return
}

// -----

// A region op the pass does not walk (scf.for and scf.if bodies get groups
// of their own, see region-boundaries.mlir).
func.func @issued_in_region(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // expected-note @below {{issued in here}}
  scf.execute_region {
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    scf.yield
  }
  // expected-error @below {{async ops committed by this commit point are issued inside 'scf.execute_region'; their group cannot be named}}
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// A wait before anything was committed names no group (the placeholder).
func.func @nothing_yet() {
  // expected-remark @below {{this wait completes no group committed in this function}}
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// The same at a region boundary: the copy in the region op the pass does
// not walk would share a group with the loop's first commit.
func.func @issued_in_region_before_loop(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note @below {{issued in here}}
  scf.execute_region {
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    scf.yield
  }
  // expected-error @below {{count-to-token: async ops still uncommitted where control enters or leaves this region are issued inside 'scf.execute_region'; their group cannot be named}}
  scf.for %i = %c0 to %c4 step %c1 {
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
  }
  return
}
