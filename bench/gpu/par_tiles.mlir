// The document's tiled matmul as a par.foreach_thread for bench/gpu/par.py:
// one thread per 16x16 tile of C (N/16 x N/16 threads), each a
// linalg.matmul of subviews. prepare.sh substitutes N and lowers it with
// par-to-gpu (flattened onto blocks of 128 threads, and mapped to a grid of
// blocks of 8x8 threads).
func.func @tiles(%A: memref<NxNxf32>, %B: memref<NxNxf32>, %C: memref<NxNxf32>) {
  %tiles = arith.constant T : index
  %c16 = arith.constant 16 : index
  par.foreach_thread (%i, %j) in (%tiles, %tiles) MAPPING {
    %r = arith.muli %i, %c16 : index
    %c = arith.muli %j, %c16 : index
    %sA = memref.subview %A[%r, 0] [16, N] [1, 1] : memref<NxNxf32> to memref<16xNxf32, strided<[N, 1], offset: ?>>
    %sB = memref.subview %B[0, %c] [N, 16] [1, 1] : memref<NxNxf32> to memref<Nx16xf32, strided<[N, 1], offset: ?>>
    %sC = memref.subview %C[%r, %c] [16, 16] [1, 1] : memref<NxNxf32> to memref<16x16xf32, strided<[N, 1], offset: ?>>
    linalg.matmul ins(%sA, %sB : memref<16xNxf32, strided<[N, 1], offset: ?>>, memref<Nx16xf32, strided<[N, 1], offset: ?>>) outs(%sC : memref<16x16xf32, strided<[N, 1], offset: ?>>)
  }
  return
}
