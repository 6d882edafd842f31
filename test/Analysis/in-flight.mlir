// The in-flight analysis alone (asyncpipe-test-print-in-flight): at each
// token wait, the largest safe count per hardware queue, the minimum over
// paths and awaited groups. asyncpipe-token-to-count writes these counts.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-in-flight -verify-diagnostics -split-input-file
// RUN: asyncpipe-opt %s --asyncpipe-test-print-in-flight=single-hw-queue=true -split-input-file 2>&1 | FileCheck %s --check-prefix=SINGLE

func.func @straight_line(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %g1 = asyncpipe.commit_group queue 1 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %h0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // One group on queue 0 after %g0; none on queue 1 after %g1. With one
  // hardware queue, %h0 and %g1 both come after %g0, and %h0 after %g1.
  // expected-remark @below {{in flight: queue 0: 1, queue 1: 0}}
  asyncpipe.wait %g0, %g1
  // SINGLE: remark: in flight: queue 0: 0
  // expected-remark @below {{in flight: queue 0: 0}}
  asyncpipe.wait %h0
  return
}

// -----

// Over a branch, the minimum of the two paths: one path commits one more
// group after %g.
func.func @branch(%c: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  scf.if %c {
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
  }
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // SINGLE: remark: in flight: queue 0: 1
  // expected-remark @below {{in flight: queue 0: 1}}
  asyncpipe.wait %g
  return
}

// -----

// Across iterations: the group of the previous iteration, carried, has one
// group (this iteration's) committed after it.
func.func @carried(%n: index, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %first = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %first) -> (!asyncpipe.group) {
    %next = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
    // SINGLE: remark: in flight: queue 0: 1
    // expected-remark @below {{in flight: queue 0: 1}}
    asyncpipe.wait %prev
    scf.yield %next : !asyncpipe.group
  }
  // SINGLE: remark: in flight: queue 0: 0
  // expected-remark @below {{in flight: queue 0: 0}}
  asyncpipe.wait %last
  return
}
