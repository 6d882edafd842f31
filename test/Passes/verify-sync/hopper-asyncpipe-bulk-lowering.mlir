// asyncpipe's own sm_90a GEMM, lowered: examples/tensor_core_gemm_tma.mlir
// after the pipeliner, asyncpipe-lower-mma (wgmma, descriptors from
// memref.extract_aligned_pointer_as_index, the accumulator in a thread's
// alloca) and asyncpipe-to-nvgpu with its tile copies on a bulk queue (TMA
// loads on a ring of mbarriers: nvvm.mbarrier.expect_tx, arrive and
// try_wait.parity on addresses computed with llvm.inttoptr; the ring's
// counter kept in a thread's memref.alloca<index>; the tensor maps kernel
// arguments named by asyncpipe.tensor_maps). verify-sync proves it at this
// level, and finds each of three breaks (Inputs/lowered-gemm-mutant.py).
// Before, every such kernel was "not modeled" (nvvm.mbarrier.expect_tx) and
// could be checked only before its lowering.
// RUN: asyncpipe-opt %S/../../../examples/tensor_core_gemm_tma.mlir --asyncpipe-software-pipeline=bulk-queues=0 \
// RUN:   | asyncpipe-opt --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu=bulk-queues=0 -o %t.lowered.mlir
// RUN: asyncpipe-opt %t.lowered.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: python3 %S/Inputs/lowered-gemm-mutant.py --no-mma-wait < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=MMA
// MMA: error: overwrites shared memory that a warpgroup MMA may still read: no wgmma.wait_group completes it before
// RUN: python3 %S/Inputs/lowered-gemm-mutant.py --short-expect < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPECT
// EXPECT: error: {{.*}}transaction bytes
// RUN: python3 %S/Inputs/lowered-gemm-mutant.py --no-wait < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAIT
// WAIT: error: reads shared memory that a TMA load may still be writing: no wait on the mbarrier phase that completes it comes before
// A copy per thread (a bulk queue of row copies, as for
// examples/tiled_gemm.mlir on sm_90) is "cannot prove", not a race:
// RUN: asyncpipe-opt %S/../../../examples/tiled_gemm.mlir --asyncpipe-software-pipeline=bulk-queues=0 \
// RUN:   | asyncpipe-opt --asyncpipe-to-nvgpu=bulk-queues=0 | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: error: cannot prove: where this bulk copy writes is not known, or it depends on the thread
// A store into the ring's counter inside a loop the model does not follow
// (the block's id iterations): the counter is not known after it, and the
// waits that take their slot from it cannot be proven (before, the loop's
// body was taken to run, the counter 0, and the kernel judged from it):
// RUN: python3 %S/Inputs/lowered-gemm-mutant.py --opaque-reset < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESET
// RESET: error: cannot prove: which mbarrier this pointer points to is not known
// So is a store of 1 into the counter through a memref.memory_space_cast
// of it, or through its aligned pointer (llvm.store): before, neither was
// seen as a write of the counter, and the kernel was proven with the ring
// one slot off.
// RUN: python3 %S/Inputs/lowered-gemm-mutant.py --cast-reset < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESET
// RUN: python3 %S/Inputs/lowered-gemm-mutant.py --pointer-reset < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESET
// Through inline assembly given the counter's address as an integer: an
// alloca whose address escapes keeps no integers (from a review; proven
// before):
// RUN: python3 %S/Inputs/lowered-gemm-mutant.py --asm-reset < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESET
// A loop the model does not follow that stores only into an alloca of its
// own leaves the counter known (before, every private integer was
// forgotten after such a loop, and the kernel was "cannot prove"):
// RUN: python3 %S/Inputs/lowered-gemm-mutant.py --opaque-other < %t.lowered.mlir | asyncpipe-opt --asyncpipe-verify-sync -o /dev/null
