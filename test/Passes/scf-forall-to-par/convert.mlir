// scf-forall-to-par: static upper bounds become arith.constant thread
// counts, shared outputs the destinations (captured from above, also where
// the body read the output), one par.parallel_insert_slice per result in
// result order (here the in_parallel lists them the other way round), and
// the mapping carries over.
// RUN: asyncpipe-opt %s --scf-forall-to-par | FileCheck %s

// CHECK-LABEL: func.func @convert
// CHECK-SAME: (%[[A:.*]]: tensor<16xf32>, %[[B:.*]]: tensor<16xf32>, %[[N:.*]]: index)
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[R:.*]]:2 = par.foreach_thread (%[[I:.*]], %[[J:.*]]) in (%[[C4]], %[[N]]) -> (tensor<16xf32>, tensor<16xf32>) mapping = [#gpu.thread<y>, #gpu.thread<x>] {
// CHECK: %[[X:.*]] = tensor.extract_slice %[[A]]
// CHECK: %[[Y:.*]] = tensor.extract_slice %[[B]]
// CHECK: par.perform_concurrently {
// CHECK-NEXT: par.parallel_insert_slice %[[Y]] into %[[A]]
// CHECK-NEXT: par.parallel_insert_slice %[[X]] into %[[B]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
func.func @convert(%A: tensor<16xf32>, %B: tensor<16xf32>, %n: index) -> (tensor<16xf32>, tensor<16xf32>) {
  %r:2 = scf.forall (%i, %j) in (4, %n) shared_outs(%a = %A, %b = %B) -> (tensor<16xf32>, tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %x = tensor.extract_slice %a[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %y = tensor.extract_slice %b[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %b[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
      tensor.parallel_insert_slice %y into %a[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}
