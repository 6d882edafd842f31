// Fuzzer seed 4000, execution 1548 (generated, mutated), reduced. A known open kind
// (unproven-output: counted as a finding with --strict only).
// asyncpipe-opt --asyncpipe-software-pipeline --canonicalize --asyncpipe-token-to-count %s | asyncpipe-opt --asyncpipe-verify-sync
// verify-sync: 'the loop's slices could not be computed exactly' (i32 loop, run-time bound, step 32).
func.func @f0(%a: memref<2xf64>, %a2: memref<2xf64>, %b: memref<2xf64, #gpu.address_space<workgroup>>, %b2: memref<2xf64, #gpu.address_space<workgroup>>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %buf3 = memref.alloc() : memref<8xf32, #gpu.address_space<workgroup>>
  %k0_i32 = arith.constant 0 : i32
  %k1_i32 = arith.constant 32 : i32
  scf.for %i1 = %k0_i32 to %m step %k1_i32 : i32 {
    %ii2 = arith.index_cast %i1 : i32 to index
    %src4 = memref.subview %src[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src4, %buf3 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, #gpu.address_space<workgroup>>
    %dst5 = memref.subview %out[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf3, %dst5 {asyncpipe.stage = 32, asyncpipe.order = 1} : memref<8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}
