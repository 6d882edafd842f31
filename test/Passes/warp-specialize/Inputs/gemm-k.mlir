// The tensor-core GEMM for Hopper (sm_90a), C = A B (512 x 512 x 512, f16
// inputs, f32 accumulation), software-pipelined with tile copies on a bulk
// queue and async compute on the tensor cores' own queue.
//
// Each block of 256 threads (two warpgroups) computes a 128 x 128 tile of C,
// walking K in steps of 64. Per step the block copies a 128 x 64 tile of A
// and a 64 x 128 tile of B into workgroup memory: each copy names the whole
// tile and is the same in every thread (no thread id in it), in async stage
// 0; stage 2 multiplies the tiles into the block's accumulator with
// asyncpipe.mma, also async: 3 stages, so the pipeliner keeps 4 versions of
// each tile (128 KiB, in dynamic shared memory), one wait on each queue and
// one block barrier a K step.
//
//   asyncpipe-opt tensor_core_gemm_tma.mlir --asyncpipe-software-pipeline \
//     --asyncpipe-verify-sync --asyncpipe-to-ptx="chip=sm_90a bulk-queues=0"
//
// On sm_90a the MMA becomes wgmma: each warpgroup multiplies its 64 rows
// with four wgmma.mma_async m64n128k16 a K step, committed as one group of
// wgmma's queue and waited for with wgmma.wait_group 1 in the steady state
// (one K step's MMAs stay in flight while the next tiles are copied). wgmma
// reads its tiles in the 128-byte swizzle, so the copies (queue 0, a bulk
// queue) become tensor-map copies (cp.async.bulk.tensor, one thread of the
// block issuing them) that write that layout, completing on a ring of
// mbarriers; the kernel takes one tensor map per input after its memrefs
// (asyncpipe.tensor_maps), which the host encodes once per buffer.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tensor_core_gemm_tma(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>, %steps: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c64 = arith.constant 64 : index
      // The block's tile of C: tile_m x tile_n.
      %tile_m = arith.constant 128 : index
      %tile_n = arith.constant 128 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %blocks_n = arith.constant 4 : index
      // Blocks walk the tiles of C in groups of group_rows tile rows: down
      // a group's rows, then right, so that the blocks running at once
      // share their tiles of A and B in L2 (group_rows divides the rows of
      // tiles; 1 is plain row-major order).
      %group_rows = arith.constant 4 : index
      %bid = gpu.block_id x
      %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
      %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
      %per_group = arith.muli %group_rows, %blocks_n : index
      %group = arith.divui %bid, %per_group : index
      %in_group = arith.remui %bid, %per_group : index
      %first_row = arith.muli %group, %group_rows : index
      %row_in_group = arith.remui %in_group, %group_rows : index
      %bm = arith.addi %first_row, %row_in_group : index
      %bn = arith.divui %in_group, %group_rows : index
      // The block's tile of C starts at (row0, col0).
      %row0 = arith.muli %bm, %tile_m : index
      %col0 = arith.muli %bn, %tile_n : index
      scf.for %step = %c0 to %steps step %c1 {
        %k0 = arith.muli %step, %c64 : index
        %ga = memref.subview %A[%row0, %k0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1], offset: ?>>
        memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[512, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
        %gb = memref.subview %B[%k0, %col0] [64, 128] [1, 1] : memref<512x512xf16> to memref<64x128xf16, strided<[512, 1], offset: ?>>
        memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[512, 1], offset: ?>> to memref<64x128xf16, #gpu.address_space<workgroup>>
        asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
      } {asyncpipe.async_stages = array<i64: 0, 2>}
      %Ct = memref.subview %C[%row0, %col0] [128, 128] [1, 1] : memref<512x512xf32> to memref<128x128xf32, strided<[512, 1], offset: ?>>
      asyncpipe.accumulator_store %acc, %Ct : !asyncpipe.accumulator<128x128xf32> to memref<128x128xf32, strided<[512, 1], offset: ?>>
      gpu.return
    }
  }
}
