// Round trip of par.parallel_insert_slice with static, dynamic and mixed offsets/sizes/strides and with rank-reduced sources.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @static_and_dynamic
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: tensor<?x?xf32>, %[[S:[a-z0-9_]+]]: tensor<4x8xf32>, %[[DS:[a-z0-9_]+]]: tensor<?x?xf32>, %[[N:[a-z0-9_]+]]: index, %[[SZ:[a-z0-9_]+]]: index, %[[ST:[a-z0-9_]+]]: index)
// GENERIC-LABEL: sym_name = "static_and_dynamic"
func.func @static_and_dynamic(%d: tensor<?x?xf32>, %s: tensor<4x8xf32>, %ds: tensor<?x?xf32>,
                              %n: index, %sz: index, %st: index) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  // CHECK: %[[R:.*]]:3 = par.foreach_thread (%[[I:.*]]) in (%[[N]]) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  // CHECK-NEXT: par.perform_concurrently {
  // All static.
  // CHECK-NEXT: par.parallel_insert_slice %[[S]] into %[[D]][0, 8] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<?x?xf32>
  // All dynamic.
  // CHECK-NEXT: par.parallel_insert_slice %[[DS]] into %[[D]][%[[I]], %[[I]]] [%[[SZ]], %[[SZ]]] [%[[ST]], %[[ST]]] : tensor<?x?xf32> into tensor<?x?xf32>
  // Mixed: dynamic offset and stride, static sizes, dynamic size matches a dynamic source dim.
  // CHECK-NEXT: par.parallel_insert_slice %[[S]] into %[[D]][%[[I]], 0] [4, 8] [%[[ST]], 2] : tensor<4x8xf32> into tensor<?x?xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // GENERIC: "par.parallel_insert_slice"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 8>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 1>}> : (tensor<4x8xf32>, tensor<?x?xf32>) -> ()
  // GENERIC-NEXT: "par.parallel_insert_slice"(%{{.*}}, %{{.*}}, %[[I:.*]], %[[I]], %[[SZ:.*]], %[[SZ]], %[[ST:.*]], %[[ST]]) <{operandSegmentSizes = array<i32: 1, 1, 2, 2, 2>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: -9223372036854775808, -9223372036854775808>}>
  // GENERIC-NEXT: "par.parallel_insert_slice"(%{{.*}}, %{{.*}}, %[[I]], %[[ST]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: -9223372036854775808, 2>}>
  %r:3 = par.foreach_thread (%i) in (%n) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
    par.perform_concurrently {
      par.parallel_insert_slice %s into %d[0, 8] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<?x?xf32>
      par.parallel_insert_slice %ds into %d[%i, %i] [%sz, %sz] [%st, %st] : tensor<?x?xf32> into tensor<?x?xf32>
      par.parallel_insert_slice %s into %d[%i, 0] [4, 8] [%st, 2] : tensor<4x8xf32> into tensor<?x?xf32>
    }
  }
  return %r#0, %r#1, %r#2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// Rank-reduced sources: unit dimensions of the slice may be dropped, at the
// front, in the middle or at the end; a 0-d source fills a 1x1 slice.
// CHECK-LABEL: func.func @rank_reduced
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: tensor<8x16x4xf32>, %[[ROW:[a-z0-9_]+]]: tensor<16xf32>, %[[MID:[a-z0-9_]+]]: tensor<8x4xf32>, %[[PT:[a-z0-9_]+]]: tensor<f32>, %[[DYN:[a-z0-9_]+]]: tensor<?xf32>, %[[N:[a-z0-9_]+]]: index)
func.func @rank_reduced(%d: tensor<8x16x4xf32>, %row: tensor<16xf32>, %mid: tensor<8x4xf32>,
                        %pt: tensor<f32>, %dyn: tensor<?xf32>, %n: index)
    -> (tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>) {
  // CHECK: par.foreach_thread (%[[I:.*]]) in (%[[N]]) -> (tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>) {
  // CHECK-NEXT: par.perform_concurrently {
  // CHECK-NEXT: par.parallel_insert_slice %[[ROW]] into %[[D]][%[[I]], 0, 0] [1, 16, 1] [1, 1, 1] : tensor<16xf32> into tensor<8x16x4xf32>
  // CHECK-NEXT: par.parallel_insert_slice %[[MID]] into %[[D]][0, %[[I]], 0] [8, 1, 4] [1, 1, 1] : tensor<8x4xf32> into tensor<8x16x4xf32>
  // CHECK-NEXT: par.parallel_insert_slice %[[PT]] into %[[D]][%[[I]], %[[I]], %[[I]]] [1, 1, 1] [1, 1, 1] : tensor<f32> into tensor<8x16x4xf32>
  // CHECK-NEXT: par.parallel_insert_slice %[[DYN]] into %[[D]][0, 0, %[[I]]] [1, %[[N]], 1] [1, 1, 1] : tensor<?xf32> into tensor<8x16x4xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  %r:4 = par.foreach_thread (%i) in (%n) -> (tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>) {
    par.perform_concurrently {
      par.parallel_insert_slice %row into %d[%i, 0, 0] [1, 16, 1] [1, 1, 1] : tensor<16xf32> into tensor<8x16x4xf32>
      par.parallel_insert_slice %mid into %d[0, %i, 0] [8, 1, 4] [1, 1, 1] : tensor<8x4xf32> into tensor<8x16x4xf32>
      par.parallel_insert_slice %pt into %d[%i, %i, %i] [1, 1, 1] [1, 1, 1] : tensor<f32> into tensor<8x16x4xf32>
      par.parallel_insert_slice %dyn into %d[0, 0, %i] [1, %n, 1] [1, 1, 1] : tensor<?xf32> into tensor<8x16x4xf32>
    }
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>
}

// Not every unit dimension has to be dropped: a 1x16 source in a 1x16x1 slice.
// CHECK-LABEL: func.func @partially_reduced
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: tensor<8x16x4xf32>, %[[S:[a-z0-9_]+]]: tensor<1x16xf32>, %[[N:[a-z0-9_]+]]: index)
// CHECK-NEXT: %[[R:.*]] = par.foreach_thread (%{{.*}}) in (%[[N]]) -> (tensor<8x16x4xf32>) {
// CHECK-NEXT: par.perform_concurrently {
// CHECK-NEXT: par.parallel_insert_slice %[[S]] into %[[D]][0, 0, 0] [1, 16, 1] [1, 1, 1] {tag} : tensor<1x16xf32> into tensor<8x16x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @partially_reduced(%d: tensor<8x16x4xf32>, %s: tensor<1x16xf32>, %n: index) -> tensor<8x16x4xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8x16x4xf32>) {
    par.perform_concurrently {
      par.parallel_insert_slice %s into %d[0, 0, 0] [1, 16, 1] [1, 1, 1] {tag} : tensor<1x16xf32> into tensor<8x16x4xf32>
    }
  }
  return %r : tensor<8x16x4xf32>
}
