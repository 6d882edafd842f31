// Round trip of asyncpipe.commit_group with tokens, with a region and empty, and of asyncpipe.wait on several groups.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @tokens
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<4xf32>, %[[B:[a-z0-9_]+]]: memref<4xf32, 3>)
// GENERIC-LABEL: sym_name = "tokens"
func.func @tokens(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // CHECK: %[[T0:.*]] = asyncpipe.copy %[[A]], %[[B]] : {{.*}} -> !asyncpipe.token
  // CHECK-NEXT: %[[T1:.*]] = asyncpipe.copy %[[A]], %[[B]] : {{.*}} -> !asyncpipe.token
  // CHECK-NEXT: %[[T2:.*]] = asyncpipe.async_scope -> !asyncpipe.token {
  // CHECK: %[[G0:.*]] = asyncpipe.commit_group queue 0 (%[[T0]]){{$}}
  // CHECK-NEXT: %[[G1:.*]] = asyncpipe.commit_group queue 1 (%[[T1]], %[[T2]]) attributes {stage = 2 : i32}
  // CHECK-NEXT: asyncpipe.wait %[[G1]], %[[G0]]{{$}}
  // GENERIC: "asyncpipe.commit_group"(%{{.*}}) <{queue = 0 : i64}> ({
  // GENERIC-NEXT: }) : (!asyncpipe.token) -> !asyncpipe.group
  // GENERIC: "asyncpipe.commit_group"(%{{.*}}, %{{.*}}) <{queue = 1 : i64}> ({
  // GENERIC-NEXT: }) {stage = 2 : i32} : (!asyncpipe.token, !asyncpipe.token) -> !asyncpipe.group
  // GENERIC: "asyncpipe.wait"(%{{.*}}, %{{.*}}) : (!asyncpipe.group, !asyncpipe.group) -> ()
  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %t1 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %t2 = asyncpipe.async_scope -> !asyncpipe.token {
  }
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  %g1 = asyncpipe.commit_group queue 1 (%t1, %t2) attributes {stage = 2 : i32}
  asyncpipe.wait %g1, %g0
  return
}

// The region form commits the counting-form async ops of its body.
// CHECK-LABEL: func.func @region
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<4xf32>, %[[B:[a-z0-9_]+]]: memref<4xf32, 3>, %[[C:[a-z0-9_]+]]: memref<2x4xf32>, %[[D:[a-z0-9_]+]]: memref<2x4xf32, 3>)
// GENERIC-LABEL: sym_name = "region"
func.func @region(%a: memref<4xf32>, %b: memref<4xf32, 3>,
                  %c: memref<2x4xf32>, %d: memref<2x4xf32, 3>) -> !asyncpipe.group {
  // CHECK: %[[G:.*]] = asyncpipe.commit_group queue 1 {
  // CHECK-NEXT: asyncpipe.copy %[[A]], %[[B]] : memref<4xf32> to memref<4xf32, 3>{{$}}
  // CHECK-NEXT: asyncpipe.copy %[[C]], %[[D]] : memref<2x4xf32> to memref<2x4xf32, 3>{{$}}
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: }
  // CHECK-NEXT: } attributes {kind = "tile"}
  // CHECK-NEXT: return %[[G]] : !asyncpipe.group
  // GENERIC: "asyncpipe.commit_group"() <{queue = 1 : i64}> ({
  // GENERIC-NEXT: "asyncpipe.copy"
  // GENERIC-NEXT: "asyncpipe.copy"
  // GENERIC-NEXT: "asyncpipe.async_scope"() ({
  // GENERIC-NEXT: "asyncpipe.yield"() : () -> ()
  // GENERIC-NEXT: }) : () -> ()
  // GENERIC-NEXT: "asyncpipe.yield"() : () -> ()
  // GENERIC-NEXT: }) {kind = "tile"} : () -> !asyncpipe.group
  %grp = asyncpipe.commit_group queue 1 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.copy %c, %d : memref<2x4xf32> to memref<2x4xf32, 3>
    asyncpipe.async_scope {
    }
  } attributes {kind = "tile"}
  return %grp : !asyncpipe.group
}

// An empty group takes a place in the FIFO order. The empty form is written
// in front of an op without results on purpose: see the round-trip note in
// commit-group-empty-reparse.mlir.
// CHECK-LABEL: func.func @empty
// GENERIC-LABEL: sym_name = "empty"
func.func @empty() {
  // CHECK: %[[E:.*]] = asyncpipe.commit_group queue 2{{$}}
  // CHECK-NEXT: asyncpipe.wait %[[E]]{{$}}
  // CHECK-NEXT: %[[F:.*]] = asyncpipe.commit_group queue 3 attributes {empty}
  // CHECK-NEXT: asyncpipe.wait %[[F]], %[[E]]{{$}}
  // GENERIC: %[[E:.*]] = "asyncpipe.commit_group"() <{queue = 2 : i64}> ({
  // GENERIC-NEXT: }) : () -> !asyncpipe.group
  %e = asyncpipe.commit_group queue 2
  asyncpipe.wait %e
  %f = asyncpipe.commit_group queue 3 {
  } attributes {empty}
  asyncpipe.wait %f, %e
  return
}
