// verify-sync follows cp.async and asyncpipe's copies on counted queues in
// its queue model, TMA and warpgroup MMA in its Hopper model; neither sees
// the other's accesses. A kernel with both (here an nvgpu cp.async into the
// tile a TMA load also writes, and asyncpipe's own copies beside the NVVM
// wgmma that asyncpipe-lower-mma{chip=sm_90a} writes) is "cannot prove" at
// its first TMA or MMA op, with a note at a counted-queue op.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// asyncpipe's pipelined sm_90a GEMM after asyncpipe-lower-mma (asyncpipe
// copies, NVVM wgmma): without this rule, once the Hopper model followed
// asyncpipe-lower-mma's descriptors, the kernel was proven even with its
// loop's wgmma.wait_group deleted (the copies overwriting tiles the MMAs
// still read, unseen by either model).
// RUN: asyncpipe-opt %S/../../../examples/tensor_core_gemm_tma.mlir --asyncpipe-software-pipeline=bulk-queues=0 --asyncpipe-lower-mma=chip=sm_90a \
// RUN:   | not asyncpipe-opt --asyncpipe-verify-sync=bulk-queues=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOWERED
// LOWERED: error: cannot prove: this kernel has TMA or warpgroup MMA work (verify-sync's Hopper model) and async copies on counted queues (its queue model)

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  gpu.func @tma_and_cp_async(%a: !lhs, %g: memref<64x8xf32>, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-note @below {{the read (in other threads)}}
      // expected-error @below {{cannot prove: this kernel has TMA or warpgroup MMA work (verify-sync's Hopper model) and async copies on counted queues (its queue model)}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    // (The queue model sees the TMA load as a plain access, and says so.)
    // expected-error @below {{writes workgroup memory that other threads may still be reading}}
    // expected-note @below {{an async op on a counted queue}}
    %t = nvgpu.device_async_copy %g[%c0, %c0], %lbuf[%c0, %c0], 4 : memref<64x8xf32> to memref<64x8xf32, 3>
    %grp = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %grp
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.return
  }
}
