// Upstream tiling, then asyncpipe: a linalg.matmul on tensors, tiled into
// 16x16 output tiles by transform.structured.tile_using_forall (an
// scf.forall with a shared output), becomes a par.foreach_thread
// (scf-forall-to-par), is proven race-free (par-verify-disjoint),
// bufferizes in place, and runs on the async runtime's threads, computing
// linalg.matmul's C exactly.
// RUN: cat %S/Inputs/par-matmul-main.mlir %s > %t.mlir
// RUN: asyncpipe-opt %t.mlir --transform-preload-library=transform-library-paths=%S/Inputs/tile-matmul-forall.mlir --transform-interpreter > %t.tiled.mlir
// RUN: FileCheck %s --check-prefix=TILED < %t.tiled.mlir
// TILED: scf.forall (%{{.*}}, %{{.*}}) in (4, 3) shared_outs(
// RUN: asyncpipe-opt %t.tiled.mlir --scf-forall-to-par --par-verify-disjoint --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize --par-to-async %lower-async %lower-to-llvm | %run-async | FileCheck %s
// CHECK: data =
// CHECK-NEXT: [0, 18577]

func.func @sizes() -> (index, index, index) {
  %m = arith.constant 64 : index
  %k = arith.constant 40 : index
  %n = arith.constant 48 : index
  return %m, %k, %n : index, index, index
}

func.func @kernel(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %a = memref.cast %A : memref<?x?xf32> to memref<64x40xf32>
  %b = memref.cast %B : memref<?x?xf32> to memref<40x48xf32>
  %c = memref.cast %C : memref<?x?xf32> to memref<64x48xf32>
  %ta = bufferization.to_tensor %a restrict : memref<64x40xf32> to tensor<64x40xf32>
  %tb = bufferization.to_tensor %b restrict : memref<40x48xf32> to tensor<40x48xf32>
  %tc = bufferization.to_tensor %c restrict writable : memref<64x48xf32> to tensor<64x48xf32>
  %r = func.call @matmul(%ta, %tb, %tc) : (tensor<64x40xf32>, tensor<40x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  bufferization.materialize_in_destination %r in restrict writable %c : (tensor<64x48xf32>, memref<64x48xf32>) -> ()
  return
}

func.func @matmul(%A: tensor<64x40xf32>, %B: tensor<40x48xf32>, %C: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<64x40xf32>, tensor<40x48xf32>) outs(%C : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}
