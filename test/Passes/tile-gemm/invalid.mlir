// asyncpipe-tile-gemm's errors: each at the op that keeps the kernel from
// being one GEMM it can re-tile, before anything changes. What the kernel
// computes is evaluated, block by block and step by step: a wrong tile
// offset is named with the block and step where it shows.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-tile-gemm
// Options out of range are errors at the module.
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm=chip=sm_80 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: asyncpipe-tile-gemm: the cost model has sm_90a's figures; chip is 'sm_80'
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm=tile-n=96 2>&1 | FileCheck %s --check-prefix=TILE
// TILE: error: asyncpipe-tile-gemm: tile-n = 96: a block tile has 64 to 256 columns in steps of 64
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm=tile-m=96 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: error: asyncpipe-tile-gemm: tile-m = 96: a block tile has 64 to 192 rows in steps of 64
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm=group-rows=3 2>&1 | FileCheck %s --check-prefix=GROUP
// GROUP: error: asyncpipe-tile-gemm: no tile fits a 512 x 512 x 512 GEMM
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm=sms=0 2>&1 | FileCheck %s --check-prefix=SMS
// SMS: error: asyncpipe-tile-gemm: sms is 1 to 65536

// Block t stores the tile of block t / 2 (rows): two blocks, one tile.
gpu.module @kernels {
  gpu.func @same_tile(%A: memref<256x128xf16>, %B: memref<128x256xf16>, %C: memref<256x256xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %bid = gpu.block_id x
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    %half = arith.divui %bid, %c2 : index
    %bm = arith.remui %half, %c2 : index
    %bn = arith.divui %bid, %c2 : index
    %row0 = arith.muli %bm, %c128 : index
    %col0 = arith.muli %bn, %c128 : index
    scf.for %s = %c0 to %c2 step %c1 {
      %k0 = arith.muli %s, %c64 : index
      %ga = memref.subview %A[%row0, %k0] [128, 64] [1, 1] : memref<256x128xf16> to memref<128x64xf16, strided<[128, 1], offset: ?>>
      memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[128, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %gb = memref.subview %B[%k0, %col0] [64, 128] [1, 1] : memref<128x256xf16> to memref<64x128xf16, strided<[256, 1], offset: ?>>
      memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[256, 1], offset: ?>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 1, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 1>}
    // expected-error @+1 {{asyncpipe-tile-gemm: blocks 0 and 1 both store the tile at (0, 0): the blocks do not cover C}}
    %Ct = memref.subview %C[%row0, %col0] [128, 128] [1, 1] : memref<256x256xf32> to memref<128x128xf32, strided<[256, 1], offset: ?>>
    asyncpipe.accumulator_store %acc, %Ct : !asyncpipe.accumulator<128x128xf32> to memref<128x128xf32, strided<[256, 1], offset: ?>>
    gpu.return
  }
}

// -----

// The B tile is read at the A tile's K offset plus one step.
gpu.module @kernels {
  gpu.func @wrong_k(%A: memref<256x128xf16>, %B: memref<128x256xf16>, %C: memref<256x256xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %bid = gpu.block_id x
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    %bm = arith.remui %bid, %c2 : index
    %bn = arith.divui %bid, %c2 : index
    %row0 = arith.muli %bm, %c128 : index
    %col0 = arith.muli %bn, %c128 : index
    scf.for %s = %c0 to %c2 step %c1 {
      %k0 = arith.muli %s, %c64 : index
      %s1 = arith.addi %s, %c1 : index
      %s2 = arith.remui %s1, %c2 : index
      %kb = arith.muli %s2, %c64 : index
      %ga = memref.subview %A[%row0, %k0] [128, 64] [1, 1] : memref<256x128xf16> to memref<128x64xf16, strided<[128, 1], offset: ?>>
      memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[128, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      // expected-error @+1 {{asyncpipe-tile-gemm: in block 0, step 0 reads A at (0, 0) and B at (64, 0); C = A B needs A at (0, 0) and B at (0, 0)}}
      %gb = memref.subview %B[%kb, %col0] [64, 128] [1, 1] : memref<128x256xf16> to memref<64x128xf16, strided<[256, 1], offset: ?>>
      memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[256, 1], offset: ?>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 1, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 1>}
    %Ct = memref.subview %C[%row0, %col0] [128, 128] [1, 1] : memref<256x256xf32> to memref<128x128xf32, strided<[256, 1], offset: ?>>
    asyncpipe.accumulator_store %acc, %Ct : !asyncpipe.accumulator<128x128xf32> to memref<128x128xf32, strided<[256, 1], offset: ?>>
    gpu.return
  }
}

// -----

// A store in the loop: not a GEMM the pass re-tiles.
gpu.module @kernels {
  gpu.func @side_effect(%A: memref<256x128xf16>, %B: memref<128x256xf16>, %C: memref<256x256xf32>, %log: memref<4xindex>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %bid = gpu.block_id x
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    %bm = arith.remui %bid, %c2 : index
    %bn = arith.divui %bid, %c2 : index
    %row0 = arith.muli %bm, %c128 : index
    %col0 = arith.muli %bn, %c128 : index
    scf.for %s = %c0 to %c2 step %c1 {
      %k0 = arith.muli %s, %c64 : index
      // expected-error @+1 {{asyncpipe-tile-gemm: re-tiles a kernel that is one GEMM in the sm_90a example's form (see its pass doc); the loop may hold its two tile copies, one asyncpipe.mma and pure index arithmetic only}}
      memref.store %k0, %log[%s] : memref<4xindex>
      %ga = memref.subview %A[%row0, %k0] [128, 64] [1, 1] : memref<256x128xf16> to memref<128x64xf16, strided<[128, 1], offset: ?>>
      memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[128, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %gb = memref.subview %B[%k0, %col0] [64, 128] [1, 1] : memref<128x256xf16> to memref<64x128xf16, strided<[256, 1], offset: ?>>
      memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[256, 1], offset: ?>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 1, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 1>}
    %Ct = memref.subview %C[%row0, %col0] [128, 128] [1, 1] : memref<256x256xf32> to memref<128x128xf32, strided<[256, 1], offset: ?>>
    asyncpipe.accumulator_store %acc, %Ct : !asyncpipe.accumulator<128x128xf32> to memref<128x128xf32, strided<[256, 1], offset: ?>>
    gpu.return
  }
}

// asyncpipe-warp-specialize's persistent option is true, false or auto:
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize=persistent=maybe 2>&1 | FileCheck %s --check-prefix=PERSISTENT
// PERSISTENT: error: asyncpipe-warp-specialize: persistent is true, false or auto, not 'maybe'
