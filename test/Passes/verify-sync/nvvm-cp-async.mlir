// cp.async pipelines at the NVVM level: upstream's convert-nvgpu-to-nvvm
// turns nvgpu.device_async_copy into nvvm.cp.async.shared.global and
// nvgpu.ldmatrix into nvvm.ldmatrix, both on pointers computed from the
// memrefs' descriptors. verify-sync raises them back to nvgpu on a copy of
// the kernel (passes/transform/raise_nvvm.rs) and runs the queue model on
// it: the same verdicts, at the NVVM ops' own locations. Before, every such
// kernel was "not modeled". The kernels are the corpus's: upstream's
// pipeliner (three slots, two stages in flight) and IREE's f16 GEMM.
// RUN: asyncpipe-opt %S/../../Corpus/nvgpu-pipeliner/depth2-3slots.mlir --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm))' -o %t.ring.mlir
// RUN: asyncpipe-opt %t.ring.mlir --asyncpipe-verify-sync -o /dev/null
// Each break (Inputs/cp-async-mutant.py) is found at its op:
// RUN: python3 %S/Inputs/cp-async-mutant.py --no-wait < %t.ring.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWAIT
// NOWAIT: error: accesses memory that an asynchronous operation may still be writing, while its group may be in flight: no wait on the cp.async queue followed it
// NOWAIT-NEXT: memref.load %alloc
// NOWAIT: note: the asynchronous write
// NOWAIT-NEXT: nvvm.cp.async.shared.global
// RUN: python3 %S/Inputs/cp-async-mutant.py --wait-more < %t.ring.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=MORE
// MORE: error: accesses memory that an asynchronous operation may still be writing, while its group may be in flight: only 1 group(s) were committed after it
// A pointer that is not its memref's own addressing is "cannot prove", and
// an access through a shared-memory pointer that is not a cp.async or an
// ldmatrix is "not modeled" (never proven):
// RUN: python3 %S/Inputs/cp-async-mutant.py --stride < %t.ring.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRIDE
// STRIDE: error: cannot prove: its pointers are not a memref descriptor's aligned pointer moved by the memref's own strides
// RUN: python3 %S/Inputs/cp-async-mutant.py --llvm-load < %t.ring.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOAD
// LOAD: error: not modeled: 'llvm.load' accesses shared memory through a pointer
// So is a store through that pointer made generic, and a copy whose
// index goes through 32-bit arithmetic (from a review: before, the
// generic store went unseen and the truncated index was raised as if exact):
// RUN: python3 %S/Inputs/cp-async-mutant.py --generic-store < %t.ring.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=GENERIC
// GENERIC: error: not modeled: 'llvm.store' accesses shared memory through a pointer
// RUN: python3 %S/Inputs/cp-async-mutant.py --i32-index < %t.ring.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRIDE
// IREE's f16 GEMM reads its tiles with ldmatrix: with its first wait
// keeping one group more in flight, the ldmatrix reads race with the copy.
// RUN: asyncpipe-opt %S/../../Corpus/iree/matmul_f16_f32acc.structured.mlir --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm))' -o %t.gemm.mlir
// RUN: asyncpipe-opt %t.gemm.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: python3 %S/Inputs/cp-async-mutant.py --wait-more < %t.gemm.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDMATRIX
// LDMATRIX: error: accesses memory that an asynchronous operation may still be writing, while its group may be in flight: only 2 group(s) were committed after it
// LDMATRIX-NEXT: nvvm.ldmatrix
// The copy is analysed, not the kernel: the output is the input.
// RUN: asyncpipe-opt %t.ring.mlir --asyncpipe-verify-sync | FileCheck %s --check-prefix=SAME
// SAME: nvvm.cp.async.shared.global
// SAME-NOT: nvgpu.device_async_copy
