// One-Shot Bufferize on the document's pure-form example with two results
// (mlir-foreach-thread-rfc, "Pure Form": a matmul tile and a pointwise tile
// per thread, %matmul_and_pointwise:2): result #0 shares %C's buffer, result
// #1 %pointwise's, with no allocation and no copy; each thread computes in
// its own subviews.
// RUN: asyncpipe-opt %s --one-shot-bufferize="bufferize-function-boundaries test-analysis-only print-conflicts" | FileCheck %s --check-prefix=ANALYSIS
// RUN: asyncpipe-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize | FileCheck %s

// ANALYSIS-NOT: C_{{[0-9]+}}[
// ANALYSIS: linalg.matmul {__inplace_operands_attr__ = ["true", "true", "true"]}
// ANALYSIS: linalg.add {__inplace_operands_attr__ = ["true", "true", "true"]}
// ANALYSIS: par.parallel_insert_slice %{{.*}} into %{{.*}} {__inplace_operands_attr__ = ["true", "true", "none", "none"]}
// ANALYSIS: par.parallel_insert_slice %{{.*}} into %{{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
// ANALYSIS: return {__equivalent_func_args__ = [2, 3], __inplace_operands_attr__ = ["true", "true"]}

// CHECK-LABEL: func.func @matmul_and_pointwise
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>, %[[P:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: par.foreach_thread (%[[T:.*]]) in (%[[N]]) {
// CHECK: %[[SA:.*]] = memref.subview %[[A]]
// CHECK: %[[SC:.*]] = memref.subview %[[C]]
// CHECK: linalg.matmul ins(%[[SA]], %[[B]] : {{.*}}) outs(%[[SC]] :
// CHECK: %[[SP:.*]] = memref.subview %[[P]]
// CHECK: linalg.add ins(%[[SP]], %[[SP]] : {{.*}}) outs(%[[SP]] :
// CHECK-NEXT: }
// CHECK-NEXT: return %[[C]], %[[P]] : memref<?x?xf32>, memref<?xf32>
func.func @matmul_and_pointwise(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>,
                                %pointwise: tensor<?xf32>, %num_threads: index)
    -> (tensor<?x?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = tensor.dim %A, %c1 : tensor<?x?xf32>
  %n = tensor.dim %C, %c1 : tensor<?x?xf32>
  %r:2 = par.foreach_thread (%t) in (%num_threads) -> (tensor<?x?xf32>, tensor<?xf32>) {
    %row = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
    %sA = tensor.extract_slice %A[%row, 0] [4, %k] [1, 1] : tensor<?x?xf32> to tensor<4x?xf32>
    %sC = tensor.extract_slice %C[%row, 0] [4, %n] [1, 1] : tensor<?x?xf32> to tensor<4x?xf32>
    %sD = linalg.matmul ins(%sA, %B : tensor<4x?xf32>, tensor<?x?xf32>) outs(%sC : tensor<4x?xf32>) -> tensor<4x?xf32>
    %spointwise = tensor.extract_slice %pointwise[%row] [4] [1] : tensor<?xf32> to tensor<4xf32>
    %sE = linalg.add ins(%spointwise, %spointwise : tensor<4xf32>, tensor<4xf32>) outs(%spointwise : tensor<4xf32>) -> tensor<4xf32>
    par.perform_concurrently {
      par.parallel_insert_slice %sD into %C[%row, 0] [4, %n] [1, 1] : tensor<4x?xf32> into tensor<?x?xf32>
      par.parallel_insert_slice %sE into %pointwise[%row] [4] [1] : tensor<4xf32> into tensor<?xf32>
    }
  }
  return %r#0, %r#1 : tensor<?x?xf32>, tensor<?xf32>
}
