// Straight-line code: the count is the number of groups committed to the
// queue after the awaited one; with several groups, the most recent decides.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @three_groups
func.func @three_groups(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  %t1 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g1 = asyncpipe.commit_group queue 0 (%t1)
  %g2 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // CHECK: asyncpipe.wait_queue 0, 2
  asyncpipe.wait %g0
  // CHECK-NEXT: asyncpipe.wait_queue 0, 1
  asyncpipe.wait %g0, %g1
  // CHECK-NEXT: asyncpipe.wait_queue 0, 0
  // expected-remark @below {{in-flight count 0 on queue 0}}
  asyncpipe.wait %g1, %g2
  return
}

// Counting-form commits on the same queue count too.
// CHECK-LABEL: func.func @mixed_forms
func.func @mixed_forms(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  // CHECK: asyncpipe.wait_queue 0, 2
  asyncpipe.wait %g
  return
}

// Groups on different queues get one counting wait each.
// CHECK-LABEL: func.func @two_queues
func.func @two_queues(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %g1 = asyncpipe.commit_group queue 1 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %h0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // CHECK: asyncpipe.wait_queue 0, 1
  // CHECK-NEXT: asyncpipe.wait_queue 1, 0
  // expected-remark @below {{in-flight count 0 on queue 1}}
  asyncpipe.wait %g0, %g1
  return
}
