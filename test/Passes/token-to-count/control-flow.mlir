// scf.if with and without else (minimum over paths), scf.while, waits and
// commits nested in regions, function boundaries.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @if_without_else
func.func @if_without_else(%c: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.commit 0
  scf.if %c {
    asyncpipe.commit 0
  }
  // One commit on the path that skips the if.
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait %g
  return
}

// CHECK-LABEL: func.func @if_else_both_commit
func.func @if_else_both_commit(%c: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  scf.if %c {
    asyncpipe.commit 0
    asyncpipe.commit 0
  } else {
    asyncpipe.commit 0
  }
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait %g
  return
}

// A group chosen by scf.if: the minimum over the two definitions.
// CHECK-LABEL: func.func @if_yields_group
func.func @if_yields_group(%c: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %g1 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %g = scf.if %c -> (!asyncpipe.group) {
    scf.yield %g0 : !asyncpipe.group
  } else {
    scf.yield %g1 : !asyncpipe.group
  }
  asyncpipe.commit 0
  // %g1 path: 1 commit after it.
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait %g
  return
}

// Waits nested in an scf.if inside a loop.
// CHECK-LABEL: func.func @nested_wait
func.func @nested_wait(%c: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    asyncpipe.commit 0
    scf.if %c {
      // First iteration: one commit after %g.
      // CHECK: asyncpipe.wait_queue 0, 1
      asyncpipe.wait %g
    }
  }
  return
}

// scf.while: the before region runs at least once.
// CHECK-LABEL: func.func @while_loop
func.func @while_loop(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: i32) {
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  // expected-remark @below {{groups stay in token form in this function: a group value crosses the function boundary or an scf.while here}}
  %r:2 = scf.while (%k = %zero, %x = %g) : (i32, !asyncpipe.group) -> (i32, !asyncpipe.group) {
    asyncpipe.commit 0
    %more = arith.cmpi slt, %k, %n : i32
    scf.condition(%more) %k, %x : i32, !asyncpipe.group
  } do {
  ^bb0(%k2: i32, %x2: !asyncpipe.group):
    // Every trip: at least the commit in the before region.
    // CHECK: asyncpipe.wait_queue 0, 1
    asyncpipe.wait %x2
    %h = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
    %k3 = arith.addi %k2, %one : i32
    scf.yield %k3, %h : i32, !asyncpipe.group
  }
  // The result went through the before region once more: one commit after it.
  // CHECK: asyncpipe.wait_queue 0, 1
  asyncpipe.wait %r#1
  return
}

// Function boundaries: a group that arrives as an argument was committed at an
// unknown point, so only 0 is safe.
// CHECK-LABEL: func.func @argument
func.func @argument(%g: !asyncpipe.group) {
  asyncpipe.commit 0
  // CHECK: asyncpipe.wait_queue 0, 0
  // expected-remark @below {{in-flight count 0 on queue 0: an awaited group is a function argument}}
  asyncpipe.wait %g
  return
}
