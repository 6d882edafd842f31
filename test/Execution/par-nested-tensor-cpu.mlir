// The document's nested example (mlir-foreach-thread-rfc, "Nested Forms"),
// as written on tensors (250x500 by 500x1020, 125 outer threads of 2 rows,
// 255 inner threads of 4 columns each): par-verify-disjoint proves both
// levels race-free, One-Shot Bufferize takes it in place to the nested
// subview form, and it runs sequentially (par-to-scf) and as nested async
// groups (par-to-async: each outer task awaits a group of 255 inner tasks)
// on the runtime's threads, computing linalg.matmul's C exactly.
// RUN: cat %S/Inputs/par-matmul-main.mlir %s > %t.mlir
// RUN: asyncpipe-opt %t.mlir --par-verify-disjoint --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize > %t.buffers.mlir
// RUN: asyncpipe-opt %t.buffers.mlir --par-to-scf %lower-to-llvm | %run-async | FileCheck %s
// RUN: asyncpipe-opt %t.buffers.mlir --par-to-async %lower-async %lower-to-llvm | %run-async | FileCheck %s
// The nested groups: each outer task calls a function that spawns the inner
// tasks and returns their group, and awaits it (suspending, not blocking).
// RUN: asyncpipe-opt %t.buffers.mlir --par-to-async | FileCheck %s --check-prefix=GROUPS
// CHECK: data =
// CHECK-NEXT: [0, 1.48675e+06]
// GROUPS-LABEL: func.func private @nested_par_group_0
// GROUPS: %[[INNER:.*]] = async.create_group %{{.*}} : !async.group
// GROUPS: scf.for
// GROUPS: async.execute {
// GROUPS: linalg.matmul
// GROUPS: async.add_to_group %{{.*}}, %[[INNER]]
// GROUPS: return %[[INNER]] : !async.group
// GROUPS-LABEL: func.func @nested
// GROUPS: %[[OUTER:.*]] = async.create_group %{{.*}} : !async.group
// GROUPS: scf.for
// GROUPS: async.execute {
// GROUPS: %[[GROUP:.*]] = func.call @nested_par_group_0(
// GROUPS-NEXT: async.await_all %[[GROUP]]
// GROUPS: async.add_to_group %{{.*}}, %[[OUTER]]
// GROUPS: async.await_all %[[OUTER]]

func.func @sizes() -> (index, index, index) {
  %m = arith.constant 250 : index
  %k = arith.constant 500 : index
  %n = arith.constant 1020 : index
  return %m, %k, %n : index, index, index
}

func.func @kernel(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %a = memref.cast %A : memref<?x?xf32> to memref<250x500xf32>
  %b = memref.cast %B : memref<?x?xf32> to memref<500x1020xf32>
  %c = memref.cast %C : memref<?x?xf32> to memref<250x1020xf32>
  %ta = bufferization.to_tensor %a restrict : memref<250x500xf32> to tensor<250x500xf32>
  %tb = bufferization.to_tensor %b restrict : memref<500x1020xf32> to tensor<500x1020xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<250x1020xf32> to tensor<250x1020xf32>
  %r = func.call @nested(%ta, %tb, %tc) : (tensor<250x500xf32>, tensor<500x1020xf32>, tensor<250x1020xf32>) -> tensor<250x1020xf32>
  bufferization.materialize_in_destination %r in restrict writable %c : (tensor<250x1020xf32>, memref<250x1020xf32>) -> ()
  return
}

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
