// The Hopper tensor-core GEMM (examples/tensor_core_gemm_tma.mlir) in PTX
// for sm_90a: its tiles arrive by tensor-map copies (cp.async.bulk.tensor,
// issued by one thread, on a ring of two mbarriers: every thread arrives,
// thread 0 adds the bytes), A's 128 x 64 tile as one box and B's 64 x 128 as
// two 64 x 64 boxes (128-byte rows, swizzled), through two tensor maps the
// kernel takes after its memrefs; each warpgroup multiplies them with four
// wgmma.mma_async m64n128k16 (f16 in, f32 accumulators) a K step, committed
// as one group, and keeps one group in flight in the steady state
// (wgmma.wait_group 1), draining it before the store (wait_group 0). The
// dynamic shared memory is aligned to the swizzle's 1024-byte atom. ptxas
// assembles it for sm_90a without spills.
// REQUIRES: ptxas

// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   --asyncpipe-to-ptx="chip=sm_90a bulk-queues=0" | %extract-ptx > %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=COPIES
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: grep -c 'wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16' %t.ptx | FileCheck %s --check-prefix=COUNT
// C's store: each thread's 64 registers as 32 8-byte pairs when the tile is
// 8-byte aligned, else as 64 scalar stores (the alignment is checked at run
// time).
// RUN: grep -c 'st.global.v2.b32' %t.ptx | FileCheck %s --check-prefix=PAIRS
// RUN: grep -c 'st.global.b32' %t.ptx | FileCheck %s --check-prefix=SCALARS
// PAIRS: {{^32$}}
// SCALARS: {{^64$}}

// CHECK: .extern .shared .align 1024 .b8 __dynamic_shmem__0[];
// Three memrefs of seven parameters, then the two tensor maps.
// CHECK: .param .u64 tensor_core_gemm_tma_param_20,
// CHECK-NEXT: .param .u64 .ptr .align 1 tensor_core_gemm_tma_param_21,
// CHECK-NEXT: .param .u64 .ptr .align 1 tensor_core_gemm_tma_param_22
// The ring: two mbarriers, initialized by one thread, before a barrier.
// CHECK:      mbarrier.init.shared.b64 [__dynamic_shmem__0+131072]
// CHECK-NEXT: mbarrier.init.shared.b64 [__dynamic_shmem__0+131080]
// CHECK:      bar.sync 0;
// Prologue: two K steps of copies, each thread 0's bytes and boxes, then
// every thread's arrival; no MMA.
// CHECK-NOT:  wgmma.mma_async
// CHECK:      mbarrier.expect_tx.relaxed.cta.shared.b64 [__dynamic_shmem__0+131072]
// CHECK-COUNT-3: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes {{.*}}[__dynamic_shmem__0+131072];
// CHECK:      mbarrier.arrive.shared.b64 {{.*}}[__dynamic_shmem__0+131072];
// CHECK-NOT:  wgmma.mma_async
// CHECK:      mbarrier.arrive.shared.b64 {{.*}}[__dynamic_shmem__0+131080];
// The steady state: the step's MMAs, a group; the MMA wait with one group
// in flight, the copies' mbarrier, the block barrier. (Where the loop's
// three copies print depends on how LLVM rotates the loop's blocks, which
// is no property of the kernel: COPIES counts them over the whole PTX, two
// K steps of the prologue and the loop's.)
// COPIES-COUNT-9: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// COPIES-NOT: cp.async.bulk.tensor
// CHECK:      wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK:      wgmma.commit_group.sync.aligned;
// CHECK:      wgmma.wait_group.sync.aligned 1;
// CHECK:      mbarrier.try_wait.parity.shared.b64
// CHECK:      bar.sync 0;
// The epilogue's two K steps, then the drain before the store of C.
// CHECK:      wgmma.commit_group.sync.aligned;
// CHECK:      wgmma.commit_group.sync.aligned;
// CHECK:      wgmma.wait_group.sync.aligned 0;
// CHECK-NOT:  wgmma
// CHECK:      st.global
// PTXAS: Compiling entry function 'tensor_core_gemm_tma' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Used {{[0-9]+}} registers, used 1 barriers
// COUNT: {{^12$}}
