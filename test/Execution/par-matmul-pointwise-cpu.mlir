// The document's pure form with two results (mlir-foreach-thread-rfc, "Pure
// Form": %matmul_and_pointwise:2): each thread computes a 4-row tile of a
// matmul into %C and doubles a 4-element piece of %pointwise, and its
// perform_concurrently inserts both. Bufferized in place by One-Shot
// Bufferize, it runs sequentially and on the async runtime's threads; C
// equals linalg.matmul's exactly, and the wrapper checks the second result
// (every element doubled) and spoils C[0][0] when it is wrong.
// RUN: cat %S/Inputs/par-matmul-main.mlir %s > %t.mlir
// RUN: asyncpipe-opt %t.mlir --par-verify-disjoint --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize > %t.buffers.mlir
// RUN: asyncpipe-opt %t.buffers.mlir --par-to-scf %lower-to-llvm | %run-async | FileCheck %s
// RUN: asyncpipe-opt %t.buffers.mlir --par-to-async %lower-async %lower-to-llvm | %run-async | FileCheck %s
// RUN: asyncpipe-opt %t.buffers.mlir --par-to-async=chunk=3 %lower-async %lower-to-llvm | %run-async | FileCheck %s
// CHECK: data =
// CHECK-NEXT: [0, 18577]

func.func @sizes() -> (index, index, index) {
  %m = arith.constant 64 : index
  %k = arith.constant 40 : index
  %n = arith.constant 48 : index
  return %m, %k, %n : index, index, index
}

func.func @kernel(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %threads = arith.divui %m, %c4 : index
  %P = memref.alloc(%m) : memref<?xf32>
  scf.for %i = %c0 to %m step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    memref.store %f, %P[%i] : memref<?xf32>
  }
  %ta = bufferization.to_tensor %A restrict : memref<?x?xf32> to tensor<?x?xf32>
  %tb = bufferization.to_tensor %B restrict : memref<?x?xf32> to tensor<?x?xf32>
  %tc = bufferization.to_tensor %C restrict writable : memref<?x?xf32> to tensor<?x?xf32>
  %tp = bufferization.to_tensor %P restrict writable : memref<?xf32> to tensor<?xf32>
  %r:2 = func.call @matmul_and_pointwise(%ta, %tb, %tc, %tp, %threads) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, index) -> (tensor<?x?xf32>, tensor<?xf32>)
  bufferization.materialize_in_destination %r#0 in restrict writable %C : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  bufferization.materialize_in_destination %r#1 in restrict writable %P : (tensor<?xf32>, memref<?xf32>) -> ()
  // Every P[i] must be 2i; else C[0][0] is spoilt.
  %bad = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %c0) -> index {
    %v = memref.load %P[%i] : memref<?xf32>
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %twice = arith.addf %f, %f : f32
    %ne = arith.cmpf une, %v, %twice : f32
    %add = arith.select %ne, %c1, %c0 : index
    %next = arith.addi %acc, %add : index
    scf.yield %next : index
  }
  %wrong = arith.cmpi ne, %bad, %c0 : index
  scf.if %wrong {
    %x = memref.load %C[%c0, %c0] : memref<?x?xf32>
    %big = arith.constant 1000.0 : f32
    %y = arith.addf %x, %big : f32
    memref.store %y, %C[%c0, %c0] : memref<?x?xf32>
  }
  memref.dealloc %P : memref<?xf32>
  return
}

func.func @matmul_and_pointwise(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>,
                                %pointwise: tensor<?xf32>, %num_threads: index)
    -> (tensor<?x?xf32>, tensor<?xf32>) {
  %c1 = arith.constant 1 : index
  %k = tensor.dim %A, %c1 : tensor<?x?xf32>
  %n = tensor.dim %C, %c1 : tensor<?x?xf32>
  %r:2 = par.foreach_thread (%t) in (%num_threads) -> (tensor<?x?xf32>, tensor<?xf32>) {
    %row = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
    %sA = tensor.extract_slice %A[%row, 0] [4, %k] [1, 1] : tensor<?x?xf32> to tensor<4x?xf32>
    %sC = tensor.extract_slice %C[%row, 0] [4, %n] [1, 1] : tensor<?x?xf32> to tensor<4x?xf32>
    %sD = linalg.matmul ins(%sA, %B : tensor<4x?xf32>, tensor<?x?xf32>) outs(%sC : tensor<4x?xf32>) -> tensor<4x?xf32>
    %spointwise = tensor.extract_slice %pointwise[%row] [4] [1] : tensor<?xf32> to tensor<4xf32>
    %sE = linalg.add ins(%spointwise, %spointwise : tensor<4xf32>, tensor<4xf32>) outs(%spointwise : tensor<4xf32>) -> tensor<4xf32>
    par.perform_concurrently {
      par.parallel_insert_slice %sD into %C[%row, 0] [4, %n] [1, 1] : tensor<4x?xf32> into tensor<?x?xf32>
      par.parallel_insert_slice %sE into %pointwise[%row] [4] [1] : tensor<4xf32> into tensor<?xf32>
    }
  }
  return %r#0, %r#1 : tensor<?x?xf32>, tensor<?xf32>
}
