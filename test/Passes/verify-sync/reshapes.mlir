// Accesses through memref.collapse_shape and memref.expand_shape of a
// buffer with a static identity layout: a reshape keeps the elements'
// row-major order, so every access to such a buffer (through the reshape or
// not) is placed at its byte range in it, and the rows a copy writes are
// told apart from those a read through the reshape touches. Before, any
// reshape made the access cover the whole buffer: the read of row 0 below
// was rejected while row 1 was in flight.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

// Row 0 waited for, row 1 in flight; element 0 of the flattened buffer is
// row 0's.
func.func @collapsed_row(%g: memref<2x4xf32>, %o: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<2x4xf32, 3>
  %r0 = memref.subview %s[0, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1]>, 3>
  %r1 = memref.subview %s[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
  %g0 = memref.subview %g[0, 0] [1, 4] [1, 1] : memref<2x4xf32> to memref<4xf32, strided<[1]>>
  %g1 = memref.subview %g[1, 0] [1, 4] [1, 1] : memref<2x4xf32> to memref<4xf32, strided<[1], offset: 4>>
  asyncpipe.copy %g0, %r0 queue 0 : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>, 3>
  asyncpipe.commit 0
  asyncpipe.copy %g1, %r1 queue 0 : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[1], offset: 4>, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 1
  %flat = memref.collapse_shape %s [[0, 1]] : memref<2x4xf32, 3> into memref<8xf32, 3>
  %v = memref.load %flat[%c0] : memref<8xf32, 3>
  memref.store %v, %o[%c0] : memref<8xf32>
  return
}

// -----

// Element 5 of the flattened buffer is row 1's, still in flight.
func.func @collapsed_other_row(%g: memref<2x4xf32>, %o: memref<8xf32>) {
  %c5 = arith.constant 5 : index
  %s = memref.alloc() : memref<2x4xf32, 3>
  %r1 = memref.subview %s[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
  %g1 = memref.subview %g[1, 0] [1, 4] [1, 1] : memref<2x4xf32> to memref<4xf32, strided<[1], offset: 4>>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %g1, %r1 queue 0 : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[1], offset: 4>, 3>
  asyncpipe.commit 0
  %flat = memref.collapse_shape %s [[0, 1]] : memref<2x4xf32, 3> into memref<8xf32, 3>
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %v = memref.load %flat[%c5] : memref<8xf32, 3>
  memref.store %v, %o[%c5] : memref<8xf32>
  return
}

// -----

// The other way: a copy into the first half of a flat buffer, read through
// its expansion to 2x4 (row 1 is the second half: no race; row 0 races).
func.func @expanded(%g: memref<4xf32>, %o: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloc() : memref<8xf32, 3>
  %half = memref.subview %s[0] [4] [1] : memref<8xf32, 3> to memref<4xf32, strided<[1]>, 3>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %g, %half queue 0 : memref<4xf32> to memref<4xf32, strided<[1]>, 3>
  asyncpipe.commit 0
  %grid = memref.expand_shape %s [[0, 1]] output_shape [2, 4] : memref<8xf32, 3> into memref<2x4xf32, 3>
  %v = memref.load %grid[%c1, %c0] : memref<2x4xf32, 3>
  memref.store %v, %o[%c0] : memref<4xf32>
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %w = memref.load %grid[%c0, %c1] : memref<2x4xf32, 3>
  memref.store %w, %o[%c1] : memref<4xf32>
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// A subview between the reshape and the buffer moves the coordinates: the
// access covers the whole buffer (not proven; here a race indeed).
func.func @subview_below(%g: memref<4xf32>, %o: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<2x4xf32, 3>
  %r1 = memref.subview %s[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %g, %r1 queue 0 : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>, 3>
  asyncpipe.commit 0
  %top = memref.subview %s[0, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<1x4xf32, strided<[4, 1]>, 3>
  %flat = memref.collapse_shape %top [[0, 1]] : memref<1x4xf32, strided<[4, 1]>, 3> into memref<4xf32, strided<[1]>, 3>
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %v = memref.load %flat[%c0] : memref<4xf32, strided<[1]>, 3>
  memref.store %v, %o[%c0] : memref<4xf32>
  asyncpipe.wait_queue 0, 0
  return
}
