func.func @f0(%a: memref<16xf64>, %a2: memref<16xf64>, %b: memref<16xf64, 3>, %b2: memref<16xf64, 3>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %buf3 = memref.alloc() : memref<8xf32, 3>
  %buf5 = memref.alloc() : memref<8xf32, 3>
  %buf7 = memref.alloc() : memref<8xf32, 3>
  %k0_i32 = arith.constant 0 : i32
  %k1_i32 = arith.constant 2 : i32
  %k2_index = arith.constant 0 : index
  %k3_index = arith.constant 5 : index
  %k4_index = arith.constant 10 : index
  %k5_index = arith.constant 1 : index
  scf.for %i1 = %k0_i32 to %m step %k1_i32 : i32 {
    %ii2 = arith.index_cast %i1 : i32 to index
    %src4 = memref.subview %src[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src4, %buf3 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %src6 = memref.subview %src[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src6, %buf5 {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %src8 = memref.subview %src[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src8, %buf7 {asyncpipe.stage = 1, asyncpipe.order = 2} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %dst9 = memref.subview %out[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    linalg.add {asyncpipe.stage = 2, asyncpipe.order = 3} ins(%buf3, %buf5 : memref<8xf32, 3>, memref<8xf32, 3>) outs(%dst9 : memref<8xf32, strided<[1], offset: ?>>)
  } {asyncpipe.async_stages = array<i64: 0, 1>}
  asyncpipe.commit 1
  %v10 = memref.load %b[%k2_index] : memref<16xf64, 3>
  asyncpipe.commit_queue 1 {
    asyncpipe.copy %a, %b2 : memref<16xf64> to memref<16xf64, 3>
  }
  %t11 = asyncpipe.copy %a, %b2 : memref<16xf64> to memref<16xf64, 3> -> !asyncpipe.token
  %g12 = asyncpipe.commit_group queue 1 (%t11)
  scf.for %i13 = %k3_index to %k4_index step %k5_index {
    asyncpipe.commit 0
    asyncpipe.wait %g12
    %t14 = asyncpipe.copy %a, %b zero_fill : memref<16xf64> to memref<16xf64, 3> -> !asyncpipe.token
    %t15 = asyncpipe.copy %a2, %b : memref<16xf64> to memref<16xf64, 3> -> !asyncpipe.token
    %g16 = asyncpipe.commit_group queue 0 (%t14, %t15)
    asyncpipe.wait %g12
  }
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  asyncpipe.wait_queue 2, 0
  return
}
