// The sm_90a example re-tiled by asyncpipe-tile-gemm (the cost model's
// choice at 512³: 128 x 64 tiles, 32 of them, groups of 4 tile rows, 8
// stages) run on the CPU block model against linalg.matmul, through both
// paths: warp-specialized as scripts/gemm_ptx.sh writes it (persistent=auto:
// not persistent, 32 blocks, the ring's 8 slots the model's stages), and
// persistent (a grid of 5 blocks, block 0 walking 7 tiles), and
// software-pipelined (in groups of 2 tile rows asked for: two groups,
// where the model's one group of 4 cannot show the group's arithmetic; the
// model's 128 x 64 tiles again, 32 blocks). C is checked element by element (the
// host code does not know the kernel's tiles): all of it after a run of
// every block, what block 0 (and, one block per tile, blocks 0, 10, 20, 30)
// wrote in the 20 other schedules.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm --asyncpipe-warp-specialize=persistent=auto \
// RUN:   --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu | %unwrap-module \
// RUN:   | cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir | sed -e 's/%grid = arith.constant 0 : index/%grid = arith.constant 32 : index/' \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm '--asyncpipe-warp-specialize=persistent=true' \
// RUN:   --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu | %unwrap-module \
// RUN:   | cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir | sed -e 's/%grid = arith.constant 0 : index/%grid = arith.constant 5 : index/' \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-tile-gemm=group-rows=2 --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu=bulk-queues=0 | %unwrap-module \
// RUN:   | cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir | sed -e 's/%grid = arith.constant 0 : index/%grid = arith.constant 32 : index/' \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// CHECK-COUNT-21: {{^0$}}
// CHECK-NOT: {{.}}
