// par-verify-disjoint's errors: overlapping slices (the document's internal
// conflicts) named with two threads and both parts, in tensor and buffer
// form, a second op's part named in a note, a read of a part another thread
// inserts, a pair it cannot prove apart, and a part it cannot describe.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --par-verify-disjoint

func.func @overlap(%C: tensor<16xf32>, %s: tensor<4xf32>) -> tensor<16xf32> {
  %c4 = arith.constant 4 : index
  %r = par.foreach_thread (%t) in (%c4) -> (tensor<16xf32>) {
    %o = affine.apply affine_map<(d0) -> (d0 * 3)>(%t)
    par.perform_concurrently {
      // expected-error @below {{threads (0) and (1) of 'par.foreach_thread' overlap (an internal conflict, a race): thread (0) writes [0] extents [4] and thread (1) writes [3] extents [4] of the same tensor}}
      par.parallel_insert_slice %s into %C[%o] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

// -----

func.func @linearized_overlap(%C: tensor<8x8xf32>, %s: tensor<4x4xf32>) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  %r = par.foreach_thread (%i, %j) in (%c2, %c2) -> (tensor<8x8xf32>) {
    %o = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1 * 4)>(%i, %j)
    par.perform_concurrently {
      // expected-error @below {{threads (0, 1) and (1, 0) of 'par.foreach_thread' overlap (an internal conflict, a race): thread (0, 1) writes [4, 0] extents [4, 4] and thread (1, 0) writes [4, 0] extents [4, 4] of the same tensor}}
      par.parallel_insert_slice %s into %C[%o, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}

// -----

func.func @buffer_overlap(%C: memref<8x8xf32>, %v: f32) {
  %c4 = arith.constant 4 : index
  par.foreach_thread (%i) in (%c4) {
    %sub = memref.subview %C[%i, 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
    // expected-error @below {{threads (0) and (1) of 'par.foreach_thread' overlap (an internal conflict, a race): thread (0) writes [0, 0] extents [2, 8] and thread (1) writes [1, 0] extents [2, 8] of the same buffer}}
    linalg.fill ins(%v : f32) outs(%sub : memref<2x8xf32, strided<[8, 1], offset: ?>>)
  }
  return
}

// -----

func.func @two_ops(%C: memref<8xf32>, %v: f32) {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  par.foreach_thread (%i) in (%c4) {
    %o = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    // expected-error @below {{threads (1) and (0) of 'par.foreach_thread' overlap (an internal conflict, a race): thread (1) writes [2] extents [1] and thread (0) writes [2] extents [1] of the same buffer}}
    memref.store %v, %C[%o] : memref<8xf32>
    %p = affine.apply affine_map<(d0) -> (d0 * 2 + 2)>(%i)
    // expected-note @below {{the other part, which thread (0) writes here}}
    memref.store %v, %C[%p] : memref<8xf32>
  }
  return
}

// -----

func.func @read_other(%C: tensor<20xf32>) -> tensor<20xf32> {
  %c4 = arith.constant 4 : index
  %r = par.foreach_thread (%t) in (%c4) -> (tensor<20xf32>) {
    %o = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
    %next = affine.apply affine_map<(d0) -> (d0 * 4 + 4)>(%t)
    // expected-note @below {{the other part, which thread (0) reads here}}
    %x = tensor.extract_slice %C[%next] [4] [1] : tensor<20xf32> to tensor<4xf32>
    par.perform_concurrently {
      // expected-error @below {{threads (1) and (0) of 'par.foreach_thread' overlap (an internal conflict, a race): thread (1) writes [4] extents [4] and thread (0) reads [4] extents [4] of the same tensor}}
      par.parallel_insert_slice %x into %C[%o] [4] [1] : tensor<4xf32> into tensor<20xf32>
    }
  }
  return %r : tensor<20xf32>
}

// -----

func.func @unproven(%C: tensor<?xf32>, %s: tensor<?xf32>, %n: index, %m: index, %k: index) -> tensor<?xf32> {
  %r = par.foreach_thread (%t) in (%n) -> (tensor<?xf32>) {
    %o = arith.muli %t, %k : index
    par.perform_concurrently {
      // expected-error @below {{cannot prove that different threads of 'par.foreach_thread' access disjoint parts here: no dimension's offset separates the threads that differ in thread id #0 of its 'par.foreach_thread' (an offset needs a coefficient of that id at least the part's extent)}}
      par.parallel_insert_slice %s into %C[%o] [%m] [1] : tensor<?xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}

// -----

func.func @not_affine(%C: tensor<16xf32>, %s: tensor<4xf32>) -> tensor<16xf32> {
  %c4 = arith.constant 4 : index
  %r = par.foreach_thread (%t) in (%c4) -> (tensor<16xf32>) {
    %o = affine.apply affine_map<(d0) -> ((d0 * 4 + 4) mod 16)>(%t)
    par.perform_concurrently {
      // expected-error @below {{cannot tell which part of the shared value each thread of the enclosing 'par.foreach_thread' accesses here: offset #0 is not affine in the thread ids}}
      par.parallel_insert_slice %s into %C[%o] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}
