// Round trip of nested par.foreach_thread in tensor form (the RFC's 2-level 1-D matmul): the inner op inserts into a slice defined in the outer body.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

// CHECK-DAG: #[[MAP2:.*]] = affine_map<(d0) -> (d0 * 2)>
// CHECK-DAG: #[[MAP4:.*]] = affine_map<(d0) -> (d0 * 4)>

// CHECK-LABEL: func.func @nested_matmul
// CHECK-SAME: (%[[LHS:[a-z0-9_]+]]: tensor<250x500xf32>, %[[RHS:[a-z0-9_]+]]: tensor<500x1020xf32>, %[[OUT:[a-z0-9_]+]]: tensor<250x1020xf32>)
func.func @nested_matmul(%lhs: tensor<250x500xf32>, %rhs: tensor<500x1020xf32>,
                         %out: tensor<250x1020xf32>) -> tensor<250x1020xf32> {
  %c125 = arith.constant 125 : index
  %c255 = arith.constant 255 : index
  // CHECK-DAG: %[[C125:.*]] = arith.constant 125 : index
  // CHECK-DAG: %[[C255:.*]] = arith.constant 255 : index
  // CHECK: %[[R:.*]] = par.foreach_thread (%[[T1:.*]]) in (%[[C125]]) -> (tensor<250x1020xf32>) {
  // CHECK-NEXT: %[[ROW:.*]] = affine.apply #[[MAP2]](%[[T1]])
  // CHECK-NEXT: %[[ROWS:.*]] = tensor.extract_slice %[[OUT]][%[[ROW]], 0] [2, 1020] [1, 1] : tensor<250x1020xf32> to tensor<2x1020xf32>
  // CHECK-NEXT: %[[INNER:.*]] = par.foreach_thread (%[[T2:.*]]) in (%[[C255]]) -> (tensor<2x1020xf32>) {
  // CHECK-NEXT: %[[COL:.*]] = affine.apply #[[MAP4]](%[[T2]])
  // CHECK-NEXT: %[[ACC:.*]] = tensor.extract_slice %[[ROWS]][0, %[[COL]]] [2, 4] [1, 1]
  // CHECK-NEXT: %[[L:.*]] = tensor.extract_slice %[[LHS]][%[[ROW]], 0] [2, 500] [1, 1]
  // CHECK-NEXT: %[[RR:.*]] = tensor.extract_slice %[[RHS]][0, %[[COL]]] [500, 4] [1, 1]
  // CHECK-NEXT: %[[MM:.*]] = linalg.matmul ins(%[[L]], %[[RR]] : tensor<2x500xf32>, tensor<500x4xf32>) outs(%[[ACC]] : tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: par.perform_concurrently {
  // CHECK-NEXT: par.parallel_insert_slice %[[MM]] into %[[ROWS]][0, %[[COL]]] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x1020xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: par.perform_concurrently {
  // CHECK-NEXT: par.parallel_insert_slice %[[INNER]] into %[[OUT]][%[[ROW]], 0] [2, 1020] [1, 1] : tensor<2x1020xf32> into tensor<250x1020xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[R]] : tensor<250x1020xf32>
  %7 = par.foreach_thread (%t1) in (%c125) -> (tensor<250x1020xf32>) {
    %8 = affine.apply affine_map<(d0) -> (d0 * 2)>(%t1)
    %10 = tensor.extract_slice %out[%8, 0] [2, 1020] [1, 1] : tensor<250x1020xf32> to tensor<2x1020xf32>
    %11 = par.foreach_thread (%t2) in (%c255) -> (tensor<2x1020xf32>) {
      %13 = affine.apply affine_map<(d0) -> (d0 * 4)>(%t2)
      %15 = tensor.extract_slice %10[0, %13] [2, 4] [1, 1] : tensor<2x1020xf32> to tensor<2x4xf32>
      %16 = tensor.extract_slice %lhs[%8, 0] [2, 500] [1, 1] : tensor<250x500xf32> to tensor<2x500xf32>
      %17 = tensor.extract_slice %rhs[0, %13] [500, 4] [1, 1] : tensor<500x1020xf32> to tensor<500x4xf32>
      %18 = linalg.matmul ins(%16, %17 : tensor<2x500xf32>, tensor<500x4xf32>) outs(%15 : tensor<2x4xf32>) -> tensor<2x4xf32>
      par.perform_concurrently {
        par.parallel_insert_slice %18 into %10[0, %13] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x1020xf32>
      }
    }
    par.perform_concurrently {
      par.parallel_insert_slice %11 into %out[%8, 0] [2, 1020] [1, 1] : tensor<2x1020xf32> into tensor<250x1020xf32>
    }
  }
  return %7 : tensor<250x1020xf32>
}
