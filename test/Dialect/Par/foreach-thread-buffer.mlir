// Round trip of par.foreach_thread in buffer form (side effects, no results): the RFC matmul on buffers and the signal/wait example.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

!sub = memref<?x?xf32, strided<[?, 1], offset: ?>>

// Each thread (%i, %j) multiplies its block of A and B into its block of C.
// CHECK-LABEL: func.func @matmul_buffers
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<?x?xf32>, %[[B:[a-z0-9_]+]]: memref<?x?xf32>, %[[C:[a-z0-9_]+]]: memref<?x?xf32>, %[[N1:[a-z0-9_]+]]: index, %[[N2:[a-z0-9_]+]]: index, %[[TS:[a-z0-9_]+]]: index, %[[K:[a-z0-9_]+]]: index)
func.func @matmul_buffers(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                          %n1: index, %n2: index, %ts: index, %k: index) {
  // CHECK-NEXT: par.foreach_thread (%[[I:.*]], %[[J:.*]]) in (%[[N1]], %[[N2]]) {
  // CHECK-NEXT: %[[OI:.*]] = arith.muli %[[I]], %[[TS]] : index
  // CHECK-NEXT: %[[OJ:.*]] = arith.muli %[[J]], %[[TS]] : index
  // CHECK-NEXT: %[[SA:.*]] = memref.subview %[[A]][%[[OI]], 0] [%[[TS]], %[[K]]] [1, 1]
  // CHECK-NEXT: %[[SB:.*]] = memref.subview %[[B]][0, %[[OJ]]] [%[[K]], %[[TS]]] [1, 1]
  // CHECK-NEXT: %[[SC:.*]] = memref.subview %[[C]][%[[OI]], %[[OJ]]] [%[[TS]], %[[TS]]] [1, 1]
  // CHECK-NEXT: linalg.matmul ins(%[[SA]], %[[SB]] : {{.*}}) outs(%[[SC]] : {{.*}})
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  par.foreach_thread (%i, %j) in (%n1, %n2) {
    %oi = arith.muli %i, %ts : index
    %oj = arith.muli %j, %ts : index
    %sA = memref.subview %A[%oi, 0] [%ts, %k] [1, 1] : memref<?x?xf32> to !sub
    %sB = memref.subview %B[0, %oj] [%k, %ts] [1, 1] : memref<?x?xf32> to !sub
    %sC = memref.subview %C[%oi, %oj] [%ts, %ts] [1, 1] : memref<?x?xf32> to !sub
    linalg.matmul ins(%sA, %sB : !sub, !sub) outs(%sC : !sub)
  }
  return
}

func.func private @wait()
func.func private @signal()

// Two threads, one waits and one signals: not expressible with scf.parallel.
// CHECK-LABEL: func.func @signal_wait
func.func @signal_wait() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
  // CHECK: par.foreach_thread (%[[T:.*]]) in (%[[C2]]) {
  // CHECK-NEXT: %[[IS0:.*]] = arith.cmpi eq, %[[T]], %[[C0]] : index
  // CHECK-NEXT: scf.if %[[IS0]] {
  // CHECK-NEXT: func.call @wait() : () -> ()
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[IS1:.*]] = arith.cmpi eq, %[[T]], %[[C1]] : index
  // CHECK-NEXT: scf.if %[[IS1]] {
  // CHECK-NEXT: func.call @signal() : () -> ()
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  par.foreach_thread (%t) in (%c2) {
    %is0 = arith.cmpi eq, %t, %c0 : index
    scf.if %is0 {
      func.call @wait() : () -> ()
    }
    %is1 = arith.cmpi eq, %t, %c1 : index
    scf.if %is1 {
      func.call @signal() : () -> ()
    }
  }
  return
}

// The implicit empty terminator may be written; it is elided when printed.
// CHECK-LABEL: func.func @explicit_empty_terminator
// CHECK-SAME: (%[[N:[a-z0-9_]+]]: index)
// CHECK-NEXT: par.foreach_thread (%{{.*}}) in (%[[N]]) {
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @explicit_empty_terminator(%n: index) {
  par.foreach_thread (%i) in (%n) {
    par.perform_concurrently {
    }
  }
  return
}
