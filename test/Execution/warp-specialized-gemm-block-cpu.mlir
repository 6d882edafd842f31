// The warp-specialized GEMM (examples/tensor_core_gemm_tma.mlir through
// asyncpipe-warp-specialize, as `asyncpipe-kernel-to-ptx warp-specialize=true`
// writes it for sm_90a: a producer warpgroup issuing the tensor-map copies
// into a ring of slots, two consumer warpgroups waiting on the slots' full
// mbarriers, running wgmma and releasing each slot on its empty mbarrier,
// setmaxnreg moving registers from the producer to the consumers) run on the
// CPU block model against linalg.matmul: its 384 threads in their roles,
// interleaved in 21 schedules (forward, reverse, random, and starving ones
// where warps sit rounds out and threads freeze after their copies), the
// copies landing late or early, each wgmma a warpgroup's (completed when its
// four warps have issued it; its tiles must not change until then), each
// setmaxnreg a warpgroup's (an increase waits for registers another
// warpgroup frees). Verify-sync proves the kernel in the same pipeline.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize --asyncpipe-lower-mma=chip=sm_90a \
// RUN:   --asyncpipe-verify-sync --asyncpipe-to-nvgpu | %unwrap-module > %t.kernel.mlir
// RUN: FileCheck %s --input-file %t.kernel.mlir --check-prefix=KERNEL
// RUN: cat %t.kernel.mlir %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s --input-file %t.out
//
// The default ring (6 slots of 32 KiB, the example's 8 K steps), and the
// roles' ops the model runs:
// KERNEL: known_block_size = array<i32: 384, 1, 1>
// KERNEL: nvvm.setmaxregister  decrease 40
// KERNEL: nvvm.mbarrier.try_wait.parity
// KERNEL: nvvm.mbarrier.expect_tx
// KERNEL: nvvm.cp.async.bulk.tensor.shared.cluster.global
// KERNEL: nvvm.setmaxregister  increase 232
// KERNEL: nvvm.mbarrier.try_wait.parity
// KERNEL: nvvm.wgmma.mma_async
// KERNEL: nvvm.wgmma.wait.group.sync.aligned 1
// KERNEL: nvvm.mbarrier.arrive
//
// All 16 blocks (threads in order, copies late), then blocks 0 and 10 in 5
// orders with copies late and 5 early, and in 5 starving schedules with
// copies late and 5 early: no output differs from linalg.matmul's.
// CHECK-COUNT-21: {{^0$}}
// CHECK-NOT: {{.}}
//
// The same with order 4 for the starving one (the upper half of the warps,
// consumer warpgroup 1 and the producer, held back while the others can
// run; wgmma waits completing as late as they may): exact too.
// RUN: sed -e 's/%%starving = arith.constant 3 : index/%%starving = arith.constant 4 : index/' \
// RUN:   %S/Inputs/tensor-core-gemm-tma-block-main.mlir > %t.main4.mlir
// RUN: cat %t.kernel.mlir %t.main4.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
//
// A ring of 2 slots (each wraps 4 times in 8 K steps), and four of its
// wrong versions (test/tools/ws-mutants.py; all thirteen, here and in the
// persistent form, in warp-specialized-gemm-mutants-block-cpu.mlir, which
// ASYNCPIPE_LONG_TESTS=1 runs): each computes a wrong C or the model stops
// the run. None of them is run through verify-sync here.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize=slots=2 --asyncpipe-lower-mma=chip=sm_90a \
// RUN:   --asyncpipe-to-nvgpu | %unwrap-module \
// RUN:   | cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.two.out
// RUN: FileCheck %s --input-file %t.two.out
// RUN: python3 %S/../tools/ws-mutants.py --bin %bin/asyncpipe-opt --slots 2 --expected %t.two.out \
// RUN:   --only wait-group-weakened,expect-tx-short,release-before-wait-group,producer-registers-kept --run \
// RUN:   'cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   %examples/tensor_core_gemm_tma.mlir | FileCheck %s --check-prefix=MUTANTS
// MUTANTS: ws-mutants: as written: 21 schedules on the block model, every output equal to linalg.matmul's
// MUTANTS-NEXT: wait-group-weakened: caught: the model stopped the run (block-sim: a tile a wgmma reads changed before the wgmma.wait_group that completes it)
// MUTANTS-NEXT: expect-tx-short: caught: the model stopped the run (block-sim: an mbarrier phase's bulk copies do not add up to the bytes it expects)
// MUTANTS-NEXT: release-before-wait-group: caught:
// MUTANTS-NEXT: producer-registers-kept: caught: the model stopped the run (block-sim: threads wait for what no thread will do: {{.*}} registers for a setmaxnreg
// MUTANTS-NEXT: ws-mutants: 4 of 4 mutants caught on the block model
//
// The persistent form (persistent=true) on a grid of 5 blocks: block b
// computes tiles b, b + 5, ... (block 0 four of them, its ring carried from
// tile to tile, each tile's stores overlapping the next one's loads): all
// 16 tiles, then block 0 in the 20 other schedules; and two of its wrong
// versions.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir '--asyncpipe-warp-specialize=slots=2 persistent=true' --asyncpipe-lower-mma=chip=sm_90a \
// RUN:   --asyncpipe-verify-sync --asyncpipe-to-nvgpu | %unwrap-module \
// RUN:   | cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir | sed -e 's/%grid = arith.constant 0 : index/%grid = arith.constant 5 : index/' \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.persistent.out
// RUN: FileCheck %s --input-file %t.persistent.out
// RUN: python3 %S/../tools/ws-mutants.py --bin %bin/asyncpipe-opt --slots 2 --persistent --expected %t.persistent.out \
// RUN:   --only empty-wait-removed,release-unguarded --run \
// RUN:   'cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir | sed -e "s/%grid = arith.constant 0 : index/%grid = arith.constant 5 : index/" | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   %examples/tensor_core_gemm_tma.mlir | FileCheck %s --check-prefix=PERSISTENT
// PERSISTENT: ws-mutants: as written: 21 schedules on the block model, every output equal to linalg.matmul's
// PERSISTENT-NEXT: empty-wait-removed: caught:
// PERSISTENT-NEXT: release-unguarded: caught:
// PERSISTENT-NEXT: ws-mutants: 2 of 2 mutants caught on the block model
