// wgmma on K-major tiles wider than one swizzle region (K = 128: attention's
// head dim 128 reads Q and K so): the GEMM with K steps of 128
// (Inputs/tensor-core-gemm-k128.mlir), pipelined, proven and lowered for
// sm_90a, on the CPU block model against linalg.matmul in 21 schedules (as
// tensor-core-gemm-tma-block-cpu.mlir runs the example). A's tile is two
// regions of 128 rows x 64 columns; a K step past 64 reads the second
// region, and warpgroup 1's rows start 64 rows of 128 bytes into each
// region. Before 2026-11-29 the lowering refused K > 64; its first version
// here put warpgroup 1's rows 64 rows of the row-major memref in (256 bytes
// each: in the second region), and the model stopped the run ("a tile a
// wgmma reads changed before the wgmma.wait_group that completes it").
// RUN: asyncpipe-opt %S/Inputs/tensor-core-gemm-k128.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu=bulk-queues=0 | %unwrap-module > %t.kernel.mlir
// RUN: sed -e 's/%rows_b = arith.constant 64 : i64/%rows_b = arith.constant 128 : i64/' %S/Inputs/tensor-core-gemm-tma-block-main.mlir > %t.main.mlir
// RUN: cat %t.kernel.mlir %t.main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: FileCheck %s --input-file %t.kernel.mlir --check-prefix=KERNEL

// Every run: no output differs from linalg.matmul's.
// CHECK-COUNT-21: {{^0$}}
// CHECK-NOT: {{.}}

// Tensor maps of boxes of 128 rows x 64 columns for both inputs.
// KERNEL: asyncpipe.tensor_maps = [array<i64: 0, 128, 64, 128>, array<i64: 1, 128, 64, 128>]
// Per K step of 16, A's descriptor moves 2 units (32 bytes), and by 1024
// units (the 16 KiB of a 128 x 64 region) from step 4 on.
// KERNEL: arith.constant 1024 : i64
