// Loops: static trip counts (simulated; linear growth extrapolated: trip
// count times the per-iteration commits), dynamic trip counts (which may be
// zero), loop-carried groups, the seed's two-stage pipeline.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count -verify-diagnostics | FileCheck %s
// The converted program synchronizes every access to async results:
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYNC --allow-empty
// SYNC-NOT: may still be writing
// SYNC-NOT: no group committed

// The seed's first example in token form: B[(i+1)%2] is produced while
// C[i] = B[i%2] + 1 consumes the group of the previous iteration.
// CHECK-LABEL: func.func @two_stage
func.func @two_stage(%A: memref<16xf32>, %B: memref<2xf32>, %C: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c15 = arith.constant 15 : index
  %first = asyncpipe.commit_group queue 0 {
    asyncpipe.async_scope {
      %v = memref.load %A[%c0] : memref<16xf32>
      memref.store %v, %B[%c0] : memref<2xf32>
    }
  }
  %last = scf.for %i = %c0 to %c15 step %c1 iter_args(%prev = %first) -> (!asyncpipe.group) {
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remui %i1, %c2 : index
    %next = asyncpipe.commit_group queue 0 {
      asyncpipe.async_scope {
        %v = memref.load %A[%i1] : memref<16xf32>
        memref.store %v, %B[%slot] : memref<2xf32>
      }
    }
    // CHECK: asyncpipe.wait_queue 0, 1
    asyncpipe.wait %prev
    %cur = arith.remui %i, %c2 : index
    %b = memref.load %B[%cur] : memref<2xf32>
    memref.store %b, %C[%i] : memref<16xf32>
    scf.yield %next : !asyncpipe.group
  }
  // Epilogue: async_wait_queue(0, 0).
  // CHECK: asyncpipe.wait_queue 0, 0
  // expected-remark @below {{in-flight count 0 on queue 0}}
  asyncpipe.wait %last
  return
}

// A group committed before a loop with a static trip count of 10 that
// commits once per iteration: 10 groups follow it.
// CHECK-LABEL: func.func @static_accumulates
func.func @static_accumulates(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  scf.for %i = %c0 to %c10 step %c1 {
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
  }
  // CHECK: asyncpipe.wait_queue 0, 10
  asyncpipe.wait %g
  return
}

// The same with 1000000 iterations, two commits per iteration: extrapolated.
// CHECK-LABEL: func.func @static_extrapolated
func.func @static_extrapolated(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant 1000000 : index
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  scf.for %i = %c0 to %cn step %c1 {
    asyncpipe.commit 0
    asyncpipe.commit 0
  }
  // CHECK: asyncpipe.wait_queue 0, 2000000
  asyncpipe.wait %g
  return
}

// With a dynamic trip count the loop may run zero times: count 0.
// CHECK-LABEL: func.func @dynamic_may_be_zero
func.func @dynamic_may_be_zero(%n: index, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  scf.for %i = %c0 to %n step %c1 {
    asyncpipe.commit 0
  }
  // CHECK: asyncpipe.wait_queue 0, 0
  // expected-remark @below {{in-flight count 0 on queue 0}}
  asyncpipe.wait %g
  return
}

// Dynamic trip count, loop-carried group: inside, the minimum over every
// iteration (the first one sees the group committed before the loop, with
// one commit after it).
// CHECK-LABEL: func.func @dynamic_carried
func.func @dynamic_carried(%n: index, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %g1 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %g0, %y = %g1) -> (!asyncpipe.group, !asyncpipe.group) {
    %z = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
    // CHECK: asyncpipe.wait_queue 0, 2
    asyncpipe.wait %x
    scf.yield %y, %z : !asyncpipe.group, !asyncpipe.group
  }
  // Zero iterations leave %g0, %g1: one commit after %g0.
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait %r#0
  return
}

// A commit only on some iterations (inside scf.if): per-iteration minimum 0.
// CHECK-LABEL: func.func @conditional_commit_in_loop
func.func @conditional_commit_in_loop(%c: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.commit 0
  scf.for %i = %c0 to %c8 step %c1 {
    scf.if %c {
      asyncpipe.commit 0
    }
  }
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait %g
  return
}

// A zero-trip static loop runs nothing.
// CHECK-LABEL: func.func @zero_trip
func.func @zero_trip(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%x = %g) -> (!asyncpipe.group) {
    %n = asyncpipe.commit_group queue 0 {
    }
    scf.yield %n : !asyncpipe.group
  }
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait %r
  return
}
