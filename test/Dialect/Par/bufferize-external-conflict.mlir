// An external conflict (mlir-foreach-thread-rfc: "a RAW conflict on %C
// needed after the end of execution of the parallel op"): %C's old value is
// read after the op, so the result cannot share %C's buffer. The par models
// copy %C once, before the op, and the threads insert into the copy; the
// copy is never made inside the body, where every thread would make one.
// Without the read after the op, the same function bufferizes in place.
// RUN: asyncpipe-opt %s --one-shot-bufferize="bufferize-function-boundaries test-analysis-only print-conflicts" | FileCheck %s --check-prefix=ANALYSIS
// RUN: asyncpipe-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize | FileCheck %s

// ANALYSIS-LABEL: func.func @read_after
// ANALYSIS: par.parallel_insert_slice {{.*}}__inplace_operands_attr__ = ["true", "false", "none"]
// ANALYSIS-LABEL: func.func @no_read_after
// ANALYSIS: par.parallel_insert_slice {{.*}}__inplace_operands_attr__ = ["true", "true", "none"]

// CHECK-LABEL: func.func @read_after
// CHECK-SAME: (%[[C:.*]]: memref<8xf32>)
// CHECK: %[[COPY:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// CHECK-NEXT: memref.copy %[[C]], %[[COPY]]
// CHECK-NEXT: par.foreach_thread
// CHECK-NOT: memref.copy %[[C]]
// CHECK: %[[PART:.*]] = memref.subview %[[COPY]]
// CHECK: memref.copy %{{.*}}, %[[PART]]
// CHECK-NEXT: }
// CHECK: %[[OLD:.*]] = memref.load %[[C]]
// CHECK: return %[[COPY]], %[[OLD]]
func.func @read_after(%C: tensor<8xf32>) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %r = par.foreach_thread (%t) in (%c4) -> (tensor<8xf32>) {
    %o = affine.apply affine_map<(d0) -> (d0 * 2)>(%t)
    %empty = tensor.empty() : tensor<2xf32>
    %ones = linalg.fill ins(%one : f32) outs(%empty : tensor<2xf32>) -> tensor<2xf32>
    par.perform_concurrently {
      par.parallel_insert_slice %ones into %C[%o] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  %old = tensor.extract %C[%c0] : tensor<8xf32>
  return %r, %old : tensor<8xf32>, f32
}

// CHECK-LABEL: func.func @no_read_after
// CHECK-SAME: (%[[C:.*]]: memref<8xf32>)
// CHECK-NOT: memref.copy %[[C]]
// CHECK: par.foreach_thread
// CHECK: memref.subview %[[C]]
// CHECK: return %[[C]]
func.func @no_read_after(%C: tensor<8xf32>) -> tensor<8xf32> {
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %r = par.foreach_thread (%t) in (%c4) -> (tensor<8xf32>) {
    %o = affine.apply affine_map<(d0) -> (d0 * 2)>(%t)
    %empty = tensor.empty() : tensor<2xf32>
    %ones = linalg.fill ins(%one : f32) outs(%empty : tensor<2xf32>) -> tensor<2xf32>
    par.perform_concurrently {
      par.parallel_insert_slice %ones into %C[%o] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
