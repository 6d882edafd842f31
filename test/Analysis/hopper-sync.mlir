// The Hopper model alone (asyncpipe-test-print-hopper-sync): its findings
// as remarks at their ops, "hopper model: proven" at a kernel it proves.
// The kernels are test/Passes/verify-sync/hopper-mbarrier-tma.mlir's first
// three (upstream's sm90 TMA test; the wait deleted; the wrong parity),
// where verify-sync reports the same findings as errors.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-hopper-sync -verify-diagnostics -split-input-file

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!rhs = !nvgpu.tensormap.descriptor<tensor = memref<8x128xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  memref.global "private" @rhsBuf : memref<8x128xf32, 3>
  // Thread 0 initializes; the barrier publishes it; thread 0 expects 6144
  // bytes and issues both loads (2048 + 4096 bytes), the other 127 arrive;
  // every thread waits for phase 0 (parity 0) and reads.
  // expected-remark @below {{hopper model: proven}}
  gpu.func @correct(%a: !lhs, %b: !rhs, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c45 = arith.constant 45 : index
    %c6144 = arith.constant 6144 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %n = gpu.block_dim x
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %rbuf = memref.get_global @rhsBuf : memref<8x128xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %n : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c6144 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      nvgpu.tma.async.load %b[%c0, %c0], %mb[%c0] to %rbuf : !rhs, !bar -> memref<8x128xf32, 3>
    } else {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c0 : !bar
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = memref.load %lbuf[%c45, %c7] : memref<64x8xf32, 3>
    %y = memref.load %rbuf[%c7, %c0] : memref<8x128xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // The wait deleted: the read may see the bytes before they land.
  gpu.func @no_wait(%a: !lhs, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
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
            nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    // expected-remark @below {{hopper model: reads shared memory that a TMA load may still be writing}}
    %x = memref.load %lbuf[%c0, %c0] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // The wait targets parity 1 while the load's phase is phase 0 (parity
  // 0): try_wait.parity returns at once (the "previous" phase of parity 1
  // counts as complete), and the read races with the load.
  gpu.func @wrong_parity(%a: !lhs, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %true = arith.constant true
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
            nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %true, %ticks : !bar
    // expected-remark @below {{hopper model: reads shared memory that a TMA load may still be writing}}
    %x = memref.load %lbuf[%c0, %c0] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

