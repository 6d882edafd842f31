// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits | FileCheck %s
// Straight-line waits: a wait is removed exactly when an earlier wait plus
// the commits since then already bound the in-flight count.

// CHECK-LABEL: func.func @second_wait_implied
func.func @second_wait_implied(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait_queue 0, 1
  // One commit since "at most 1": at most 2 now, so "at most 2" cannot block.
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // CHECK-NEXT: asyncpipe.commit_queue 0
  // CHECK-NOT: asyncpipe.wait_queue 0, 2
  asyncpipe.wait_queue 0, 2
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait_queue 0, 1
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @commit_keeps_wait
func.func @commit_keeps_wait(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait_queue 0, 1
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  // At most 2 in flight after the commit: a wait for 1 still blocks.
  // CHECK: asyncpipe.commit 0
  // CHECK-NEXT: asyncpipe.wait_queue 0, 1
  asyncpipe.wait_queue 0, 1
  return
}

// CHECK-LABEL: func.func @queues_are_independent
func.func @queues_are_independent() {
  // CHECK: asyncpipe.wait_queue 0, 0
  // CHECK-NEXT: asyncpipe.wait_queue 1, 0
  // CHECK-NEXT: return
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  asyncpipe.wait_queue 0, 3
  return
}

// CHECK-LABEL: func.func @dynamic_count_kept
func.func @dynamic_count_kept(%n: index) {
  // CHECK: asyncpipe.wait_queue 0, 0
  // CHECK-NEXT: asyncpipe.wait_queue 0, %{{.*}}
  asyncpipe.wait_queue 0, 0
  // A dynamic count can be removed only if it is known to be >= the bound;
  // it is not known here.
  asyncpipe.wait_queue 0, %n
  return
}

// CHECK-LABEL: func.func @constant_operand_count
func.func @constant_operand_count() {
  %c4 = arith.constant 4 : index
  // CHECK: asyncpipe.wait_queue 0, 2
  // CHECK-NOT: asyncpipe.wait_queue
  asyncpipe.wait_queue 0, 2
  asyncpipe.wait_queue 0, %c4
  return
}
