// Round trip of par.foreach_thread with a `mapping` (gpu thread/block/warp attributes), combined with results and extra attributes.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @threads_xy
// CHECK-SAME: (%[[M:[a-z0-9_]+]]: memref<32x32xf32>, %[[NX:[a-z0-9_]+]]: index, %[[NY:[a-z0-9_]+]]: index)
// GENERIC-LABEL: sym_name = "threads_xy"
func.func @threads_xy(%m: memref<32x32xf32>, %nx: index, %ny: index) {
  %cst = arith.constant 1.0 : f32
  // CHECK: par.foreach_thread (%[[TX:.*]], %[[TY:.*]]) in (%[[NX]], %[[NY]]) mapping = [#gpu.thread<x>, #gpu.thread<y>] {
  // CHECK-NEXT: memref.store %{{.*}}, %[[M]][%[[TY]], %[[TX]]] : memref<32x32xf32>
  // CHECK-NEXT: }
  // GENERIC: "par.foreach_thread"(%{{.*}}, %{{.*}}) <{mapping = [#gpu.thread<x>, #gpu.thread<y>]}> ({
  par.foreach_thread (%tx, %ty) in (%nx, %ny) mapping = [#gpu.thread<x>, #gpu.thread<y>] {
    memref.store %cst, %m[%ty, %tx] : memref<32x32xf32>
  }
  return
}

// Blocks outside, warps... any attributes are accepted as mapping entries;
// results come before the mapping, extra attributes after the region.
// CHECK-LABEL: func.func @blocks_with_results
// CHECK-SAME: (%[[T:[a-z0-9_]+]]: tensor<128xf32>, %[[S:[a-z0-9_]+]]: tensor<32xf32>, %[[N:[a-z0-9_]+]]: index)
// GENERIC-LABEL: sym_name = "blocks_with_results"
func.func @blocks_with_results(%t: tensor<128xf32>, %s: tensor<32xf32>, %n: index) -> tensor<128xf32> {
  // CHECK: %[[R:.*]] = par.foreach_thread (%[[B:.*]]) in (%[[N]]) -> (tensor<128xf32>) mapping = [#gpu.block<x>] {
  // CHECK-NEXT: par.perform_concurrently {
  // CHECK-NEXT: par.parallel_insert_slice %[[S]] into %[[T]][%[[B]]] [32] [1] : tensor<32xf32> into tensor<128xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: } attributes {note = "blocks"}
  // CHECK-NEXT: return %[[R]]
  // GENERIC: "par.foreach_thread"(%{{.*}}) <{mapping = [#gpu.block<x>]}> ({
  // GENERIC: }) {note = "blocks"} : (index) -> tensor<128xf32>
  %r = par.foreach_thread (%b) in (%n) -> (tensor<128xf32>) mapping = [#gpu.block<x>] {
    par.perform_concurrently {
      par.parallel_insert_slice %s into %t[%b] [32] [1] : tensor<32xf32> into tensor<128xf32>
    }
  } attributes {note = "blocks"}
  return %r : tensor<128xf32>
}

// CHECK-LABEL: func.func @three_mapped
// CHECK: par.foreach_thread (%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}}, %{{.*}}, %{{.*}}) mapping = [#gpu.warp<z>, #gpu.thread<linear_dim_0>, #gpu.thread<x>] {
func.func @three_mapped(%n: index) {
  par.foreach_thread (%i, %j, %k) in (%n, %n, %n) mapping = [#gpu.warp<z>, #gpu.thread<linear_dim_0>, #gpu.thread<x>] {
  }
  return
}
