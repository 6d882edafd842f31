// Round trip of asyncpipe.async_scope in token form and in counting form (queue, commit_queue, commit_group region).
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Token form: the scope yields a token, committed and awaited explicitly.
// CHECK-LABEL: func.func @token_form
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<16xf32>, %[[B:[a-z0-9_]+]]: memref<2xf32>, %[[I:[a-z0-9_]+]]: index)
// GENERIC-LABEL: sym_name = "token_form"
func.func @token_form(%a: memref<16xf32>, %b: memref<2xf32>, %i: index) {
  // CHECK: %[[T:.*]] = asyncpipe.async_scope -> !asyncpipe.token {
  // CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[V:.*]] = memref.load %[[A]][%[[I]]] : memref<16xf32>
  // CHECK-NEXT: memref.store %[[V]], %[[B]][%[[C0]]] : memref<2xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[GR:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
  // CHECK-NEXT: asyncpipe.wait %[[GR]]
  // GENERIC: %[[T:.*]] = "asyncpipe.async_scope"() ({
  // GENERIC: "memref.store"
  // GENERIC-NEXT: "asyncpipe.yield"() : () -> ()
  // GENERIC-NEXT: }) : () -> !asyncpipe.token
  // GENERIC-NEXT: "asyncpipe.commit_group"(%[[T]]) <{queue = 0 : i64}>
  %t = asyncpipe.async_scope -> !asyncpipe.token {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%i] : memref<16xf32>
    memref.store %v, %b[%c0] : memref<2xf32>
  }
  %grp = asyncpipe.commit_group queue 0 (%t)
  asyncpipe.wait %grp
  return
}

// Counting form with an explicit queue; extra attributes use the keyword form.
// CHECK-LABEL: func.func @counting_queue
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<16xf32>, %[[B:[a-z0-9_]+]]: memref<2xf32>)
// GENERIC-LABEL: sym_name = "counting_queue"
func.func @counting_queue(%a: memref<16xf32>, %b: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  // CHECK: asyncpipe.async_scope queue 4 {
  // CHECK-NEXT: %[[V:.*]] = memref.load %[[A]]
  // CHECK-NEXT: memref.store %[[V]], %[[B]]
  // CHECK-NEXT: } attributes {stage = 0 : i64}
  // CHECK-NEXT: asyncpipe.commit 4
  // GENERIC: "asyncpipe.async_scope"() <{queue = 4 : i64}> ({
  // GENERIC: }) {stage = 0 : i64} : () -> ()
  asyncpipe.async_scope queue 4 {
    %v = memref.load %a[%c0] : memref<16xf32>
    memref.store %v, %b[%c0] : memref<2xf32>
  } attributes {stage = 0 : i64}
  asyncpipe.commit 4
  return
}

// Counting form inside commit_queue and inside a commit_group region: the
// scope takes the queue of its commit; empty scopes are legal.
// CHECK-LABEL: func.func @in_commits
func.func @in_commits() -> !asyncpipe.group {
  // CHECK: asyncpipe.commit_queue 1 {
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: }
  // CHECK-NEXT: asyncpipe.async_scope queue 1 {
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  asyncpipe.commit_queue 1 {
    asyncpipe.async_scope {
    }
    asyncpipe.async_scope queue 1 {
    }
  }
  // CHECK-NEXT: %[[GR:.*]] = asyncpipe.commit_group queue 5 {
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[GR]] : !asyncpipe.group
  %grp = asyncpipe.commit_group queue 5 {
    asyncpipe.async_scope {
    }
  }
  return %grp : !asyncpipe.group
}

// The scope may hold arbitrary nested synchronous code (here an scf.for).
// CHECK-LABEL: func.func @nested_loop
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<16xf32>, %[[B:[a-z0-9_]+]]: memref<16xf32, 3>)
func.func @nested_loop(%a: memref<16xf32>, %b: memref<16xf32, 3>) -> !asyncpipe.group {
  // CHECK: %[[T:.*]] = asyncpipe.async_scope -> !asyncpipe.token {
  // CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
  // CHECK-NEXT: %[[V:.*]] = memref.load %[[A]][%[[I]]]
  // CHECK-NEXT: memref.store %[[V]], %[[B]][%[[I]]]
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[TG:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
  // CHECK-NEXT: return %[[TG]]
  %t = asyncpipe.async_scope -> !asyncpipe.token {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %a[%i] : memref<16xf32>
      memref.store %v, %b[%i] : memref<16xf32, 3>
    }
  }
  %tg = asyncpipe.commit_group queue 0 (%t)
  return %tg : !asyncpipe.group
}
