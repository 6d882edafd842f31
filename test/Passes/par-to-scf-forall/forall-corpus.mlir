// Upstream scf.forall forms for the round trip in round-trip.test.
// RUN: asyncpipe-opt %s --scf-forall-to-par | FileCheck %s
// CHECK-NOT: scf.forall

func.func @static(%C: tensor<8xf32>, %s: tensor<2xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %C) -> (tensor<8xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

func.func @dynamic_mapped(%C: tensor<?x?xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  %r = scf.forall (%i, %j) in (%n, %m) shared_outs(%o = %C) -> (tensor<?x?xf32>) {
    %t = tensor.extract_slice %o[%i, %j] [1, 1] [1, 1] : tensor<?x?xf32> to tensor<1x1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x?xf32>
    }
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  return %r : tensor<?x?xf32>
}

func.func @two_outputs(%A: tensor<16xf32>, %B: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %r:2 = scf.forall (%i) in (4) shared_outs(%a = %A, %b = %B) -> (tensor<16xf32>, tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %x = tensor.extract_slice %a[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %y = tensor.extract_slice %b[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %a[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
      tensor.parallel_insert_slice %x into %b[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}

func.func @buffers(%C: memref<8x8xf32>, %v: f32) {
  scf.forall (%i, %j) in (8, 8) {
    memref.store %v, %C[%i, %j] : memref<8x8xf32>
  }
  return
}
