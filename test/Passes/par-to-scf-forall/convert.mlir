// par-to-scf-forall: thread counts become upper bounds (a constant one
// static, its arith.constant left for the way back), each result's
// destination a shared output that the body's reads use, the slices
// tensor.parallel_insert_slice into the outputs' block arguments, and the
// mapping and other attributes carry over.
// RUN: asyncpipe-opt %s --par-to-scf-forall | FileCheck %s

// CHECK-LABEL: func.func @convert
// CHECK-SAME: (%[[C:.*]]: tensor<16x?xf32>, %[[P:.*]]: tensor<16xf32>, %[[N:.*]]: index)
// CHECK: %[[R:.*]]:2 = scf.forall (%[[I:.*]], %[[J:.*]]) in (4, %[[N]]) shared_outs(%[[OC:.*]] = %[[C]], %[[OP:.*]] = %[[P]]) -> (tensor<16x?xf32>, tensor<16xf32>) {
// CHECK: %[[ROW:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: %[[T:.*]] = tensor.extract_slice %[[OC]][%[[ROW]], %[[J]]] [4, 1] [1, 1]
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %[[T]] into %[[OC]][%[[ROW]], %[[J]]] [4, 1] [1, 1] : tensor<4x1xf32> into tensor<16x?xf32>
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[OP]][%[[ROW]]] [4] [1] : tensor<4xf32> into tensor<16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: } {mapping = [#gpu.block<y>, #gpu.block<x>], note = "kept"}
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @convert(%C: tensor<16x?xf32>, %P: tensor<16xf32>, %n: index) -> (tensor<16x?xf32>, tensor<16xf32>) {
  %c4 = arith.constant 4 : index
  %r:2 = par.foreach_thread (%i, %j) in (%c4, %n) -> (tensor<16x?xf32>, tensor<16xf32>) mapping = [#gpu.block<y>, #gpu.block<x>] {
    %row = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %C[%row, %j] [4, 1] [1, 1] : tensor<16x?xf32> to tensor<4x1xf32>
    %p = tensor.extract_slice %P[%row] [4] [1] : tensor<16xf32> to tensor<4xf32>
    par.perform_concurrently {
      par.parallel_insert_slice %t into %C[%row, %j] [4, 1] [1, 1] : tensor<4x1xf32> into tensor<16x?xf32>
      par.parallel_insert_slice %p into %P[%row] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  } attributes {note = "kept"}
  return %r#0, %r#1 : tensor<16x?xf32>, tensor<16xf32>
}
