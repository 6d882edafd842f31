// par-verify-disjoint passes programs whose threads write disjoint parts:
// the document's nested matmul (each level separately: the inner op
// inserts into its parent thread's rows), symbolic sizes scaled by the
// thread id, a linearized 2-D id (t0 * 16 + t1 * 4 with 4 ids of extent 4),
// the buffer form with stores, fills of subviews, subviews of subviews and
// a loop over each thread's rows, a thread count of 1, and the partial
// tiles of upstream tiling (a size affine.min(16, n - 16 t), at most 16).
// RUN: asyncpipe-opt %s --par-verify-disjoint | FileCheck %s
// CHECK-LABEL: func.func @nested
// CHECK-LABEL: func.func @symbolic
// CHECK-LABEL: func.func @linearized
// CHECK-LABEL: func.func @buffer
// CHECK-LABEL: func.func @partial_tiles

func.func @nested(%3: tensor<250x500xf32>, %4: tensor<500x1020xf32>, %6: tensor<250x1020xf32>) -> tensor<250x1020xf32> {
  %c125 = arith.constant 125 : index
  %c255 = arith.constant 255 : index
  %7 = par.foreach_thread (%t1) in (%c125) -> (tensor<250x1020xf32>) {
    %8 = affine.apply affine_map<(d0) -> (d0 * 2)>(%t1)
    %10 = tensor.extract_slice %6[%8, 0] [2, 1020] [1, 1] : tensor<250x1020xf32> to tensor<2x1020xf32>
    %11 = par.foreach_thread (%t2) in (%c255) -> (tensor<2x1020xf32>) {
      %13 = affine.apply affine_map<(d0) -> (d0 * 4)>(%t2)
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

func.func @symbolic(%C: tensor<?x?xf32>, %s: tensor<?x?xf32>, %n: index, %rows: index, %cols: index) -> tensor<?x?xf32> {
  %r = par.foreach_thread (%t) in (%n) -> (tensor<?x?xf32>) {
    %o = arith.muli %t, %rows : index
    par.perform_concurrently {
      par.parallel_insert_slice %s into %C[%o, 0] [%rows, %cols] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    }
  }
  return %r : tensor<?x?xf32>
}

func.func @linearized(%C: tensor<64xf32>, %s: tensor<4xf32>) -> tensor<64xf32> {
  %c4 = arith.constant 4 : index
  %r = par.foreach_thread (%i, %j) in (%c4, %c4) -> (tensor<64xf32>) {
    %o = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1 * 4)>(%i, %j)
    par.perform_concurrently {
      par.parallel_insert_slice %s into %C[%o] [4] [1] : tensor<4xf32> into tensor<64xf32>
    }
  }
  return %r : tensor<64xf32>
}

func.func @buffer(%C: memref<8x16xf32>, %v: f32) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  par.foreach_thread (%i, %j) in (%c4, %c2) {
    %row = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %col = affine.apply affine_map<(d0) -> (d0 * 8)>(%j)
    %block = memref.subview %C[%row, %col] [2, 8] [1, 1] : memref<8x16xf32> to memref<2x8xf32, strided<[16, 1], offset: ?>>
    linalg.fill ins(%v : f32) outs(%block : memref<2x8xf32, strided<[16, 1], offset: ?>>)
    %half = memref.subview %block[1, 4] [1, 4] [1, 1] : memref<2x8xf32, strided<[16, 1], offset: ?>> to memref<1x4xf32, strided<[16, 1], offset: ?>>
    linalg.fill ins(%v : f32) outs(%half : memref<1x4xf32, strided<[16, 1], offset: ?>>)
    scf.for %k = %c0 to %c2 step %c1 {
      %r = arith.addi %row, %k : index
      memref.store %v, %C[%r, %col] : memref<8x16xf32>
    }
  }
  par.foreach_thread (%t) in (%c1) {
    linalg.fill ins(%v : f32) outs(%C : memref<8x16xf32>)
  }
  return
}

func.func @partial_tiles(%C: tensor<?xf32>, %s: tensor<?xf32>, %n: index, %tiles: index) -> tensor<?xf32> {
  %r = par.foreach_thread (%t) in (%tiles) -> (tensor<?xf32>) {
    %o = affine.apply affine_map<(d0) -> (d0 * 16)>(%t)
    %size = affine.min affine_map<(d0)[s0] -> (16, s0 - d0 * 16)>(%t)[%n]
    %x = tensor.extract_slice %s[0] [%size] [1] : tensor<?xf32> to tensor<?xf32>
    par.perform_concurrently {
      par.parallel_insert_slice %x into %C[%o] [%size] [1] : tensor<?xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}
