// asyncpipe-kernel-to-ptx, the whole path as one pipeline
// (passes/Pipelines.cpp): it gives the PTX that the steps give one by one
// (the pipeliner with verify-sync, then asyncpipe-to-ptx, as
// scripts/gemm_ptx.sh ran them), for the tensor-core GEMM on sm_80 and the
// TMA + wgmma GEMM on sm_90a with its bulk queue.
// RUN: asyncpipe-opt %examples/tensor_core_gemm.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   | asyncpipe-opt --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.steps.sm_80.ptx
// RUN: asyncpipe-opt %examples/tensor_core_gemm.mlir --asyncpipe-kernel-to-ptx=chip=sm_80 | %extract-ptx > %t.one.sm_80.ptx
// RUN: diff %t.steps.sm_80.ptx %t.one.sm_80.ptx
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-software-pipeline=bulk-queues=0 --asyncpipe-verify-sync=bulk-queues=0 \
// RUN:   | asyncpipe-opt --asyncpipe-to-ptx="chip=sm_90a bulk-queues=0" | %extract-ptx > %t.steps.sm_90a.ptx
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-kernel-to-ptx="chip=sm_90a bulk-queues=0" | %extract-ptx > %t.one.sm_90a.ptx
// RUN: diff %t.steps.sm_90a.ptx %t.one.sm_90a.ptx
// Which steps run: verify-sync after the pipeliner; after the recount and
// the lowering to nvgpu too on sm_80 (on sm_90a the copies' queues meet
// wgmma, which the models do not prove together).
// RUN: asyncpipe-opt %examples/tensor_core_gemm.mlir --asyncpipe-kernel-to-ptx=chip=sm_80 --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// SM80: asyncpipe-software-pipeline
// SM80-NEXT: asyncpipe-verify-sync
// SM80-NEXT: asyncpipe-lower-mma{chip=sm_80}
// SM80-NEXT: asyncpipe-hardware-queues
// SM80-NEXT: asyncpipe-verify-sync
// SM80-NEXT: asyncpipe-lower-to-nvgpu
// SM80-NEXT: asyncpipe-verify-sync
// SM80-NEXT: asyncpipe-workgroup-attributions
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-kernel-to-ptx="chip=sm_90a bulk-queues=0" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90A
// SM90A: asyncpipe-software-pipeline{bulk-queues=0}
// SM90A-NEXT: asyncpipe-verify-sync{{.*}}bulk-queues=0
// SM90A-NEXT: asyncpipe-lower-mma{chip=sm_90a}
// SM90A-NEXT: asyncpipe-hardware-queues
// SM90A-NEXT: asyncpipe-lower-to-nvgpu
// SM90A-NEXT: asyncpipe-workgroup-attributions
// verify is on by default: a kernel whose placed wait is one group short
// fails at the read; verify=false compiles it.
// RUN: not asyncpipe-opt %S/Inputs/racy-wait.mlir --asyncpipe-kernel-to-ptx=chip=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: racy-wait.mlir:14:12: error: accesses memory that an asynchronous operation may still be writing
// RUN: asyncpipe-opt %S/Inputs/racy-wait.mlir --asyncpipe-kernel-to-ptx="chip=sm_80 verify=false" | %extract-ptx | FileCheck %s --check-prefix=UNVERIFIED
// UNVERIFIED: cp.async.wait_group 1
