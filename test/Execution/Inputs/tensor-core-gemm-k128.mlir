// The tensor-core GEMM of examples/tensor_core_gemm_tma.mlir with K steps
// of 128 (2 stages): its A and B tiles are 128 x 128, two 64-column regions
// of the 128-byte swizzle each (test/Execution/tensor-core-gemm-k128-block-cpu.mlir).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tensor_core_gemm_tma(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c64 = arith.constant 128 : index
      // The block's tile of C: tile_m x tile_n.
      %tile_m = arith.constant 128 : index
      %tile_n = arith.constant 128 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %steps = arith.constant 4 : index
      %blocks_n = arith.constant 4 : index
      // Blocks walk the tiles of C in groups of group_rows tile rows: down
      // a group's rows, then right, so that the blocks running at once
      // share their tiles of A and B in L2 (group_rows divides the rows of
      // tiles; 1 is plain row-major order).
      %group_rows = arith.constant 4 : index
      %bid = gpu.block_id x
      %As = memref.alloc() : memref<128x128xf16, #gpu.address_space<workgroup>>
      %Bs = memref.alloc() : memref<128x128xf16, #gpu.address_space<workgroup>>
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
        %ga = memref.subview %A[%row0, %k0] [128, 128] [1, 1] : memref<512x512xf16> to memref<128x128xf16, strided<[512, 1], offset: ?>>
        memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x128xf16, strided<[512, 1], offset: ?>> to memref<128x128xf16, #gpu.address_space<workgroup>>
        %gb = memref.subview %B[%k0, %col0] [128, 128] [1, 1] : memref<512x512xf16> to memref<128x128xf16, strided<[512, 1], offset: ?>>
        memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<128x128xf16, strided<[512, 1], offset: ?>> to memref<128x128xf16, #gpu.address_space<workgroup>>
        asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 1, asyncpipe.order = 2} : memref<128x128xf16, #gpu.address_space<workgroup>>, memref<128x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
      } {asyncpipe.async_stages = array<i64: 0, 1>}
      %Ct = memref.subview %C[%row0, %col0] [128, 128] [1, 1] : memref<512x512xf32> to memref<128x128xf32, strided<[512, 1], offset: ?>>
      asyncpipe.accumulator_store %acc, %Ct : !asyncpipe.accumulator<128x128xf32> to memref<128x128xf32, strided<[512, 1], offset: ?>>
      gpu.return
    }
  }
}
