// The document's side-effecting form (mlir-foreach-thread-rfc, "Side
// Effecting Form"): a 2-D par.foreach_thread, one thread per 16x16 tile of
// C, each a linalg.matmul of subviews. Proven race-free by
// par-verify-disjoint, it runs sequentially (par-to-scf) and on the async
// runtime's threads (par-to-async, one task per thread and 5 threads per
// task) and computes linalg.matmul's C exactly in each.
// RUN: cat %S/Inputs/par-matmul-main.mlir %s > %t.mlir
// RUN: asyncpipe-opt %t.mlir --par-verify-disjoint --par-to-scf %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: asyncpipe-opt %t.mlir --par-verify-disjoint --par-to-async %lower-async %lower-to-llvm | %run-async | FileCheck %s
// RUN: asyncpipe-opt %t.mlir --par-to-async=chunk=5 %lower-async %lower-to-llvm | %run-async | FileCheck %s
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
  %c16 = arith.constant 16 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  %k = memref.dim %A, %c1 : memref<?x?xf32>
  %tm = arith.ceildivui %m, %c16 : index
  %tn = arith.ceildivui %n, %c16 : index
  par.foreach_thread (%i, %j) in (%tm, %tn) {
    %r = arith.muli %i, %c16 : index
    %c = arith.muli %j, %c16 : index
    %sA = memref.subview %A[%r, 0] [16, %k] [1, 1] : memref<?x?xf32> to memref<16x?xf32, strided<[?, 1], offset: ?>>
    %sB = memref.subview %B[0, %c] [%k, 16] [1, 1] : memref<?x?xf32> to memref<?x16xf32, strided<[?, 1], offset: ?>>
    %sC = memref.subview %C[%r, %c] [16, 16] [1, 1] : memref<?x?xf32> to memref<16x16xf32, strided<[?, 1], offset: ?>>
    linalg.matmul ins(%sA, %sB : memref<16x?xf32, strided<[?, 1], offset: ?>>, memref<?x16xf32, strided<[?, 1], offset: ?>>) outs(%sC : memref<16x16xf32, strided<[?, 1], offset: ?>>)
  }
  return
}
