// Async ops left uncommitted where control enters or leaves a loop or
// branch body are committed by a commit in another block: the loop's first
// iteration, the next iteration, or a commit after the branch. Each such run
// becomes a group of its own, committed right there, which no wait names:
// every wait on a later group completes it (groups complete in order) and a
// wait on an earlier one leaves it in flight, as in the original.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-count-to-token | FileCheck %s
// Meaning: verify-sync gives the same verdicts before and after (the racy
// twins race in both; the others verify in both).
// RUN: not asyncpipe-opt %s -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=RACES --implicit-check-not=error:
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-count-to-token | not asyncpipe-opt -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=RACES --implicit-check-not=error:
// RACES-COUNT-3: error: accesses memory that an asynchronous operation may still be writing

// The fuzzer's finding (long run, seed 5000): the copy before the loop is
// committed by the first iteration's commit.
// CHECK-LABEL: func.func @copy_before_loop
// CHECK:         %[[T:.*]] = asyncpipe.copy %{{.*}}, %[[B:.*]] : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
// CHECK-NEXT:    asyncpipe.commit_group queue 0 (%[[T]])
// CHECK-NEXT:    scf.for
// CHECK:           %[[G:.*]] = asyncpipe.commit_group queue 0 (%{{.*}})
// CHECK-NEXT:      asyncpipe.wait %[[G]]
func.func @copy_before_loop(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
  scf.for %i = %c0 to %c4 step %c1 {
    asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    %v = memref.load %b[%c0] : memref<8xf32, 3>
  }
  return
}

// -----

// Its racy twin: the wait leaves the iteration's group, which holds the
// copy before the loop on the first iteration, in flight.
// CHECK-LABEL: func.func @copy_before_loop_racy
func.func @copy_before_loop_racy(%a: memref<8xf32>, %b: memref<8xf32, 3>, %c: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
  scf.for %i = %c0 to %c4 step %c1 {
    asyncpipe.copy %a, %c queue 0 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 1
    %v = memref.load %b[%c0] : memref<8xf32, 3>
  }
  return
}

// -----

// A copy after the body's commit is committed by the next iteration's
// commit, or by the one after the loop.
// CHECK-LABEL: func.func @trailing_copy
// CHECK:         scf.for
// CHECK:           asyncpipe.commit_group queue 0 (%{{.*}})
// CHECK:           %[[T:.*]] = asyncpipe.copy %{{.*}}, %{{.*}} : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
// CHECK-NEXT:      asyncpipe.commit_group queue 0 (%[[T]])
// CHECK-NEXT:      scf.yield
// CHECK:         %[[LAST:.*]] = asyncpipe.commit_group queue 0{{$}}
// CHECK-NEXT:    asyncpipe.wait %[[LAST]]
func.func @trailing_copy(%a: memref<8xf32>, %b: memref<8xf32, 3>, %c: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    %v = memref.load %b[%c0] : memref<8xf32, 3>
    asyncpipe.copy %a, %c queue 0 : memref<8xf32> to memref<8xf32, 3>
  }
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  %w = memref.load %c[%c0] : memref<8xf32, 3>
  return
}

// -----

// Its racy twin: the copy into %c of the last iteration is committed by the
// commit after the loop, which the wait leaves in flight.
// CHECK-LABEL: func.func @trailing_copy_racy
func.func @trailing_copy_racy(%a: memref<8xf32>, %b: memref<8xf32, 3>, %c: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    %v = memref.load %b[%c0] : memref<8xf32, 3>
    asyncpipe.copy %a, %c queue 0 : memref<8xf32> to memref<8xf32, 3>
  }
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 1
  %w = memref.load %c[%c0] : memref<8xf32, 3>
  return
}

// -----

// A copy issued in a branch is committed by the commit after it.
// CHECK-LABEL: func.func @issued_in_branch
// CHECK:         scf.if
// CHECK-NEXT:      %[[T:.*]] = asyncpipe.copy
// CHECK-NEXT:      asyncpipe.commit_group queue 0 (%[[T]])
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[G:.*]] = asyncpipe.commit_group queue 0{{$}}
// CHECK-NEXT:    asyncpipe.wait %[[G]]
func.func @issued_in_branch(%cond: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  scf.if %cond {
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  %v = memref.load %b[%c0] : memref<4xf32, 3>
  return
}

// -----

// Its racy twin: the branch's copy and the one before the branch share the
// group after it, which a wait on the group before the branch leaves in
// flight.
// CHECK-LABEL: func.func @issued_in_branch_racy
// CHECK:         %[[P:.*]] = asyncpipe.copy
// CHECK-NEXT:    asyncpipe.commit_group queue 0 (%[[P]])
// CHECK-NEXT:    scf.if
func.func @issued_in_branch_racy(%cond: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.commit 0
  asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
  scf.if %cond {
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 1
  %v = memref.load %c[%c0] : memref<4xf32, 3>
  return
}

// -----

// A loop whose body holds only an empty commit scope (a fuzzer finding: MLIR's
// C API gave this body no terminator, and the pass panicked).
// CHECK-LABEL: func.func @empty_commit_scope_in_loop
// CHECK:         %[[L:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!asyncpipe.group)
// CHECK-NEXT:      %[[G:.*]] = asyncpipe.commit_group queue 5 {
// CHECK:           scf.yield %[[G]]
// CHECK:         asyncpipe.wait %[[L]]
func.func @empty_commit_scope_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    asyncpipe.commit_queue 5 {
    }
  }
  asyncpipe.wait_queue 5, 0
  return
}
