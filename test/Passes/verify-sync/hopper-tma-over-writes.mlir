// A TMA load (the async proxy) over shared memory that plain stores (the
// generic proxy) wrote: the writers must fence (fence.proxy.async) after
// their writes, and other threads' writes need a block barrier too, or the
// plain write may land after the load's bytes. Found proven by a last probe
// of 2026-11-28 (every kernel here but the proven ones was proven before).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // Thread 5 writes lbuf, thread 0 loads over it: no fence, no barrier.
  gpu.func @other_thread_unfenced(%a: !lhs, %out: memref<?xf32>, %n: index, %m: index, %pa: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %lo = arith.cmpi eq, %tid, %c5 : index
    scf.if %lo {
      %f = arith.constant 1.0 : f32
      // expected-note @below {{the write}}
      memref.store %f, %lbuf[%c5, %c7] : memref<64x8xf32, 3>
    }
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-error @below {{overwrites shared memory that thread 5 wrote through the generic proxy with no fence.proxy.async after the write}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<?xf32>
    gpu.barrier
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // Thread 5 writes and fences, no barrier before thread 0 loads over it.
  gpu.func @other_thread_fenced(%a: !lhs, %out: memref<?xf32>, %n: index, %m: index, %pa: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %lo = arith.cmpi eq, %tid, %c5 : index
    scf.if %lo {
      %f = arith.constant 1.0 : f32
      // expected-note @below {{the write}}
      memref.store %f, %lbuf[%c5, %c7] : memref<64x8xf32, 3>
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    }
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-error @below {{overwrites shared memory that thread 5 wrote (and fenced) with no block barrier between their writes and this TMA load}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<?xf32>
    gpu.barrier
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // Thread 5 writes and fences, a barrier, then thread 0 loads over it: proven.
  gpu.func @other_thread_fenced_barrier(%a: !lhs, %out: memref<?xf32>, %n: index, %m: index, %pa: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %lo = arith.cmpi eq, %tid, %c5 : index
    scf.if %lo {
      %f = arith.constant 1.0 : f32
      memref.store %f, %lbuf[%c5, %c7] : memref<64x8xf32, 3>
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<?xf32>
    gpu.barrier
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // Thread 0 writes, fences and loads over it: proven (its own fence orders it).
  gpu.func @same_thread_fenced(%a: !lhs, %out: memref<?xf32>, %n: index, %m: index, %pa: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %lo = arith.cmpi eq, %tid, %c0 : index
    scf.if %lo {
      %f = arith.constant 1.0 : f32
      memref.store %f, %lbuf[%c5, %c7] : memref<64x8xf32, 3>
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    }
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<?xf32>
    gpu.barrier
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // Thread 0 writes and loads over it with no fence (the two proxies are unordered).
  gpu.func @same_thread_unfenced(%a: !lhs, %out: memref<?xf32>, %n: index, %m: index, %pa: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %lo = arith.cmpi eq, %tid, %c0 : index
    scf.if %lo {
      %f = arith.constant 1.0 : f32
      // expected-note @below {{the write}}
      memref.store %f, %lbuf[%c5, %c7] : memref<64x8xf32, 3>
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-error @below {{overwrites shared memory that thread 0 wrote through the generic proxy with no fence.proxy.async after the write}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<?xf32>
    gpu.barrier
    gpu.return
  }
}
