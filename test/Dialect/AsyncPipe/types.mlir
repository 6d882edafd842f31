// Round trip of the !asyncpipe.token and !asyncpipe.group types through signatures, calls, scf.if and scf.for.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

// CHECK-LABEL: func.func private @decl(!asyncpipe.token, !asyncpipe.group) -> (!asyncpipe.group, !asyncpipe.token)
func.func private @decl(!asyncpipe.token, !asyncpipe.group) -> (!asyncpipe.group, !asyncpipe.token)

// CHECK-LABEL: func.func @commit_passed_token
// CHECK-SAME: (%[[T:[a-z0-9_]+]]: !asyncpipe.token) -> !asyncpipe.group
func.func @commit_passed_token(%t: !asyncpipe.token) -> !asyncpipe.group {
  // CHECK-NEXT: %[[G:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
  // CHECK-NEXT: return %[[G]] : !asyncpipe.group
  %g = asyncpipe.commit_group queue 0 (%t)
  return %g : !asyncpipe.group
}

// CHECK-LABEL: func.func @call_and_select
// CHECK-SAME: (%[[T:[a-z0-9_]+]]: !asyncpipe.token, %[[G:[a-z0-9_]+]]: !asyncpipe.group, %[[C:[a-z0-9_]+]]: i1)
func.func @call_and_select(%t: !asyncpipe.token, %g: !asyncpipe.group, %c: i1) -> !asyncpipe.group {
  // CHECK-NEXT: %[[R:.*]]:2 = call @decl(%[[T]], %[[G]]) : (!asyncpipe.token, !asyncpipe.group) -> (!asyncpipe.group, !asyncpipe.token)
  %r:2 = func.call @decl(%t, %g) : (!asyncpipe.token, !asyncpipe.group) -> (!asyncpipe.group, !asyncpipe.token)
  // CHECK-NEXT: %[[S:.*]] = scf.if %[[C]] -> (!asyncpipe.group) {
  // CHECK-NEXT: scf.yield %[[R]]#0 : !asyncpipe.group
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[G]] : !asyncpipe.group
  // CHECK-NEXT: }
  %s = scf.if %c -> (!asyncpipe.group) {
    scf.yield %r#0 : !asyncpipe.group
  } else {
    scf.yield %g : !asyncpipe.group
  }
  // CHECK-NEXT: %[[N:.*]] = asyncpipe.commit_group queue 1 (%[[R]]#1)
  // CHECK-NEXT: asyncpipe.wait %[[S]], %[[N]]
  // CHECK-NEXT: return %[[G]] : !asyncpipe.group
  %n = asyncpipe.commit_group queue 1 (%r#1)
  asyncpipe.wait %s, %n
  return %g : !asyncpipe.group
}

// Two groups rotating through iter_args (double buffering of groups).
// CHECK-LABEL: func.func @rotate
// CHECK-SAME: (%[[G0:[a-z0-9_]+]]: !asyncpipe.group, %[[G1:[a-z0-9_]+]]: !asyncpipe.group, %[[N:[a-z0-9_]+]]: index)
func.func @rotate(%g0: !asyncpipe.group, %g1: !asyncpipe.group, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[X:.*]] = %[[G0]], %[[Y:.*]] = %[[G1]]) -> (!asyncpipe.group, !asyncpipe.group) {
  // CHECK-NEXT: asyncpipe.wait %[[X]]
  // CHECK-NEXT: %[[E:.*]] = asyncpipe.commit_group queue 0
  // CHECK-NEXT: scf.yield %[[Y]], %[[E]] : !asyncpipe.group, !asyncpipe.group
  // CHECK-NEXT: }
  // CHECK-NEXT: asyncpipe.wait %[[R]]#0, %[[R]]#1
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %g0, %y = %g1) -> (!asyncpipe.group, !asyncpipe.group) {
    asyncpipe.wait %x
    %e = asyncpipe.commit_group queue 0
    scf.yield %y, %e : !asyncpipe.group, !asyncpipe.group
  }
  asyncpipe.wait %r#0, %r#1
  return
}
