func.func @f0(%a: memref<8xf32>, %a2: memref<8xf32>, %b: memref<8xf32, -1000000000000>, %b2: memref<8xf32, -1000000000000>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %k0_index = arith.constant -3 : index
  %k1_index = arith.constant 2147483647 : index
  %k2_index = arith.constant 7 : index
  %k3_index = arith.constant 0 : index
  %t1 = asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, -1000000000000> -> !asyncpipe.token
  %t2 = asyncpipe.copy %a2, %b2 : memref<8xf32> to memref<8xf32, -1000000000000> -> !asyncpipe.token
  %g3 = asyncpipe.commit_group queue 5 (%t1, %t2)
  scf.for %i4 = %k0_index to %k1_index step %k2_index {
    %t5 = asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, -1000000000000> -> !asyncpipe.token
    %g6 = asyncpipe.commit_group queue 5 (%t5)
  }
  asyncpipe.wait %g3
  %v8 = memref.load %b2[%k3_index] : memref<8xf32, -1000000000000>
  scf.if %cond {
  }
  return
}
