// The tensor-core GEMM of tensor-core-gemm-block-cpu.mlir with its tile
// copies on bulk queues (sm_90: cp.async.bulk into mbarrier rings, the
// MMAs still ldmatrix and mma.sync), run on the CPU block model against
// linalg.matmul, every barrier and mbarrier wait shown needed. (A test of
// its own so that lit runs the two long block-model sweeps side by side.)
// RUN: asyncpipe-opt %examples/tensor_core_gemm.mlir --asyncpipe-software-pipeline=bulk-queues=0 --asyncpipe-verify-sync=bulk-queues=0 \
// RUN:   --asyncpipe-lower-mma=chip=sm_90 --asyncpipe-to-nvgpu=bulk-queues=0 | %unwrap-module > %t.bulk.mlir
// RUN: cat %t.bulk.mlir %S/Inputs/tensor-core-gemm-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s --input-file %t.out
// (Each wait's mutants run with ASYNCPIPE_LONG_TESTS=1 since 2026-11-29:
// the test command neared 10 minutes; the cp.async variants' mutants,
// tensor-core-gemm-block-cpu.mlir and tiled-gemm-block-cpu.mlir, run by default.)
// RUN: %if long-tests %{ %each-sync-needed --expected %t.out %t.bulk.mlir \
// RUN:   'cat - %S/Inputs/tensor-core-gemm-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=BULK %}
// The rings' initialization barrier: without it an mbarrier is used before
// it is initialized; the K step's barrier: a warp's copies overwrite a
// version another warp's MMA has yet to read; each mbarrier wait.
// BULK: barrier 1 (line {{[0-9]+}}) removed: the model stopped the run (block-sim: an mbarrier used before it was initialized)
// BULK: barrier 2 (line {{[0-9]+}}) removed: result changed
// BULK: mbarrier wait 1 (line {{[0-9]+}}) removed: result changed
// BULK: mbarrier wait 2 (line {{[0-9]+}}) removed: result changed
// BULK: mbarrier wait 3 (line {{[0-9]+}}) removed: result changed
// BULK: 5 mutants, 5 changed the result

// All 16 blocks (threads in order, copies late), then blocks 0, 5, 10 and
// 15 in 5 orders with copies late and 5 with copies early, and in 5
// starving schedules with copies late and 5 with copies early: no output
// differs from linalg.matmul's.
// CHECK-COUNT-21: {{^0$}}
// CHECK-NOT: {{.}}
