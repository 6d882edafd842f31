func.func @f0(%a: memref<4xf16>, %a2: memref<4xf16>, %b: memref<4xf16, 3>, %b2: memref<4xf16, 3>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %buf2 = memref.alloc() : memref<8xf32, 3>
  %k0_index = arith.constant 0 : index
  %k1_index = arith.constant 1 : index
  %k2_index = arith.constant 3 : index
  scf.for %o5 = %k0_index to %k2_index step %k1_index {
    scf.for %i1 = %k0_index to %n step %k1_index {
      %src3 = memref.subview %src[%i1, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      memref.copy %src3, %buf2 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
      %dst4 = memref.subview %out[%i1, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      memref.copy %buf2, %dst4 {asyncpipe.stage = 3, asyncpipe.order = 1} : memref<8xf32, 3> to memref<8xf32, strided<[1], offset: ?>>
    } {asyncpipe.async_stages = array<i64: 0>}
  }
  %v6 = memref.load %b[%k0_index] : memref<4xf16, 3>
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  asyncpipe.wait_queue 2, 0
  return
}
