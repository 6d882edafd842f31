// A persistent kernel (persistent=true) walks its output's tiles from its
// block id: a kernel that takes no tile from gpu.block_id x, or whose
// output has no static shape to count tiles in, is an error.
// RUN: asyncpipe-opt %s --asyncpipe-warp-specialize=persistent=true -split-input-file -verify-diagnostics

gpu.module @kernels {
  // expected-error @below {{a persistent kernel walks its output tiles by block: it must take its tile from one gpu.block_id x in its body}}
  gpu.func @k(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    scf.for %k = %c0 to %c8 step %c1 {
      %ga = memref.subview %A[0, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1]>>
      memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[512, 1]>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %gb = memref.subview %B[0, 0] [64, 128] [1, 1] : memref<512x512xf16> to memref<64x128xf16, strided<[512, 1]>>
      memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[512, 1]>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 2>}
    %Ct = memref.subview %C[0, 0] [128, 128] [1, 1] : memref<512x512xf32> to memref<128x128xf32, strided<[512, 1]>>
    asyncpipe.accumulator_store %acc, %Ct : !asyncpipe.accumulator<128x128xf32> to memref<128x128xf32, strided<[512, 1]>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @k(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<?x512xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %bid = gpu.block_id x
    %row0 = arith.muli %bid, %c128 : index
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    scf.for %k = %c0 to %c8 step %c1 {
      %ga = memref.subview %A[%row0, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
      memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %gb = memref.subview %B[0, 0] [64, 128] [1, 1] : memref<512x512xf16> to memref<64x128xf16, strided<[512, 1]>>
      memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[512, 1]>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 2>}
    %Ct = memref.subview %C[%row0, 0] [128, 128] [1, 1] : memref<?x512xf32> to memref<128x128xf32, strided<[512, 1], offset: ?>>
    // expected-error @below {{a persistent kernel walks the tiles of its output: each accumulator store must write a tile of a static 2-D output}}
    asyncpipe.accumulator_store %acc, %Ct : !asyncpipe.accumulator<128x128xf32> to memref<128x128xf32, strided<[512, 1], offset: ?>>
    gpu.return
  }
}
