// REQUIRES: long-tests
// Every synchronization of attention's lowered kernels is needed on the CPU
// block model (attention-block-cpu.mlir runs them as written, and three of
// these mutants): each block barrier removed, each mbarrier wait removed,
// and each wgmma.wait_group removed and allowing one group more in flight,
// in the full kernel, the causal one and the one at head dim 128 (23, 29
// and 23 mutants); each computes another O or the model stops the run.
// (About 25 minutes on two cores: ASYNCPIPE_LONG_TESTS=1.)
// RUN: asyncpipe-opt %examples/attention.mlir --asyncpipe-software-pipeline=bulk-queues=0,4 \
// RUN:   --asyncpipe-verify-sync=bulk-queues=0,4 --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu=bulk-queues=0,4 \
// RUN:   --asyncpipe-verify-sync | %unwrap-module > %t.kernel.mlir
// RUN: cp %S/Inputs/attention-block-main.mlir %t.main.mlir
// RUN: cat %t.kernel.mlir %t.main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: %each-sync-needed --expected %t.out --kernel attention %t.kernel.mlir \
// RUN:   'cat - %t.main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s
// The loop's block barrier (before thread 0 copies the next K and V tiles
// over the oldest versions) only order 4 shows needed: it holds warpgroup
// 1 back while warpgroup 0 copies, and the copy lands under warpgroup 1's
// S = Q K^T, which the model stops.
// CHECK: barrier 2 (line {{[0-9]+}}) removed: the model stopped the run (block-sim: a tile a wgmma reads changed before the wgmma.wait_group that completes it)
// RUN: %each-sync-needed --expected %t.out --kernel attention_causal %t.kernel.mlir \
// RUN:   'cat - %t.main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=CAUSAL
// CHECK-NOT: same result
// CHECK-NOT: failed
// CHECK: {{^}}[[N:[0-9]+]] mutants, [[N]] changed the result
// RUN: %each-sync-needed --expected %t.out --kernel attention_hd128 %t.kernel.mlir \
// RUN:   'cat - %t.main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=HD128
// CAUSAL-NOT: same result
// CAUSAL-NOT: failed
// CAUSAL: {{^}}[[N:[0-9]+]] mutants, [[N]] changed the result
// HD128-NOT: same result
// HD128-NOT: failed
// HD128: {{^}}[[N:[0-9]+]] mutants, [[N]] changed the result
//
// verify-sync at the nvgpu level rejects @attention without the loop's
// block barrier too (warpgroup 0's copy of K over a version warpgroup 1's
// S = Q K^T may still read; every thread arrives on the copy's mbarrier
// after issuing S, but before waiting for it).
// RUN: %each-sync-needed --verify 'asyncpipe-opt --asyncpipe-verify-sync' --kernel attention --only '^barrier 2 ' %t.kernel.mlir true \
// RUN:   | FileCheck %s --check-prefix=REJECTED
// REJECTED: barrier 2 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED-NEXT: 1 mutants, 1 changed the result or were rejected
