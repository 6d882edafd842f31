// Upstream passes keep asyncpipe's groups: every op that joins or commits a
// group writes the queues (a side-effect resource), so canonicalize and DCE
// do not erase a commit whose group is unused or an empty group (which takes
// a place in the FIFO, so erasing it changes what a counting wait waits for),
// CSE does not merge two commits, and LICM hoists none of them.
// RUN: asyncpipe-opt %s --canonicalize --cse --loop-invariant-code-motion --inline --symbol-dce | FileCheck %s
// Their counts are those of the program as written.
// RUN: asyncpipe-opt %s --canonicalize --cse --loop-invariant-code-motion --asyncpipe-token-to-count | FileCheck %s --check-prefix=COUNTS

// CHECK-LABEL: func.func @unused_groups
// CHECK-COUNT-2: asyncpipe.commit_group queue 0 (
// CHECK-COUNT-2: asyncpipe.commit_group queue 0 {
// CHECK: asyncpipe.wait
// COUNTS-LABEL: func.func @unused_groups
// COUNTS: asyncpipe.wait_queue 0, 3
func.func @unused_groups(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  %t1 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g1 = asyncpipe.commit_group queue 0 (%t1)
  %g2 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %g3 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.wait %g0
  return
}

// CHECK-LABEL: func.func @empty_groups
// CHECK: asyncpipe.commit_group queue 0 {
// CHECK: }
// CHECK-NEXT: asyncpipe.commit_group queue 0{{$}}
// CHECK-NEXT: asyncpipe.commit_group queue 0{{$}}
// CHECK-NEXT: asyncpipe.commit_queue 0 {
// CHECK-NEXT: }
// CHECK-NEXT: asyncpipe.wait
// COUNTS-LABEL: func.func @empty_groups
// COUNTS: asyncpipe.wait_queue 0, 3
func.func @empty_groups(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %e0 = asyncpipe.commit_group queue 0 {
  }
  %e1 = asyncpipe.commit_group queue 0 {
  }
  asyncpipe.commit_queue 0 {
  }
  asyncpipe.wait %g
  return
}

// CHECK-LABEL: func.func @loop_invariant
// CHECK: scf.for
// CHECK-NEXT: asyncpipe.copy
// CHECK-NEXT: asyncpipe.commit_group
// CHECK-NEXT: asyncpipe.commit_queue 1 {
// CHECK-NEXT: }
// CHECK-NEXT: asyncpipe.wait
// CHECK-NEXT: }
func.func @loop_invariant(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %g = asyncpipe.commit_group queue 0 (%t)
    asyncpipe.commit_queue 1 {
    }
    asyncpipe.wait %g
  }
  return
}
