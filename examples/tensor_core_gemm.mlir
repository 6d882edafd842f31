// A tensor-core GEMM, C = A B (512 x 512 x 512, f16 inputs, f32
// accumulation), software-pipelined with cooperative cp.async tile loads and
// async compute.
//
// Each block of 256 threads (8 warps) computes a 128 x 128 tile of C, walking
// K in steps of 64. Per step the threads copy a 128 x 64 tile of A and a
// 64 x 128 tile of B into workgroup memory together, 64 bytes each (thread t
// copies half a row of A's tile, row t / 2, and a quarter row of B's, row
// t / 4), in async stage 0; stage 2 multiplies the tiles into the block's
// accumulator with asyncpipe.mma, also async (the tensor cores' queue): 3
// stages, so the pipeliner keeps 4 versions of each tile (one more than the
// stages, since the MMA reads its tiles until a wait completes it), and a
// copy into a version waits for the MMA that read it. The MMA reads rows
// that other threads copied: asyncpipe places the block barriers. The 4
// versions of both tiles take 128 KiB, more than a block's 48 KiB of static
// shared memory: asyncpipe-workgroup-attributions places them in dynamic
// shared memory (asyncpipe.dynamic_shared_bytes on the kernel).
//
//   asyncpipe-opt tensor_core_gemm.mlir --asyncpipe-software-pipeline \
//     --asyncpipe-verify-sync --asyncpipe-to-ptx=chip=sm_80
//
// On sm_80 the MMA becomes ldmatrix and mma.sync m16n8k16 (each warp a
// 64 x 32 part of the tile, in a 2 x 4 grid of warps), which completes at
// issue.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tensor_core_gemm(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c32h = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // K steps, and blocks along N.
      %steps = arith.constant 8 : index
      %blocks_n = arith.constant 4 : index
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
      %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
      // The block's tile of C starts at (row0, col0).
      %bm = arith.divui %bid, %blocks_n : index
      %bn = arith.remui %bid, %blocks_n : index
      %row0 = arith.muli %bm, %c128 : index
      %col0 = arith.muli %bn, %c128 : index
      // What this thread copies: 32 halves of A's tile (row a_row, from
      // a_col) and 32 of B's (row b_row, from b_col).
      %a_row = arith.divui %tid, %c2 : index
      %a_rem = arith.remui %tid, %c2 : index
      %a_col = arith.muli %a_rem, %c32h : index
      %b_row = arith.divui %tid, %c4 : index
      %b_rem = arith.remui %tid, %c4 : index
      %b_col = arith.muli %b_rem, %c32h : index
      %ga_row = arith.addi %row0, %a_row : index
      %gb_col = arith.addi %col0, %b_col : index
      scf.for %step = %c0 to %steps step %c1 {
        %k0 = arith.muli %step, %c64 : index
        %ga_col = arith.addi %k0, %a_col : index
        %ga = memref.subview %A[%ga_row, %ga_col] [1, 32] [1, 1] : memref<512x512xf16> to memref<32xf16, strided<[1], offset: ?>>
        %sa = memref.subview %As[%a_row, %a_col] [1, 32] [1, 1] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<32xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %ga, %sa {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<32xf16, strided<[1], offset: ?>> to memref<32xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        %gb_row = arith.addi %k0, %b_row : index
        %gb = memref.subview %B[%gb_row, %gb_col] [1, 32] [1, 1] : memref<512x512xf16> to memref<32xf16, strided<[1], offset: ?>>
        %sb = memref.subview %Bs[%b_row, %b_col] [1, 32] [1, 1] : memref<64x128xf16, #gpu.address_space<workgroup>> to memref<32xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %gb, %sb {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<32xf16, strided<[1], offset: ?>> to memref<32xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
      } {asyncpipe.async_stages = array<i64: 0, 2>}
      %Ct = memref.subview %C[%row0, %col0] [128, 128] [1, 1] : memref<512x512xf32> to memref<128x128xf32, strided<[512, 1], offset: ?>>
      asyncpipe.accumulator_store %acc, %Ct : !asyncpipe.accumulator<128x128xf32> to memref<128x128xf32, strided<[512, 1], offset: ?>>
      gpu.return
    }
  }
}
