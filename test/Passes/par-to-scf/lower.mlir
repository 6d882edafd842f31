// par-to-scf: one scf.for per thread dimension, outermost dimension
// outermost, the body inside with the induction variables as the ids.
// RUN: asyncpipe-opt %s --par-to-scf | FileCheck %s

// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[C:.*]]: memref<4x8xf32>, %[[V:.*]]: f32, %[[N:.*]]: index)
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: scf.for %[[I:.*]] = %[[ZERO]] to %[[C4]] step %[[ONE]] {
// CHECK-NEXT: scf.for %[[J:.*]] = %[[ZERO]] to %[[N]] step %[[ONE]] {
// CHECK-NEXT: memref.store %[[V]], %[[C]][%[[I]], %[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: par.
func.func @fill(%C: memref<4x8xf32>, %v: f32, %n: index) {
  %c4 = arith.constant 4 : index
  par.foreach_thread (%i, %j) in (%c4, %n) {
    memref.store %v, %C[%i, %j] : memref<4x8xf32>
  }
  return
}
