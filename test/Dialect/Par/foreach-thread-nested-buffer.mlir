// Round trip of nested par.foreach_thread in buffer form (the RFC's nested matmul after in-place bufferization) and of buffer form inside tensor form.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

!rows = memref<2x1020xf32, strided<[1020, 1], offset: ?>>
!acc = memref<2x4xf32, strided<[1020, 1], offset: ?>>
!lhs = memref<2x500xf32, strided<[500, 1], offset: ?>>
!rhs = memref<500x4xf32, strided<[1020, 1], offset: ?>>

// CHECK-LABEL: func.func @nested_bufferized
// CHECK-SAME: (%[[L:[a-z0-9_]+]]: memref<250x500xf32>, %[[R:[a-z0-9_]+]]: memref<500x1020xf32>, %[[O:[a-z0-9_]+]]: memref<250x1020xf32>)
func.func @nested_bufferized(%l: memref<250x500xf32>, %r: memref<500x1020xf32>, %o: memref<250x1020xf32>) {
  %c125 = arith.constant 125 : index
  %c255 = arith.constant 255 : index
  // CHECK: par.foreach_thread (%[[T1:.*]]) in (%{{.*}}) {
  // CHECK-NEXT: %[[ROW:.*]] = affine.apply #{{.*}}(%[[T1]])
  // CHECK-NEXT: %[[ROWS:.*]] = memref.subview %[[O]][%[[ROW]], 0] [2, 1020] [1, 1]
  // CHECK-NEXT: par.foreach_thread (%[[T2:.*]]) in (%{{.*}}) {
  // CHECK-NEXT: %[[COL:.*]] = affine.apply #{{.*}}(%[[T2]])
  // CHECK-NEXT: %[[ACC:.*]] = memref.subview %[[ROWS]][0, %[[COL]]] [2, 4] [1, 1]
  // CHECK-NEXT: %[[SL:.*]] = memref.subview %[[L]][%[[ROW]], 0] [2, 500] [1, 1]
  // CHECK-NEXT: %[[SR:.*]] = memref.subview %[[R]][0, %[[COL]]] [500, 4] [1, 1]
  // CHECK-NEXT: linalg.matmul ins(%[[SL]], %[[SR]] : {{.*}}) outs(%[[ACC]] : {{.*}})
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  par.foreach_thread (%t1) in (%c125) {
    %3 = affine.apply affine_map<(d0) -> (d0 * 2)>(%t1)
    %5 = memref.subview %o[%3, 0] [2, 1020] [1, 1] : memref<250x1020xf32> to !rows
    par.foreach_thread (%t2) in (%c255) {
      %6 = affine.apply affine_map<(d0) -> (d0 * 4)>(%t2)
      %8 = memref.subview %5[0, %6] [2, 4] [1, 1] : !rows to !acc
      %9 = memref.subview %l[%3, 0] [2, 500] [1, 1] : memref<250x500xf32> to !lhs
      %10 = memref.subview %r[0, %6] [500, 4] [1, 1] : memref<500x1020xf32> to !rhs
      linalg.matmul ins(%9, %10 : !lhs, !rhs) outs(%8 : !acc)
    }
  }
  return
}

// A buffer-form op nested in a tensor-form op, and an inner tensor-form op
// inserting into a tensor captured from outside both.
// CHECK-LABEL: func.func @mixed
// CHECK-SAME: (%[[T:[a-z0-9_]+]]: tensor<16xf32>, %[[S:[a-z0-9_]+]]: tensor<1xf32>, %[[M:[a-z0-9_]+]]: memref<16xf32>, %[[N:[a-z0-9_]+]]: index)
func.func @mixed(%t: tensor<16xf32>, %s: tensor<1xf32>, %m: memref<16xf32>, %n: index) -> tensor<16xf32> {
  %cst = arith.constant 0.0 : f32
  // CHECK: %[[OUTER:.*]] = par.foreach_thread (%[[I:.*]]) in (%[[N]]) -> (tensor<16xf32>) {
  // CHECK-NEXT: par.foreach_thread (%[[J:.*]]) in (%[[N]]) {
  // CHECK-NEXT: memref.store %{{.*}}, %[[M]][%[[J]]]
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[INNER:.*]] = par.foreach_thread (%[[K:.*]]) in (%[[N]]) -> (tensor<16xf32>) {
  // CHECK-NEXT: par.perform_concurrently {
  // CHECK-NEXT: par.parallel_insert_slice %[[S]] into %[[T]][%[[K]]] [1] [1]
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: par.perform_concurrently {
  // CHECK-NEXT: par.parallel_insert_slice %[[INNER]] into %[[T]][0] [16] [1] : tensor<16xf32> into tensor<16xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[OUTER]]
  %r = par.foreach_thread (%i) in (%n) -> (tensor<16xf32>) {
    par.foreach_thread (%j) in (%n) {
      memref.store %cst, %m[%j] : memref<16xf32>
    }
    %inner = par.foreach_thread (%k) in (%n) -> (tensor<16xf32>) {
      par.perform_concurrently {
        par.parallel_insert_slice %s into %t[%k] [1] [1] : tensor<1xf32> into tensor<16xf32>
      }
    }
    par.perform_concurrently {
      par.parallel_insert_slice %inner into %t[0] [16] [1] : tensor<16xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}
