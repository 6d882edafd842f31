func.func @instance(%a: memref<4xf32>, %b: memref<2x4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %half = memref.subview %b[%i, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
    %t = asyncpipe.copy %a, %half : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>, 3> -> !asyncpipe.token
    %last = arith.cmpi eq, %i, %c1 : index
    scf.if %last {
      // Commits the token of iteration 1 only; the copy of iteration 0 is never committed.
      %g = asyncpipe.commit_group queue 0 (%t)
      asyncpipe.wait %g
    }
  }
  %v = memref.load %b[%c0, %c0] : memref<2x4xf32, 3>
  return %v : f32
}
