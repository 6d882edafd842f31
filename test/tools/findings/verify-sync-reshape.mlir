func.func @reshape(%a: memref<8xf32>, %b: memref<16xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %hi = memref.subview %b[8] [8] [1] : memref<16xf32, 3> to memref<8xf32, strided<[1], offset: 8>, 3>
  asyncpipe.copy %a, %hi queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: 8>, 3>
  asyncpipe.commit 0
  // element (2, 0) of the 4x4 view is b[8]
  %e = memref.expand_shape %b [[0, 1]] output_shape [4, 4] : memref<16xf32, 3> into memref<4x4xf32, 3>
  %v = memref.load %e[%c2, %c0] : memref<4x4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %v : f32
}
