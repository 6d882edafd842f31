// Counting-form async ops issued before a commit_queue or a commit_group on
// their queue are committed by it (like `commit`, those ops commit every op
// still uncommitted on the queue), but count-to-token cannot put them in
// its region or its tokens without moving them. They become a group of
// their own right before it, which no wait names: a wait on that commit's
// group or a later one completes them (groups complete in order). Before
// this, they were left in counting form and in no group (the fuzzer's
// finding, seed 8000: a commit_group with an empty region after a copy).
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-count-to-token | FileCheck %s
// Meaning: verify-sync gives the same verdicts before and after, at the
// same access (the output keeps the input's locations).
// RUN: not asyncpipe-opt %s -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=RACES --implicit-check-not=error:
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-count-to-token --mlir-print-debuginfo | not asyncpipe-opt -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=RACES --implicit-check-not=error:

// CHECK-LABEL: func.func @before_region_commit_group
// CHECK:         %[[T:.*]] = asyncpipe.copy %{{.*}}, %{{.*}} : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
// CHECK-NEXT:    %[[E:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
// CHECK-NEXT:    %[[G:.*]] = asyncpipe.commit_group queue 0 {
// CHECK-NOT:     %[[E]]
// CHECK:         asyncpipe.wait %[[G]]
// CHECK-NOT:     %[[E]]
// CHECK:         return
func.func @before_region_commit_group(%a: memref<8xf32>, %b: memref<8xf32, 3>, %c: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %c : memref<8xf32> to memref<8xf32, 3>
  }
  asyncpipe.wait_queue 0, 0
  %v = memref.load %b[%c0] : memref<8xf32, 3>
  return
}

// -----

// CHECK-LABEL: func.func @before_token_commit_group
// CHECK:         %[[T:.*]] = asyncpipe.copy %{{.*}}, %{{.*}} : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
// CHECK-NEXT:    %[[U:.*]] = asyncpipe.copy
// CHECK-NEXT:    %[[E:.*]] = asyncpipe.commit_group queue 1 (%[[T]])
// CHECK-NEXT:    %[[G:.*]] = asyncpipe.commit_group queue 1 (%[[U]])
// CHECK-NEXT:    asyncpipe.wait %[[G]]
// CHECK-NOT:     %[[E]]
// CHECK:         return
func.func @before_token_commit_group(%a: memref<8xf32>, %b: memref<8xf32, 3>, %c: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %b queue 1 : memref<8xf32> to memref<8xf32, 3>
  %t = asyncpipe.copy %a, %c : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
  %g = asyncpipe.commit_group queue 1 (%t)
  asyncpipe.wait_queue 1, 0
  %v = memref.load %b[%c0] : memref<8xf32, 3>
  return
}

// -----

// CHECK-LABEL: func.func @before_commit_queue
// CHECK:         %[[T:.*]] = asyncpipe.copy %{{.*}}, %{{.*}} : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
// CHECK-NEXT:    %[[E:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
// CHECK-NEXT:    %[[G:.*]] = asyncpipe.commit_group queue 0 {
// CHECK-NOT:     %[[E]]
// CHECK:         asyncpipe.wait %[[G]]
// CHECK-NOT:     %[[E]]
// CHECK:         return
func.func @before_commit_queue(%a: memref<8xf32>, %b: memref<8xf32, 3>, %c: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %c : memref<8xf32> to memref<8xf32, 3>
  }
  asyncpipe.wait_queue 0, 0
  %v = memref.load %b[%c0] : memref<8xf32, 3>
  return
}

// -----

// The racy twin: the wait leaves the last group, which holds the first
// copy, in flight, before and after (in token form it waits for no group
// committed here).
// CHECK-LABEL: func.func @before_commit_queue_racy
// CHECK:         %[[NONE:.*]] = asyncpipe.completed
// CHECK:         asyncpipe.wait %[[NONE]]
func.func @before_commit_queue_racy(%a: memref<8xf32>, %b: memref<8xf32, 3>, %c: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %c : memref<8xf32> to memref<8xf32, 3>
  }
  asyncpipe.wait_queue 0, 1
  // RACES: :[[@LINE+1]]:8: error: accesses memory that an asynchronous operation may still be writing
  %v = memref.load %b[%c0] : memref<8xf32, 3>
  return
}
