// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits | FileCheck %s
// Bounds enter single-entry regions, are forgotten for queues committed in
// nested regions, and are not assumed at the top of a loop body.

// CHECK-LABEL: func.func @into_if
func.func @into_if(%c: i1) {
  // CHECK: asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 0, 0
  // CHECK: scf.if
  // CHECK-NOT: asyncpipe.wait_queue
  // CHECK: }
  scf.if %c {
    asyncpipe.wait_queue 0, 1
  }
  return
}

// CHECK-LABEL: func.func @commit_in_if_forgets
func.func @commit_in_if_forgets(%c: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  asyncpipe.wait_queue 0, 0
  scf.if %c {
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
  }
  // CHECK: scf.if
  // CHECK: asyncpipe.copy
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 0, 0
  return
}

// CHECK-LABEL: func.func @loop_body_starts_unknown
func.func @loop_body_starts_unknown(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  asyncpipe.wait_queue 0, 0
  // CHECK: scf.for
  // CHECK-NEXT: asyncpipe.commit_queue 0
  // CHECK: asyncpipe.wait_queue 0, 1
  scf.for %i = %c0 to %c8 step %c1 {
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
    asyncpipe.wait_queue 0, 1
  }
  return
}

// CHECK-LABEL: func.func @call_is_opaque
func.func @call_is_opaque() {
  // CHECK: asyncpipe.wait_queue 0, 0
  // CHECK-NEXT: call @g
  // CHECK-NEXT: asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 0, 0
  func.call @g() : () -> ()
  asyncpipe.wait_queue 0, 0
  return
}
func.func private @g()

// CHECK-LABEL: func.func @commit_scope_then_wait
func.func @commit_scope_then_wait(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // Waits inside a commit scope on another queue are bounded by the outside.
  asyncpipe.wait_queue 0, 0
  // CHECK: asyncpipe.commit_queue 1 {
  // CHECK-NOT: asyncpipe.wait_queue 0
  // CHECK: }
  asyncpipe.commit_queue 1 {
    asyncpipe.wait_queue 0, 0
    asyncpipe.async_scope {
      %c0 = arith.constant 0 : index
      %v = memref.load %b[%c0] : memref<4xf32, 3>
      memref.store %v, %a[%c0] : memref<4xf32>
    }
  }
  return
}
