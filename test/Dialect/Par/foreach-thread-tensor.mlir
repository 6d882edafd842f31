// Round trip of par.foreach_thread in pure tensor form: perform_concurrently with two parallel_insert_slice ops tied to two results.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

// The RFC's %matmul_and_pointwise:2 example: result #0 is C with every
// thread's matmul tile inserted, result #1 the pointwise vector.
// CHECK-LABEL: func.func @matmul_and_pointwise
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<?x?xf32>, %[[B:[a-z0-9_]+]]: tensor<?x?xf32>, %[[C:[a-z0-9_]+]]: tensor<?x?xf32>, %[[P:[a-z0-9_]+]]: tensor<?xf32>, %[[N:[a-z0-9_]+]]: index)
func.func @matmul_and_pointwise(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>,
                                %P: tensor<?xf32>, %n: index) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %k = tensor.dim %A, %c0 : tensor<?x?xf32>
  // CHECK: %[[R:.*]]:2 = par.foreach_thread (%[[T:.*]]) in (%[[N]]) -> (tensor<?x?xf32>, tensor<?xf32>) {
  // CHECK-NEXT: %[[O:.*]] = arith.muli %[[T]], %{{.*}} : index
  // CHECK-NEXT: %[[SA:.*]] = tensor.extract_slice %[[A]][%[[O]], 0] [4, %{{.*}}] [1, 1]
  // CHECK-NEXT: %[[SB:.*]] = tensor.extract_slice %[[B]][0, %[[O]]] [%{{.*}}, 4] [1, 1]
  // CHECK-NEXT: %[[SC:.*]] = tensor.extract_slice %[[C]][%[[O]], %[[O]]] [4, 4] [1, 1]
  // CHECK-NEXT: %[[SD:.*]] = linalg.matmul ins(%[[SA]], %[[SB]] : {{.*}}) outs(%[[SC]] : tensor<4x4xf32>) -> tensor<4x4xf32>
  // CHECK-NEXT: %[[SP:.*]] = tensor.extract_slice %[[P]][%[[O]]] [4] [1]
  // CHECK-NEXT: %[[SE:.*]] = arith.addf %[[SP]], %[[SP]] : tensor<4xf32>
  // CHECK-NEXT: par.perform_concurrently {
  // CHECK-NEXT: par.parallel_insert_slice %[[SD]] into %[[C]][%[[O]], %[[O]]] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<?x?xf32>
  // CHECK-NEXT: par.parallel_insert_slice %[[SE]] into %[[P]][%[[O]]] [4] [1] : tensor<4xf32> into tensor<?xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1 : tensor<?x?xf32>, tensor<?xf32>
  %r:2 = par.foreach_thread (%t) in (%n) -> (tensor<?x?xf32>, tensor<?xf32>) {
    %o = arith.muli %t, %c4 : index
    %sA = tensor.extract_slice %A[%o, 0] [4, %k] [1, 1] : tensor<?x?xf32> to tensor<4x?xf32>
    %sB = tensor.extract_slice %B[0, %o] [%k, 4] [1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
    %sC = tensor.extract_slice %C[%o, %o] [4, 4] [1, 1] : tensor<?x?xf32> to tensor<4x4xf32>
    %sD = linalg.matmul ins(%sA, %sB : tensor<4x?xf32>, tensor<?x4xf32>) outs(%sC : tensor<4x4xf32>) -> tensor<4x4xf32>
    %sP = tensor.extract_slice %P[%o] [4] [1] : tensor<?xf32> to tensor<4xf32>
    %sE = arith.addf %sP, %sP : tensor<4xf32>
    par.perform_concurrently {
      par.parallel_insert_slice %sD into %C[%o, %o] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<?x?xf32>
      par.parallel_insert_slice %sE into %P[%o] [4] [1] : tensor<4xf32> into tensor<?xf32>
    }
  }
  return %r#0, %r#1 : tensor<?x?xf32>, tensor<?xf32>
}

// A single result of static type; the destination is defined above the op
// by another op, not a function argument. Extra attributes are kept.
// CHECK-LABEL: func.func @single_result
// CHECK-SAME: (%[[N:[a-z0-9_]+]]: index, %[[X:[a-z0-9_]+]]: tensor<2xi32>)
func.func @single_result(%n: index, %x: tensor<2xi32>) -> tensor<64xi32> {
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<64xi32>
  // CHECK-NEXT: %[[R:.*]] = par.foreach_thread (%[[T:.*]]) in (%[[N]]) -> (tensor<64xi32>) {
  // CHECK-NEXT: par.perform_concurrently {
  // CHECK-NEXT: par.parallel_insert_slice %[[X]] into %[[E]][%[[T]]] [2] [2] : tensor<2xi32> into tensor<64xi32>
  // CHECK-NEXT: }
  // CHECK-NEXT: } attributes {schedule = "static"}
  // CHECK-NEXT: return %[[R]] : tensor<64xi32>
  %e = tensor.empty() : tensor<64xi32>
  %r = par.foreach_thread (%t) in (%n) -> (tensor<64xi32>) {
    par.perform_concurrently {
      par.parallel_insert_slice %x into %e[%t] [2] [2] : tensor<2xi32> into tensor<64xi32>
    }
  } attributes {schedule = "static"}
  return %r : tensor<64xi32>
}
