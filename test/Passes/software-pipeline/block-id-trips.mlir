// Kernels whose trip count comes from the block id (a causal attention
// block's key tiles, a split of K by block): verify-sync follows the id as a
// parameter of its cases (as it does a kernel argument), and the original
// loop the pipeliner keeps for short trip counts issues each async stage's
// copy as the pipelined loop does (an asyncpipe.copy on the stage's queue,
// the form the lowerings take: on sm_90a a tile wgmma reads is filled by
// tensor-map copies only), waited for after each run of copies. Before
// 2026-11-29 these kernels did not pipeline ("a block barrier cannot order
// this access": the original loop's memref.copy is cooperative, and its
// barriers were placed before the loop).
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-software-pipeline --asyncpipe-verify-sync | FileCheck %s
// Without the short trip counts' barrier (the cooperative kernel's: each
// thread reads a row another copied), verify-sync rejects it:
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-software-pipeline \
// RUN:   | awk '/} else {/ {e = 1} e && /gpu.barrier/ {next} {print}' \
// RUN:   | not asyncpipe-opt --split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=NO-BARRIER

// The GEMM's short trip counts (N <= 2): both tiles' copies, one wait, the
// MMA; no barrier (each version is written once in so few iterations, and
// every thread issues the same whole-tile copy).
// CHECK-LABEL: gpu.func @gemm_block_trips
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      scf.for
// CHECK:             asyncpipe.commit_queue 0 {
// CHECK-NEXT:          asyncpipe.copy
// CHECK-NOT:         asyncpipe.wait_queue
// CHECK:             asyncpipe.commit_queue 0 {
// CHECK-NEXT:          asyncpipe.copy
// CHECK:             asyncpipe.wait_queue 0, 0
// CHECK-NOT:         gpu.barrier
// CHECK:             asyncpipe.mma
// NO-BARRIER: error: accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait that completed the write there
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gemm_block_trips(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c64 = arith.constant 64 : index
      // The block's tile of C: tile_m x tile_n.
      %tile_m = arith.constant 128 : index
      %tile_n = arith.constant 128 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8s = arith.constant 8 : index
      %blocks_n = arith.constant 4 : index
      // Blocks walk the tiles of C in groups of group_rows tile rows: down
      // a group's rows, then right, so that the blocks running at once
      // share their tiles of A and B in L2 (group_rows divides the rows of
      // tiles; 1 is plain row-major order).
      %group_rows = arith.constant 4 : index
      %bid = gpu.block_id x
      %steps = arith.remui %bid, %c8s : index
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

// -----

// CHECK-LABEL: gpu.func @cooperative_block_trips
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cooperative_block_trips(%a: memref<64x128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %trips = arith.remui %bid, %c8 : index
      %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
      %acc = memref.alloca() : memref<1xf32>
      memref.store %zero, %acc[%c0] : memref<1xf32>
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      scf.for %t = %c0 to %trips step %c1 {
        %src = memref.subview %a[%t, %tid, 0] [1, 1, 8] [1, 1, 1] : memref<64x128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
        %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %src, %dst {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        scf.for %j = %c0 to %c8 step %c1 {
          %v = memref.load %tile[%next, %j] : memref<128x8xf32, #gpu.address_space<workgroup>>
          %s = memref.load %acc[%c0] : memref<1xf32>
          %n = arith.addf %s, %v : f32
          memref.store %n, %acc[%c0] : memref<1xf32>
        } {asyncpipe.stage = 2, asyncpipe.order = 1}
      } {asyncpipe.async_stages = array<i64: 0>}
      %r = memref.load %acc[%c0] : memref<1xf32>
      memref.store %r, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
