// The Hopper tensor-core GEMM (examples/tensor_core_gemm_tma.mlir: 128 x 128
// block tiles of f16 inputs, K steps of 64, 3 stages) pipelined, proven by
// verify-sync, and lowered for sm_90a as asyncpipe-to-ptx lowers it: its
// MMAs to wgmma (a fence, four wgmma.mma_async m64n128k16 a K step and
// warpgroup, wgmma.commit_group, wgmma.wait_group 1 in the loop and 0 before
// the store) on tiles in the 128-byte swizzle, its tile copies to tensor-map
// copies (thread 0's cp.async.bulk.tensor boxes) on a ring of mbarriers;
// then run on the CPU block model of asyncpipe-lower-block against
// linalg.matmul: 256 threads a block between barriers, the tensor-map copies
// writing the swizzled layout chunk by chunk and landing late or early, each
// thread's part of a wgmma read through its descriptors at issue and checked
// unchanged at the wait that completes it, its registers landing at that wait.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu=bulk-queues=0 | %unwrap-module > %t.kernel.mlir
// RUN: cat %t.kernel.mlir %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s --input-file %t.out
// Every barrier and every wait is needed, the wgmma waits among them:
// without any one, or with any wgmma wait allowing one group more in
// flight, the model stops the run or computes a wrong C.
// RUN: %each-sync-needed --expected %t.out %t.kernel.mlir \
// RUN:   'cat - %S/Inputs/tensor-core-gemm-tma-block-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED
// The kernel the model runs is the sm_90a one:
// RUN: FileCheck %s --input-file %t.kernel.mlir --check-prefix=KERNEL
// KERNEL-COUNT-2: nvvm.cp.async.bulk.tensor.shared.cluster.global
// KERNEL: nvvm.wgmma.fence.aligned
// KERNEL-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 16>
// KERNEL: nvvm.wgmma.commit.group.sync.aligned

// All 16 blocks (threads in order, copies late), then blocks 0 and 10 in 5
// orders with copies late and 5 with copies early, and in 5 starving
// schedules with copies late and 5 with copies early: no output differs
// from linalg.matmul's.
// CHECK-COUNT-21: {{^0$}}
// CHECK-NOT: {{.}}
// The same with order 4 for the starving one (warpgroup 1 held back while
// warpgroup 0 can run; wgmma waits completing as late as they may): exact.
// RUN: sed -e 's/%%starving = arith.constant 3 : index/%%starving = arith.constant 4 : index/' \
// RUN:   %S/Inputs/tensor-core-gemm-tma-block-main.mlir > %t.main4.mlir
// RUN: cat %t.kernel.mlir %t.main4.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s

// The rings' initialization barrier; the K step's barrier (without it a
// warpgroup's tensor-map copy overwrites a tile the other's wgmma still
// reads); each mbarrier wait; the loop's wgmma wait (removed or one weaker:
// a tile is overwritten before the wgmma reading it completes); the drain
// before the store (removed or one weaker: C is read before the wgmma
// writing it completes).
// NEEDED: barrier 1 (line {{[0-9]+}}) removed: the model stopped the run (block-sim: an mbarrier used before it was initialized)
// NEEDED: barrier 2 (line {{[0-9]+}}) removed: the model stopped the run (block-sim: a tile a wgmma reads changed before the wgmma.wait_group that completes it)
// NEEDED: mbarrier wait 1 (line {{[0-9]+}}) removed: {{the model stopped the run|result changed}}
// NEEDED: mbarrier wait 2 (line {{[0-9]+}}) removed: result changed
// NEEDED: mbarrier wait 3 (line {{[0-9]+}}) removed: result changed
// NEEDED: wgmma wait 1 (line {{[0-9]+}}) removed: the model stopped the run (block-sim: a tile a wgmma reads changed before the wgmma.wait_group that completes it)
// NEEDED: wgmma wait 1 (line {{[0-9]+}}) one group weaker: the model stopped the run (block-sim: a tile a wgmma reads changed before the wgmma.wait_group that completes it)
// NEEDED: wgmma wait 2 (line {{[0-9]+}}) removed: result changed
// NEEDED: wgmma wait 2 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: 9 mutants, 9 changed the result
