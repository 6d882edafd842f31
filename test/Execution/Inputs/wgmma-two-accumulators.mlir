// Two accumulators in flight at once (the block model tells their values in
// flight apart by their homes): one group multiplies A B into both, a second
// group adds A B to the first again while the first group is in flight;
// after the drain C1 = 2 A B and C2 = A B. 64 x 64 x 64, f16 into f32, one
// warpgroup.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_accumulators(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C1: memref<64x64xf32>, %C2: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %acc1 = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      %acc2 = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      asyncpipe.commit_queue 0 {
        %ga = memref.subview %A[0, 0] [64, 64] [1, 1] : memref<64x64xf16> to memref<64x64xf16, strided<[64, 1]>>
        asyncpipe.copy %ga, %as : memref<64x64xf16, strided<[64, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %gb = memref.subview %B[0, 0] [64, 64] [1, 1] : memref<64x64xf16> to memref<64x64xf16, strided<[64, 1]>>
        asyncpipe.copy %gb, %bs : memref<64x64xf16, strided<[64, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      asyncpipe.commit_queue 1 {
        asyncpipe.mma %as, %bs, %acc1 : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
        asyncpipe.mma %as, %bs, %acc2 : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      }
      asyncpipe.commit_queue 1 {
        asyncpipe.mma %as, %bs, %acc1 : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      }
      asyncpipe.wait_queue 1, 0
      asyncpipe.accumulator_store %acc1, %C1 : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
      asyncpipe.accumulator_store %acc2, %C2 : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
      gpu.return
    }
  }
}
