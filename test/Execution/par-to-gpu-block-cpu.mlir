// par-to-gpu's kernel on the CPU block model: the document's tiled matmul
// (4x3 threads, one 16x16 tile of C each) flattened onto blocks of 8 GPU
// threads (2 blocks; the second has 4 threads past the count, which the
// bounds check idles), run block by block by asyncpipe-lower-block with the
// threads in reverse and in random order, computes linalg.matmul's C
// exactly, as the sequential form does. The bounds check is needed: weakened
// to `<=` in par-to-gpu (one thread past the count runs, a fifth row of
// tiles past C's end), this test fails.
// RUN: cat %S/Inputs/par-matmul-main.mlir %s %S/Inputs/block-sim.mlir > %t.mlir
// RUN: asyncpipe-opt %t.mlir --par-to-gpu=block-size=8 --symbol-dce --convert-linalg-to-loops --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// The sequential form of the same op, for comparison.
// RUN: sed -e 's/func.call @tiles_par_kernel_0(%a, %b, %c, %bid) : (\(.*\), index)/func.call @tiles(%a, %b, %c) : (\1)/' -e 's/scf.for %bid = %c0 to %c2/scf.for %bid = %c0 to %c1/' %t.mlir \
// RUN:   | asyncpipe-opt --par-to-scf --symbol-dce %lower-to-llvm | %run-cpu | FileCheck %s
// CHECK: data =
// CHECK-NEXT: [0, 18577]

func.func @sizes() -> (index, index, index) {
  %m = arith.constant 64 : index
  %k = arith.constant 40 : index
  %n = arith.constant 48 : index
  return %m, %k, %n : index, index, index
}

// The foreach_thread, in a host function the CPU run drops after par-to-gpu
// (its gpu.launch_func needs a GPU); the kernel stays.
func.func private @tiles(%A: memref<64x40xf32>, %B: memref<40x48xf32>, %C: memref<64x48xf32>) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  par.foreach_thread (%i, %j) in (%c4, %c3) {
    %r = arith.muli %i, %c16 : index
    %c = arith.muli %j, %c16 : index
    %sA = memref.subview %A[%r, 0] [16, 40] [1, 1] : memref<64x40xf32> to memref<16x40xf32, strided<[40, 1], offset: ?>>
    %sB = memref.subview %B[0, %c] [40, 16] [1, 1] : memref<40x48xf32> to memref<40x16xf32, strided<[48, 1], offset: ?>>
    %sC = memref.subview %C[%r, %c] [16, 16] [1, 1] : memref<64x48xf32> to memref<16x16xf32, strided<[48, 1], offset: ?>>
    linalg.matmul ins(%sA, %sB : memref<16x40xf32, strided<[40, 1], offset: ?>>, memref<40x16xf32, strided<[48, 1], offset: ?>>) outs(%sC : memref<16x16xf32, strided<[48, 1], offset: ?>>)
  }
  return
}

// The block driver asyncpipe-lower-block makes of the kernel.
func.func private @tiles_par_kernel_0(memref<64x40xf32>, memref<40x48xf32>, memref<64x48xf32>, index)

func.func @kernel(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %a = memref.cast %A : memref<?x?xf32> to memref<64x40xf32>
  %b = memref.cast %B : memref<?x?xf32> to memref<40x48xf32>
  %c = memref.cast %C : memref<?x?xf32> to memref<64x48xf32>
  // Block 0 with its threads in reverse order, block 1 in a random order.
  scf.for %bid = %c0 to %c2 step %c1 {
    %order = arith.addi %bid, %c1 : index
    func.call @block_sim_configure(%order, %c7, %c0) : (index, index, index) -> ()
    func.call @tiles_par_kernel_0(%a, %b, %c, %bid) : (memref<64x40xf32>, memref<40x48xf32>, memref<64x48xf32>, index) -> ()
  }
  return
}
