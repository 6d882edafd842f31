// The thread-slices analysis alone (asyncpipe-test-print-thread-slices):
// the part of a shared tensor or buffer each thread of a
// par.foreach_thread touches (threads 0 and 1 shown) and whether two
// threads' parts are apart. Rows 4*t, 4 wide are apart; rows 3*t, 4 wide
// overlap (threads 0 and 1); a part through an index the analysis does not
// follow is not analyzable. par-verify-disjoint reports the last two.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-test-print-thread-slices -verify-diagnostics

func.func @apart(%C: tensor<16xf32>, %s: tensor<4xf32>) -> tensor<16xf32> {
  %c4 = arith.constant 4 : index
  %r = par.foreach_thread (%t) in (%c4) -> (tensor<16xf32>) {
    %o = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
    par.perform_concurrently {
      // expected-remark @below {{write: thread [0] [0] extents [4]; thread [1] [4] extents [4]; disjoint across threads}}
      par.parallel_insert_slice %s into %C[%o] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

// -----

func.func @overlap(%C: tensor<16xf32>, %s: tensor<4xf32>) -> tensor<16xf32> {
  %c4 = arith.constant 4 : index
  %r = par.foreach_thread (%t) in (%c4) -> (tensor<16xf32>) {
    %o = affine.apply affine_map<(d0) -> (d0 * 3)>(%t)
    par.perform_concurrently {
      // expected-remark @below {{write: thread [0] [0] extents [4]; thread [1] [3] extents [4]; threads [0] and [1] overlap}}
      par.parallel_insert_slice %s into %C[%o] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

// -----

func.func @buffer(%C: memref<8x8xf32>, %v: f32, %idx: memref<4xindex>) {
  %c4 = arith.constant 4 : index
  par.foreach_thread (%i) in (%c4) {
    %row = memref.load %idx[%i] : memref<4xindex>
    %sub = memref.subview %C[%row, 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
    // expected-remark @below {{not analyzable: offset #0 is not affine in the thread ids}}
    linalg.fill ins(%v : f32) outs(%sub : memref<2x8xf32, strided<[8, 1], offset: ?>>)
  }
  return
}
