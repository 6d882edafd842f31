func.func @f(%a: memref<1xf32>, %b: memref<1xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %5 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<1xf32> to memref<1xf32, 3>
  }
  asyncpipe.wait %5
  %6 = memref.load %b[%c0] : memref<1xf32, 3>
  return %6 : f32
}
