// A tiled GEMM on the GPU, C = A B (512 x 512 x 512, f32), software-pipelined
// with cooperative cp.async tile loads.
//
// Each block of 256 threads computes a 64 x 64 tile of C, walking K in steps
// of 16. Per step, the threads copy a 64 x 16 tile of A and a 16 x 64 tile of
// B into workgroup (shared) memory together, 16 bytes each (thread t copies
// A row t / 4 and B row t / 16), in async stage 0; then each thread reads a
// 4 x 16 strip of A's tile and a 16 x 4 strip of B's, rows and columns that
// other threads copied, and accumulates its 4 x 4 outputs with FMAs (a contractible multiply
// and add), in
// stage 2: 3 stages, so the pipeliner keeps 3 versions of each tile. The
// reads of other threads' copies need the copying threads' waits and a block
// barrier, and a copy into a version needs every thread to have finished
// reading it: asyncpipe places the barriers (one per K step).
//
//   asyncpipe-opt tiled_gemm.mlir --asyncpipe-software-pipeline \
//     --asyncpipe-verify-sync --asyncpipe-to-ptx=chip=sm_80
//
// (scripts/demo.sh runs these steps, reports the barriers, runs the kernel
// on the CPU block model against linalg.matmul and prints ptxas's figures.)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_gemm(%A: memref<512x512xf32>, %B: memref<512x512xf32>, %C: memref<512x512xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      // K steps, and blocks along N.
      %steps = arith.constant 32 : index
      %blocks_n = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %As = memref.alloc() : memref<64x16xf32, #gpu.address_space<workgroup>>
      %Bs = memref.alloc() : memref<16x64xf32, #gpu.address_space<workgroup>>
      %acc = memref.alloca() : memref<4x4xf32>
      scf.for %i = %c0 to %c4 step %c1 {
        scf.for %j = %c0 to %c4 step %c1 {
          memref.store %zero, %acc[%i, %j] : memref<4x4xf32>
        }
      }
      // The block's tile of C starts at (row0, col0).
      %bm = arith.divui %bid, %blocks_n : index
      %bn = arith.remui %bid, %blocks_n : index
      %row0 = arith.muli %bm, %c64 : index
      %col0 = arith.muli %bn, %c64 : index
      // What this thread copies: 4 floats of A's tile (row a_row, from
      // a_col) and 4 of B's (row b_row, from b_col).
      %a_row = arith.divui %tid, %c4 : index
      %a_rem = arith.remui %tid, %c4 : index
      %a_col = arith.muli %a_rem, %c4 : index
      %b_row = arith.divui %tid, %c16 : index
      %b_rem = arith.remui %tid, %c16 : index
      %b_col = arith.muli %b_rem, %c4 : index
      %ga_row = arith.addi %row0, %a_row : index
      %gb_col = arith.addi %col0, %b_col : index
      // What it computes: the 4 x 4 outputs from (r0, q0) of the tile.
      %r0 = arith.muli %b_row, %c4 : index
      %q0 = arith.muli %b_rem, %c4 : index
      scf.for %step = %c0 to %steps step %c1 {
        %k0 = arith.muli %step, %c16 : index
        %ga_col = arith.addi %k0, %a_col : index
        %ga = memref.subview %A[%ga_row, %ga_col] [1, 4] [1, 1] : memref<512x512xf32> to memref<4xf32, strided<[1], offset: ?>>
        %sa = memref.subview %As[%a_row, %a_col] [1, 4] [1, 1] : memref<64x16xf32, #gpu.address_space<workgroup>> to memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %ga, %sa {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        %gb_row = arith.addi %k0, %b_row : index
        %gb = memref.subview %B[%gb_row, %gb_col] [1, 4] [1, 1] : memref<512x512xf32> to memref<4xf32, strided<[1], offset: ?>>
        %sb = memref.subview %Bs[%b_row, %b_col] [1, 4] [1, 1] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %gb, %sb {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        scf.for %kk = %c0 to %c16 step %c1 {
          scf.for %i = %c0 to %c4 step %c1 {
            %ar = arith.addi %r0, %i : index
            %a = memref.load %As[%ar, %kk] : memref<64x16xf32, #gpu.address_space<workgroup>>
            scf.for %j = %c0 to %c4 step %c1 {
              %bc = arith.addi %q0, %j : index
              %b = memref.load %Bs[%kk, %bc] : memref<16x64xf32, #gpu.address_space<workgroup>>
              %s = memref.load %acc[%i, %j] : memref<4x4xf32>
              %p = arith.mulf %a, %b fastmath<contract> : f32
              %n = arith.addf %s, %p fastmath<contract> : f32
              memref.store %n, %acc[%i, %j] : memref<4x4xf32>
            }
          }
        } {asyncpipe.stage = 2, asyncpipe.order = 2}
      } {asyncpipe.async_stages = array<i64: 0>}
      scf.for %i = %c0 to %c4 step %c1 {
        scf.for %j = %c0 to %c4 step %c1 {
          %v = memref.load %acc[%i, %j] : memref<4x4xf32>
          %ar = arith.addi %r0, %i : index
          %bc = arith.addi %q0, %j : index
          %row = arith.addi %row0, %ar : index
          %col = arith.addi %col0, %bc : index
          memref.store %v, %C[%row, %col] : memref<512x512xf32>
        }
      }
      gpu.return
    }
  }
}
