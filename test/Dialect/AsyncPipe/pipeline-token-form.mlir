// TVM 2-stage pipeline in explicit token form: the group of iteration i-1 flows through scf.for iter_args into asyncpipe.wait.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

// CHECK-LABEL: func.func @two_stage_tokens
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<16xf32>, %[[C:[a-z0-9_]+]]: memref<16xf32>, %[[B:[a-z0-9_]+]]: memref<2xf32, 3>)
func.func @two_stage_tokens(%A: memref<16xf32>, %C: memref<16xf32>, %B: memref<2xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c15 = arith.constant 15 : index
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-DAG: %[[C15:.*]] = arith.constant 15 : index

  // Prologue: the group of the first copy.
  // CHECK: %[[G0:.*]] = asyncpipe.commit_group queue 0 {
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: memref.load %[[A]][%[[C0]]]
  // CHECK-NEXT: memref.store %{{.*}}, %[[B]][%[[C0]]]
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  %g0 = asyncpipe.commit_group queue 0 {
    asyncpipe.async_scope {
      %a = memref.load %A[%c0] : memref<16xf32>
      memref.store %a, %B[%c0] : memref<2xf32, 3>
    }
  }

  // Body: issue iteration i+1, wait for the group of iteration i.
  // CHECK-NEXT: %[[LAST:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[C15]] step %[[C1]] iter_args(%[[PREV:.*]] = %[[G0]]) -> (!asyncpipe.group) {
  // CHECK-NEXT: %[[T:.*]] = asyncpipe.async_scope -> !asyncpipe.token {
  // CHECK-NEXT: %[[N:.*]] = arith.addi %[[I]], %[[C1]]
  // CHECK: memref.load %[[A]][%[[N]]]
  // CHECK: }
  // CHECK-NEXT: %[[G:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
  // CHECK-NEXT: asyncpipe.wait %[[PREV]]
  // CHECK: memref.store %{{.*}}, %[[C]][%[[I]]]
  // CHECK-NEXT: scf.yield %[[G]] : !asyncpipe.group
  // CHECK-NEXT: }
  %last = scf.for %i = %c0 to %c15 step %c1 iter_args(%prev = %g0) -> (!asyncpipe.group) {
    %t = asyncpipe.async_scope -> !asyncpipe.token {
      %n = arith.addi %i, %c1 : index
      %s = arith.remui %n, %c2 : index
      %a = memref.load %A[%n] : memref<16xf32>
      memref.store %a, %B[%s] : memref<2xf32, 3>
    }
    %g = asyncpipe.commit_group queue 0 (%t)
    asyncpipe.wait %prev
    %cur = arith.remui %i, %c2 : index
    %b = memref.load %B[%cur] : memref<2xf32, 3>
    memref.store %b, %C[%i] : memref<16xf32>
    scf.yield %g : !asyncpipe.group
  }

  // Epilogue: wait for the last group.
  // CHECK-NEXT: asyncpipe.wait %[[LAST]]
  // CHECK-NEXT: memref.load %[[B]][%[[C1]]]
  asyncpipe.wait %last
  %e = memref.load %B[%c1] : memref<2xf32, 3>
  memref.store %e, %C[%c15] : memref<16xf32>
  return
}

// Copies in token form, committed together (A and B tiles of one stage).
// CHECK-LABEL: func.func @two_copies_one_group
// CHECK-SAME: (%[[GA:[a-z0-9_]+]]: memref<16x16xf16>, %[[GB:[a-z0-9_]+]]: memref<16x16xf16>, %[[SA:[a-z0-9_]+]]: memref<16x16xf16, 3>, %[[SB:[a-z0-9_]+]]: memref<16x16xf16, 3>)
func.func @two_copies_one_group(%ga: memref<16x16xf16>, %gb: memref<16x16xf16>,
                                %sa: memref<16x16xf16, 3>, %sb: memref<16x16xf16, 3>) -> !asyncpipe.group {
  // CHECK: %[[TA:.*]] = asyncpipe.copy %[[GA]], %[[SA]] : memref<16x16xf16> to memref<16x16xf16, 3> -> !asyncpipe.token
  // CHECK-NEXT: %[[TB:.*]] = asyncpipe.copy %[[GB]], %[[SB]] : memref<16x16xf16> to memref<16x16xf16, 3> -> !asyncpipe.token
  // CHECK-NEXT: %[[G:.*]] = asyncpipe.commit_group queue 0 (%[[TA]], %[[TB]])
  // CHECK-NEXT: return %[[G]]
  %ta = asyncpipe.copy %ga, %sa : memref<16x16xf16> to memref<16x16xf16, 3> -> !asyncpipe.token
  %tb = asyncpipe.copy %gb, %sb : memref<16x16xf16> to memref<16x16xf16, 3> -> !asyncpipe.token
  %g = asyncpipe.commit_group queue 0 (%ta, %tb)
  return %g : !asyncpipe.group
}
