// A GEMM with async compute, C = A B (64 x 256 x 64, f16 into f32): stage 0
// copies a 64 x 32 tile of A and a 32 x 64 tile of B into workgroup memory
// (async, queue 0 after pipelining), stage 1 multiplies them into the
// accumulator with asyncpipe.mma (async compute, queue 1): the tensor-core
// queue of the async-pipeline document, where a stage is both an async
// consumer (of the tiles) and an async producer (of the accumulator).
func.func @gemm(%A: memref<64x256xf16>, %B: memref<256x64xf16>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %As = memref.alloc() : memref<64x32xf16, 3>
  %Bs = memref.alloc() : memref<32x64xf16, 3>
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  scf.for %k = %c0 to %c8 step %c1 {
    %k0 = arith.muli %k, %c32 : index
    %ga = memref.subview %A[0, %k0] [64, 32] [1, 1] : memref<64x256xf16> to memref<64x32xf16, strided<[256, 1], offset: ?>>
    %gb = memref.subview %B[%k0, 0] [32, 64] [1, 1] : memref<256x64xf16> to memref<32x64xf16, strided<[64, 1], offset: ?>>
    memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<64x32xf16, strided<[256, 1], offset: ?>> to memref<64x32xf16, 3>
    memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<32x64xf16, strided<[64, 1], offset: ?>> to memref<32x64xf16, 3>
    asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 1, asyncpipe.order = 2} : memref<64x32xf16, 3>, memref<32x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  } {asyncpipe.async_stages = array<i64: 0, 1>}
  asyncpipe.accumulator_store %acc, %C : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
  return
}
