// asyncpipe-tile-gemm re-tiles the sm_90a example (128 x 128 tiles, groups
// of 4 tile rows) to what the cost model chooses for its shape: at 512³,
// 128 x 64 tiles (32 blocks: 16 tiles of 128 x 128 leave most of 132
// multiprocessors idle), in groups of 4 tile rows, 8 stages (a K step of
// 128 x 64 is short beside a load's latency). The tiles, the accumulator
// and the views change shape; the tile's offsets come from the new order;
// the old order's arithmetic is gone.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm | FileCheck %s
// CHECK-LABEL: gpu.func @tensor_core_gemm_tma
// CHECK-SAME: asyncpipe.gemm_tiling = {estimate = "{{[0-9.]+}} us, {{[0-9]+}} TFLOP/s, bound by tensor cores", group_rows = 4 : i64, persistent = 0 : i64, stages = 8 : i64, tile = array<i64: 128, 64, 64>, tiles = 32 : i64}
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[GROUP:.*]] = arith.divui %[[BID]], %c32
// CHECK: %[[IN:.*]] = arith.remui %[[BID]], %c32
// CHECK: %[[FIRST:.*]] = arith.muli %[[GROUP]], %c4
// CHECK: %[[ROWIN:.*]] = arith.remui %[[IN]], %c4
// CHECK: %[[ROW:.*]] = arith.addi %[[FIRST]], %[[ROWIN]]
// CHECK: %[[COL:.*]] = arith.divui %[[IN]], %c4
// CHECK: %[[ROW0:.*]] = arith.muli %[[ROW]], %c128
// CHECK: %[[COL0:.*]] = arith.muli %[[COL]], %c64
// The old order's arithmetic sat between the accumulator and the loop:
// nothing is left there.
// CHECK-NEXT: memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
// CHECK-NEXT: scf.for
// CHECK: memref.subview %arg0[%[[ROW0]], %{{.*}}] [128, 64] [1, 1]
// CHECK: memref.subview %arg1[%{{.*}}, %[[COL0]]] [64, 64] [1, 1]
// CHECK: asyncpipe.mma {{.*}} into !asyncpipe.accumulator<128x64xf32>
// CHECK: {asyncpipe.async_stages = array<i64: 0, 2>}
// CHECK: memref.subview %arg2[%[[ROW0]], %[[COL0]]] [128, 64] [1, 1]
// CHECK-NEXT: asyncpipe.accumulator_store
// CHECK-NEXT: gpu.return
//
// At the benchmark's sizes the model takes 128 x 256 tiles in groups of 16
// tile rows and 3 stages at 8192³ (what the H100 ran at cuBLAS's speed),
// persistent (2048 tiles on 132 multiprocessors; at 512³ its 32 tiles make
// one wave, and it is not), and 128 x 256 at 4096³; asked for a tile and
// order, it takes them.
// RUN: python3 %S/../../../bench/gpu/tma_variant.py 128 128 2 8192 < %examples/tensor_core_gemm_tma.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-tile-gemm | FileCheck %s --check-prefix=BIG
// BIG: group_rows = 16 : i64, persistent = 1 : i64, stages = 3 : i64, tile = array<i64: 128, 256, 64>, tiles = 2048 : i64
// RUN: python3 %S/../../../bench/gpu/tma_variant.py 128 128 2 4096 < %examples/tensor_core_gemm_tma.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-tile-gemm | FileCheck %s --check-prefix=MID
// MID: tile = array<i64: 128, 256, 64>, tiles = 512 : i64
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir '--asyncpipe-tile-gemm=tile-n=256 group-rows=2' | FileCheck %s --check-prefix=ASKED
// ASKED: group_rows = 2 : i64, persistent = 0 : i64, {{.*}} tile = array<i64: 128, 256, 64>, tiles = 8 : i64
// ASKED: memref.alloc() : memref<64x256xf16, #gpu.address_space<workgroup>>
// ASKED: asyncpipe.accumulator_init : !asyncpipe.accumulator<128x256xf32>
//
// The re-tiled kernel goes on through either path: software-pipelined
// (verify-sync proves it) or warp-specialized, persistent, with the chosen
// stages as its ring.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm --asyncpipe-software-pipeline --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm '--asyncpipe-warp-specialize=persistent=true' | FileCheck %s --check-prefix=WS
// WS: asyncpipe.warp_roles = {consumers = array<i64: 0, 256>, producer = array<i64: 256, 384>, registers = array<i64: 168, 40, 232>, slot_bytes = 24576 : i64, slots = 8 : i64, tiles = 32 : i64}
