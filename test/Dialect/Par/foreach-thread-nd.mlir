// Round trip of N-D par.foreach_thread (1-D, 3-D buffers, 2-D tensors): one thread id per num_threads operand, in order.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @three_d
// CHECK-SAME: (%[[M:[a-z0-9_]+]]: memref<?x?x?xf32>, %[[X:[a-z0-9_]+]]: index, %[[Y:[a-z0-9_]+]]: index, %[[Z:[a-z0-9_]+]]: index)
// GENERIC-LABEL: sym_name = "three_d"
func.func @three_d(%m: memref<?x?x?xf32>, %x: index, %y: index, %z: index) {
  %cst = arith.constant 0.0 : f32
  // CHECK: par.foreach_thread (%[[I:.*]], %[[J:.*]], %[[K:.*]]) in (%[[X]], %[[Y]], %[[Z]]) {
  // CHECK-NEXT: memref.store %{{.*}}, %[[M]][%[[K]], %[[J]], %[[I]]] : memref<?x?x?xf32>
  // CHECK-NEXT: }
  // GENERIC: ^bb0(%{{.*}}: memref<?x?x?xf32>, %[[X:.*]]: index, %[[Y:.*]]: index, %[[Z:.*]]: index):
  // GENERIC: "par.foreach_thread"(%[[X]], %[[Y]], %[[Z]]) ({
  // GENERIC-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
  // GENERIC: "par.perform_concurrently"() ({
  // GENERIC-NEXT: ^bb0:
  // GENERIC-NEXT: }) : () -> ()
  // GENERIC-NEXT: }) : (index, index, index) -> ()
  par.foreach_thread (%i, %j, %k) in (%x, %y, %z) {
    memref.store %cst, %m[%k, %j, %i] : memref<?x?x?xf32>
  }
  return
}

// The same value may bound several dimensions; constants work as counts.
// CHECK-LABEL: func.func @two_d_tensor
// CHECK-SAME: (%[[T:[a-z0-9_]+]]: tensor<8x8xf32>, %[[S:[a-z0-9_]+]]: tensor<4x4xf32>)
// GENERIC-LABEL: sym_name = "two_d_tensor"
func.func @two_d_tensor(%t: tensor<8x8xf32>, %s: tensor<4x4xf32>) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // CHECK: %[[C2:.*]] = arith.constant 2 : index
  // CHECK: %[[R:.*]] = par.foreach_thread (%[[I:.*]], %[[J:.*]]) in (%[[C2]], %[[C2]]) -> (tensor<8x8xf32>) {
  // CHECK-NEXT: %[[OI:.*]] = arith.muli %[[I]], %{{.*}} : index
  // CHECK-NEXT: %[[OJ:.*]] = arith.muli %[[J]], %{{.*}} : index
  // CHECK-NEXT: par.perform_concurrently {
  // CHECK-NEXT: par.parallel_insert_slice %[[S]] into %[[T]][%[[OI]], %[[OJ]]] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[R]]
  // GENERIC: "par.foreach_thread"(%{{.*}}, %{{.*}}) ({
  // GENERIC: "par.parallel_insert_slice"
  // GENERIC-NEXT: }) : () -> ()
  // GENERIC-NEXT: }) : (index, index) -> tensor<8x8xf32>
  %r = par.foreach_thread (%i, %j) in (%c2, %c2) -> (tensor<8x8xf32>) {
    %oi = arith.muli %i, %c4 : index
    %oj = arith.muli %j, %c4 : index
    par.perform_concurrently {
      par.parallel_insert_slice %s into %t[%oi, %oj] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}

// Six dimensions.
// CHECK-LABEL: func.func @six_d
// CHECK-SAME: (%[[N:[a-z0-9_]+]]: index)
// CHECK-NEXT: par.foreach_thread (%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}) in (%[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]]) {
// CHECK-NEXT: }
func.func @six_d(%n: index) {
  par.foreach_thread (%a, %b, %c, %d, %e, %f) in (%n, %n, %n, %n, %n, %n) {
  }
  return
}
