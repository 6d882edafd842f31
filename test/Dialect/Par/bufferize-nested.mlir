// One-Shot Bufferize on the document's nested example (mlir-foreach-thread-rfc,
// "Nested Forms"), through the par ops' BufferizableOpInterface models: every
// operand bufferizes in place, no buffer is allocated or copied, and the two
// 1-D slices compose into one 2-D memref.subview, the IR the document shows
// (its affine_map<(d0, d1)[s0] -> (d0 * 1020 + s0 + d1)> layout is today's
// strided<[1020, 1], offset: ?>).
// RUN: asyncpipe-opt %s --one-shot-bufferize="bufferize-function-boundaries test-analysis-only print-conflicts" | FileCheck %s --check-prefix=ANALYSIS
// RUN: asyncpipe-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize | FileCheck %s

// ANALYSIS-LABEL: func.func @nested
// ANALYSIS-NOT: C_{{[0-9]+}}[
// ANALYSIS: tensor.extract_slice {{.*}}__inplace_operands_attr__ = ["true", "none"]
// ANALYSIS: par.foreach_thread
// ANALYSIS: linalg.matmul {__inplace_operands_attr__ = ["true", "true", "true"]}
// ANALYSIS: par.parallel_insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
// ANALYSIS: par.parallel_insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
// ANALYSIS: return {__equivalent_func_args__ = [2], __inplace_operands_attr__ = ["true"]}

// CHECK-DAG: #[[TIMES2:.*]] = affine_map<(d0) -> (d0 * 2)>
// CHECK-DAG: #[[TIMES4:.*]] = affine_map<(d0) -> (d0 * 4)>
// CHECK-LABEL: func.func @nested
// CHECK-SAME: (%[[A:.*]]: memref<250x500xf32>, %[[B:.*]]: memref<500x1020xf32>, %[[C:.*]]: memref<250x1020xf32>) -> memref<250x1020xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: par.foreach_thread (%[[T1:.*]]) in (%{{.*}}) {
// CHECK-NEXT: %[[ROW:.*]] = affine.apply #[[TIMES2]](%[[T1]])
// CHECK-NEXT: %[[ROWS:.*]] = memref.subview %[[C]][%[[ROW]], 0] [2, 1020] [1, 1] : memref<250x1020xf32> to memref<2x1020xf32, strided<[1020, 1], offset: ?>>
// CHECK-NEXT: par.foreach_thread (%[[T2:.*]]) in (%{{.*}}) {
// CHECK-NEXT: %[[COL:.*]] = affine.apply #[[TIMES4]](%[[T2]])
// CHECK-NEXT: %[[TILE:.*]] = memref.subview %[[ROWS]][0, %[[COL]]] [2, 4] [1, 1] : memref<2x1020xf32, strided<[1020, 1], offset: ?>> to memref<2x4xf32, strided<[1020, 1], offset: ?>>
// CHECK-NEXT: %[[SA:.*]] = memref.subview %[[A]][%[[ROW]], 0] [2, 500] [1, 1] : memref<250x500xf32> to memref<2x500xf32, strided<[500, 1], offset: ?>>
// CHECK-NEXT: %[[SB:.*]] = memref.subview %[[B]][0, %[[COL]]] [500, 4] [1, 1] : memref<500x1020xf32> to memref<500x4xf32, strided<[1020, 1], offset: ?>>
// CHECK-NEXT: linalg.matmul ins(%[[SA]], %[[SB]] : {{.*}}) outs(%[[TILE]] : memref<2x4xf32, strided<[1020, 1], offset: ?>>)
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %[[C]] : memref<250x1020xf32>
func.func @nested(%3: tensor<250x500xf32>, %4: tensor<500x1020xf32>, %6: tensor<250x1020xf32>) -> tensor<250x1020xf32> {
  %c125 = arith.constant 125 : index
  %c255 = arith.constant 255 : index
  %7 = par.foreach_thread (%thread_id_1) in (%c125) -> (tensor<250x1020xf32>) {
    %8 = affine.apply affine_map<(d0) -> (d0 * 2)>(%thread_id_1)
    %10 = tensor.extract_slice %6[%8, 0] [2, 1020] [1, 1] : tensor<250x1020xf32> to tensor<2x1020xf32>
    %11 = par.foreach_thread (%thread_id_2) in (%c255) -> (tensor<2x1020xf32>) {
      %13 = affine.apply affine_map<(d0) -> (d0 * 4)>(%thread_id_2)
      %15 = tensor.extract_slice %10[0, %13] [2, 4] [1, 1] : tensor<2x1020xf32> to tensor<2x4xf32>
      %16 = tensor.extract_slice %3[%8, 0] [2, 500] [1, 1] : tensor<250x500xf32> to tensor<2x500xf32>
      %17 = tensor.extract_slice %4[0, %13] [500, 4] [1, 1] : tensor<500x1020xf32> to tensor<500x4xf32>
      %18 = linalg.matmul ins(%16, %17 : tensor<2x500xf32>, tensor<500x4xf32>) outs(%15 : tensor<2x4xf32>) -> tensor<2x4xf32>
      par.perform_concurrently {
        par.parallel_insert_slice %18 into %10[0, %13] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x1020xf32>
      }
    }
    par.perform_concurrently {
      par.parallel_insert_slice %11 into %6[%8, 0] [2, 1020] [1, 1] : tensor<2x1020xf32> into tensor<250x1020xf32>
    }
  }
  return %7 : tensor<250x1020xf32>
}
