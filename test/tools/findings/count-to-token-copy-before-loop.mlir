func.func @f0(%a: memref<8xf32>, %a2: memref<8xf32>, %b: memref<8xf32, 3>, %b2: memref<8xf32, 3>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %buf2 = memref.alloc() : memref<8xf32, 3>
  %k0_index = arith.constant 0 : index
  %k1_index = arith.constant 7 : index
  %k2_index = arith.constant 1 : index
  %k3_index = arith.constant 5 : index
  %k4_i64 = arith.constant 0 : i64
  %k5_i64 = arith.constant 9223372036854775807 : i64
  %k6_i64 = arith.constant 3 : i64
  %k7_index = arith.constant -8459146252422020867 : index
  %k8_index = arith.constant 64 : index
  scf.for %o5 = %k4_i64 to %k5_i64 step %k6_i64 : i64 {
    scf.for %i1 = %k0_index to %k3_index step %k2_index {
      %src3 = memref.subview %src[%i1, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      memref.copy %src3, %buf2 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
      %dst4 = memref.subview %out[%i1, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      memref.copy %buf2, %dst4 {asyncpipe.stage = 3, asyncpipe.order = 1} : memref<8xf32, 3> to memref<8xf32, strided<[1], offset: ?>>
    } {asyncpipe.async_stages = array<i64: 0>}
  }
  scf.for %i6 = %k0_index to %n step %k2_index {
    asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 0
    asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
    scf.for %i7 = %k7_index to %k8_index step %k2_index {
      asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
      asyncpipe.commit 0
      %t8 = asyncpipe.copy %a2, %b : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
      %t9 = asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
      %g10 = asyncpipe.commit_group queue 0 (%t8, %t9)
      asyncpipe.wait %g10
      %v11 = memref.load %b[%k1_index] : memref<8xf32, 3>
      asyncpipe.wait_queue 0, 3
    }
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, 3>
    }
  }
  %g12 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, 3>
  }
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, 3>
  }
  %t13 = asyncpipe.copy %a, %b2 : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
  %t14 = asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, 3> -> !asyncpipe.token
  %g15 = asyncpipe.commit_group queue 0 (%t13, %t14)
  asyncpipe.wait %g15
  return
}
