// REQUIRES: long-tests
// Every wrong version of asyncpipe-warp-specialize's output that
// test/tools/ws-mutants.py writes (issue 38's list: the eleven that
// verify-sync rejects in test/Passes/warp-specialize/proof.test and
// persistent-long.test, and two register budgets that do not fit, which
// only the block model runs), lowered for sm_90a and run on the CPU block
// model as warp-specialized-gemm-block-cpu.mlir runs the pass's own kernel:
// each computes a wrong C or the model stops the run (a hang, a tile
// overwritten under a wgmma, bytes that do not add up). A ring of 2 slots,
// a block per tile and persistent (a grid of 5 blocks). About a minute:
// ASYNCPIPE_LONG_TESTS=1 runs it.
// RUN: python3 %S/../tools/ws-mutants.py --bin %bin/asyncpipe-opt --slots 2 --run \
// RUN:   'cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   %examples/tensor_core_gemm_tma.mlir | FileCheck %s
// RUN: python3 %S/../tools/ws-mutants.py --bin %bin/asyncpipe-opt --slots 2 --persistent --run \
// RUN:   'cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir | sed -e "s/%grid = arith.constant 0 : index/%grid = arith.constant 5 : index/" | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   %examples/tensor_core_gemm_tma.mlir | FileCheck %s
// CHECK: ws-mutants: as written: 21 schedules on the block model, every output equal to linalg.matmul's
// CHECK-NEXT: wait-group-weakened: caught: the model stopped the run (block-sim: a tile a wgmma reads changed before the wgmma.wait_group that completes it)
// CHECK-NEXT: producer-parity-unflipped: caught: the model stopped the run (block-sim: threads wait for what no thread will do
// CHECK-NEXT: consumer-parity-flipped: caught:
// CHECK-NEXT: empty-wait-removed: caught:
// CHECK-NEXT: empty-count-short: caught:
// CHECK-NEXT: full-count-plus-one: caught: the model stopped the run (block-sim: threads wait for what no thread will do
// CHECK-NEXT: expect-tx-short: caught: the model stopped the run (block-sim: an mbarrier phase's bulk copies do not add up to the bytes it expects)
// CHECK-NEXT: release-before-wait-group: caught:
// CHECK-NEXT: release-current-slot: caught: the model stopped the run (block-sim: threads wait for what no thread will do
// CHECK-NEXT: release-unguarded: caught:
// CHECK-NEXT: release-removed: caught: the model stopped the run (block-sim: threads wait for what no thread will do
// CHECK-NEXT: consumer-registers-over: caught: the model stopped the run (block-sim: threads wait for what no thread will do: {{.*}} registers for a setmaxnreg
// CHECK-NEXT: producer-registers-kept: caught: the model stopped the run (block-sim: threads wait for what no thread will do: {{.*}} registers for a setmaxnreg
// CHECK-NEXT: ws-mutants: 13 of 13 mutants caught on the block model
