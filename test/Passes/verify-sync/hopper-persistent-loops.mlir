// Persistent loops: a loop whose bounds the model cannot express as a
// trip count affine in the kernel's arguments (`scf.for %tile = %bid to
// %tiles step %grid`, a persistent kernel walking its output tiles from the
// block's id by the grid's size) is followed when nothing the model
// evaluates depends on its induction variable (its slots, phases and
// conditions are carried or constant; the tile index only addresses global
// memory): its trip count becomes a parameter of the case, any count from 0
// up (hopper_sync/run_time_loops.rs, symbolic::Refinement::Trips), and the
// ring state carried across tiles is followed as for a run-time count. A
// finding names the count that shows it. Before, such a loop was "cannot
// prove" (its lower bound and step are not constants). Only a loop entered
// once (no loop around it) whose bounds are the same in every thread
// (constants, the kernel's arguments, the block's id, the grid's and block's
// sizes) is followed so: the last two kernels, which a review found proven
// before that rule, are "cannot prove".
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// In CFG form too, with the same verdicts:
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf),canonicalize,cse,asyncpipe-verify-sync)'

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // One slot refilled per tile: thread 0 loads, every thread waits for the
  // phase its parity (carried across tiles) names, reads, and a barrier frees
  // the slot. Proven for any tile count.
  gpu.func @persistent_parity(%a: !lhs, %out: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c100 = arith.constant 100 : index
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
    %pf = scf.for %i = %bid to %n step %grid iter_args(%parity = %false) -> (i1) {
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      memref.store %x, %out[%i] : memref<?xf32>
      gpu.barrier
      %next = arith.xori %parity, %true : i1
      scf.yield %next : i1
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // The parity starts at 1: the first wait returns at once (the phase
  // before the first has parity 1), and the read races with the load.
  gpu.func @persistent_wrong_parity(%a: !lhs, %out: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c100 = arith.constant 100 : index
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
    %pf = scf.for %i = %bid to %n step %grid iter_args(%parity = %true) -> (i1) {
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        // expected-note @below {{the TMA load}}
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
      // expected-error @below {{reads shared memory that a TMA load may still be writing: no wait on the mbarrier phase that completes it comes before (for the trip count of the loop at line}}
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      memref.store %x, %out[%i] : memref<?xf32>
      gpu.barrier
      %next = arith.xori %parity, %true : i1
      scf.yield %next : i1
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // The parity computed from the tile index (which steps by the grid's
  // size): the model cannot follow it there.
  gpu.func @persistent_slot_from_tile(%a: !lhs, %out: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c100 = arith.constant 100 : index
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
    // expected-error @below {{cannot prove: a loop around mbarrier, TMA or warpgroup MMA work whose trip count is not affine in the kernel}}
    %pf = scf.for %i = %bid to %n step %grid iter_args(%parity = %false) -> (i1) {
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      %tp = arith.index_cast %i : index to i1
      nvgpu.mbarrier.try_wait.parity %mb[%c0], %tp, %ticks : !bar
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      memref.store %x, %out[%i] : memref<?xf32>
      gpu.barrier
      %next = arith.xori %parity, %true : i1
      scf.yield %next : i1
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
gpu.module @kernels {
  memref.global "private" @dynamicShmem : memref<0xf16, 3> {alignment = 16 : i64}
  memref.global "private" @accShmem : memref<0xf32, 3> {alignment = 16 : i64}
  // hopper-carried-phases.mlir's wgmma ring as a persistent kernel: each
  // block walks tiles from its id by the grid's size; per tile, the ring's
  // 16 stages, the epilogue through shared memory, a proxy fence and a
  // barrier. Proven for any tile count.
  gpu.func @persistent(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %tiles: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c32768 = arith.constant 32768 : index
    %cK = arith.constant 16 : index
    %ticks = arith.constant 10000000 : index
    %tid = gpu.thread_id x
    %dyn = memref.get_global @dynamicShmem : memref<0xf16, 3>
    %lhs = memref.reinterpret_cast %dyn to offset: [0], sizes: [2, 128, 64], strides: [8192, 64, 1] : memref<0xf16, 3> to memref<2x128x64xf16, 3>
    %rhs = memref.reinterpret_cast %dyn to offset: [16384], sizes: [2, 64, 128], strides: [8192, 128, 1] : memref<0xf16, 3> to memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3>
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
      nvgpu.mbarrier.init %mb[%c1], %c1 : !bar
    }
    gpu.barrier
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    scf.for %tile = %bid to %tiles step %grid {
    // Stage 0 of the ring, before the loop.
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c32768 : !bar
      %a0 = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %b0 = memref.view %bytes[%c32768][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %at = arith.addi %c32768, %c8192 : index
      %b1 = memref.view %bytes[%at][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a0 : !lhsMap, !bar -> memref<128x64xf16, #gpu.address_space<workgroup>>
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
    }
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %false = arith.constant false
    %res:3 = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init, %s = %c0, %phase = %false) -> (!acc, index, i1) {
      // Prefetch stage i + 1 into the other slot of the ring.
      %n = arith.addi %i, %c1 : index
      %ns = arith.remui %n, %c2 : index
      %more = arith.cmpi ult, %n, %cK : index
      %issue = arith.andi %more, %first : i1
      scf.if %issue {
        nvgpu.mbarrier.arrive.expect_tx %mb[%ns], %c32768 : !bar
        %offA = arith.muli %ns, %c16384 : index
        %offB = arith.addi %offA, %c32768 : index
        %offB1 = arith.addi %offB, %c8192 : index
        %a = memref.view %bytes[%offA][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
        %b0 = memref.view %bytes[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %b1 = memref.view %bytes[%offB1][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %k = arith.muli %n, %c64 : index
        nvgpu.tma.async.load %descA[%k, %c0], %mb[%ns] to %a : !lhsMap, !bar -> memref<128x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c0, %k], %mb[%ns] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c64, %k], %mb[%ns] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      // Slot i mod 2 is used for the (i floordiv 2)-th time: phase parity (i floordiv 2) mod 2.
      nvgpu.mbarrier.try_wait.parity %mb[%s], %phase, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      // The next slot, and the phase flipped when the ring wraps round.
      %s1 = arith.addi %s, %c1 : index
      %wrap = arith.cmpi eq, %s1, %c2 : index
      %next = arith.select %wrap, %c0, %s1 : index
      %flip = arith.xori %phase, %wrap : i1
      scf.yield %md, %next, %flip : !acc, index, i1
    }
    
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    nvgpu.warpgroup.mma.store %res#0, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
    }
    // The epilogue's generic writes overlap the ring's slot 0: fenced for
    // the async proxy before the next tile's loads, and a barrier before
    // any thread's next load overwrites what others read.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
gpu.module @kernels {
  memref.global "private" @dynamicShmem : memref<0xf16, 3> {alignment = 16 : i64}
  memref.global "private" @accShmem : memref<0xf32, 3> {alignment = 16 : i64}
  // Without the fence and barrier at the end of a tile: the next tile's
  // loads overwrite the epilogue's tile (the same dynamic shared memory)
  // while other threads may still read it.
  gpu.func @persistent_no_barrier(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %tiles: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c32768 = arith.constant 32768 : index
    %cK = arith.constant 16 : index
    %ticks = arith.constant 10000000 : index
    %tid = gpu.thread_id x
    %dyn = memref.get_global @dynamicShmem : memref<0xf16, 3>
    %lhs = memref.reinterpret_cast %dyn to offset: [0], sizes: [2, 128, 64], strides: [8192, 64, 1] : memref<0xf16, 3> to memref<2x128x64xf16, 3>
    %rhs = memref.reinterpret_cast %dyn to offset: [16384], sizes: [2, 64, 128], strides: [8192, 128, 1] : memref<0xf16, 3> to memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3>
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
      nvgpu.mbarrier.init %mb[%c1], %c1 : !bar
    }
    gpu.barrier
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    scf.for %tile = %bid to %tiles step %grid {
    // Stage 0 of the ring, before the loop.
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c32768 : !bar
      %a0 = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %b0 = memref.view %bytes[%c32768][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %at = arith.addi %c32768, %c8192 : index
      %b1 = memref.view %bytes[%at][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-error @below {{overwrites shared memory that threads 0-127 may still be reading (no block barrier, nor a wait on a phase they arrived on after reading)}}
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a0 : !lhsMap, !bar -> memref<128x64xf16, #gpu.address_space<workgroup>>
      // expected-error @below {{overwrites shared memory that threads 0-127 may still be reading (no block barrier, nor a wait on a phase they arrived on after reading)}}
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-error @below {{overwrites shared memory that threads 0-127 may still be reading (no block barrier, nor a wait on a phase they arrived on after reading)}}
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
    }
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %false = arith.constant false
    %res:3 = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init, %s = %c0, %phase = %false) -> (!acc, index, i1) {
      // Prefetch stage i + 1 into the other slot of the ring.
      %n = arith.addi %i, %c1 : index
      %ns = arith.remui %n, %c2 : index
      %more = arith.cmpi ult, %n, %cK : index
      %issue = arith.andi %more, %first : i1
      scf.if %issue {
        nvgpu.mbarrier.arrive.expect_tx %mb[%ns], %c32768 : !bar
        %offA = arith.muli %ns, %c16384 : index
        %offB = arith.addi %offA, %c32768 : index
        %offB1 = arith.addi %offB, %c8192 : index
        %a = memref.view %bytes[%offA][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
        %b0 = memref.view %bytes[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %b1 = memref.view %bytes[%offB1][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %k = arith.muli %n, %c64 : index
        // expected-error @below {{overwrites shared memory that threads 0-127 may still be reading (no block barrier, nor a wait on a phase they arrived on after reading)}}
        nvgpu.tma.async.load %descA[%k, %c0], %mb[%ns] to %a : !lhsMap, !bar -> memref<128x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c0, %k], %mb[%ns] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c64, %k], %mb[%ns] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      // Slot i mod 2 is used for the (i floordiv 2)-th time: phase parity (i floordiv 2) mod 2.
      nvgpu.mbarrier.try_wait.parity %mb[%s], %phase, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      // expected-error @below {{reads shared memory that threads 0-127 wrote through the generic proxy with no fence.proxy.async after the write}}
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      // The next slot, and the phase flipped when the ring wraps round.
      %s1 = arith.addi %s, %c1 : index
      %wrap = arith.cmpi eq, %s1, %c2 : index
      %next = arith.select %wrap, %c0, %s1 : index
      %flip = arith.xori %phase, %wrap : i1
      scf.yield %md, %next, %flip : !acc, index, i1
    }
    
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    // expected-note @below {{the write}}
    nvgpu.warpgroup.mma.store %res#0, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      // expected-note @below {{the read}}
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
    }
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
gpu.module @kernels {
  memref.global "private" @dynamicShmem : memref<0xf16, 3> {alignment = 16 : i64}
  memref.global "private" @accShmem : memref<0xf32, 3> {alignment = 16 : i64}
  // 15 stages per tile while each tile restarts the ring at slot 0, phase
  // 0: from the second tile on, slot 0's mbarrier is a phase ahead.
  gpu.func @persistent_odd_stages(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %tiles: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c32768 = arith.constant 32768 : index
    %cK = arith.constant 15 : index
    %ticks = arith.constant 10000000 : index
    %tid = gpu.thread_id x
    %dyn = memref.get_global @dynamicShmem : memref<0xf16, 3>
    %lhs = memref.reinterpret_cast %dyn to offset: [0], sizes: [2, 128, 64], strides: [8192, 64, 1] : memref<0xf16, 3> to memref<2x128x64xf16, 3>
    %rhs = memref.reinterpret_cast %dyn to offset: [16384], sizes: [2, 64, 128], strides: [8192, 128, 1] : memref<0xf16, 3> to memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3>
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
      // expected-note @below {{initialized here}}
      nvgpu.mbarrier.init %mb[%c1], %c1 : !bar
    }
    gpu.barrier
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    scf.for %tile = %bid to %tiles step %grid {
    // Stage 0 of the ring, before the loop.
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c32768 : !bar
      %a0 = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %b0 = memref.view %bytes[%c32768][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %at = arith.addi %c32768, %c8192 : index
      %b1 = memref.view %bytes[%at][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a0 : !lhsMap, !bar -> memref<128x64xf16, #gpu.address_space<workgroup>>
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
    }
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %false = arith.constant false
    %res:3 = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init, %s = %c0, %phase = %false) -> (!acc, index, i1) {
      // Prefetch stage i + 1 into the other slot of the ring.
      %n = arith.addi %i, %c1 : index
      %ns = arith.remui %n, %c2 : index
      %more = arith.cmpi ult, %n, %cK : index
      %issue = arith.andi %more, %first : i1
      scf.if %issue {
        // expected-error @below {{2 arrivals on mbarrier 1 in one phase, which its initialization counts 1}}
        nvgpu.mbarrier.arrive.expect_tx %mb[%ns], %c32768 : !bar
        %offA = arith.muli %ns, %c16384 : index
        %offB = arith.addi %offA, %c32768 : index
        %offB1 = arith.addi %offB, %c8192 : index
        %a = memref.view %bytes[%offA][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
        %b0 = memref.view %bytes[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %b1 = memref.view %bytes[%offB1][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %k = arith.muli %n, %c64 : index
        // expected-note @below {{the TMA load}}
        // expected-error @below {{writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for)}}
        nvgpu.tma.async.load %descA[%k, %c0], %mb[%ns] to %a : !lhsMap, !bar -> memref<128x64xf16, #gpu.address_space<workgroup>>
        // expected-error @below {{writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for)}}
        // expected-note @below {{the TMA load}}
        nvgpu.tma.async.load %descB[%c0, %k], %mb[%ns] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
        // expected-error @below {{writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for)}}
        // expected-note @below {{the TMA load}}
        nvgpu.tma.async.load %descB[%c64, %k], %mb[%ns] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      // Slot i mod 2 is used for the (i floordiv 2)-th time: phase parity (i floordiv 2) mod 2.
      // expected-error @below {{waits for the phase of parity 1 of mbarrier 1, which gets 2 arrivals where its initialization counts 1}}
      nvgpu.mbarrier.try_wait.parity %mb[%s], %phase, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      // expected-error @below {{reads shared memory that a TMA load may still be writing}}
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      // The next slot, and the phase flipped when the ring wraps round.
      %s1 = arith.addi %s, %c1 : index
      %wrap = arith.cmpi eq, %s1, %c2 : index
      %next = arith.select %wrap, %c0, %s1 : index
      %flip = arith.xori %phase, %wrap : i1
      scf.yield %md, %next, %flip : !acc, index, i1
    }
    
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    // expected-error @below {{writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for)}}
    nvgpu.warpgroup.mma.store %res#0, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      // expected-error @below {{reads shared memory that a TMA load may still be writing}}
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
    }
    // The epilogue's generic writes overlap the ring's slot 0: fenced for
    // the async proxy before the next tile's loads, and a barrier before
    // any thread's next load overwrites what others read.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // A block-stride loop (from the thread's id by the block's size): each
  // thread runs its own count, and with n = 1 threads 1-127 end with parity 0
  // and read the last load's buffer before it lands. Bounds that may differ
  // between threads are not followed (one trip count would be taken for all;
  // a review found it proven).
  gpu.func @block_stride_loop(%a: !lhs, %out: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c128 = arith.constant 128 : index
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
    %w = gpu.block_dim x
    // expected-error @below {{cannot prove: a loop around mbarrier, TMA or warpgroup MMA work whose trip count is not affine}}
    %pf = scf.for %i = %tid to %n step %w iter_args(%parity = %false) -> (i1) {
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
      %next = arith.xori %parity, %true : i1
      scf.yield %next : i1
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %pf, %ticks : !bar
    %y = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %y, %out[%tid] : memref<?xf32>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // A persistent loop inside a loop of two trips, its upper bound n + k
  // changing between them: one trip count parameter for both runs would
  // make their total even, and the final wait on parity 0 right (with
  // n = 0 it is not). A loop entered more than once is not followed (a
  // review found it proven).
  gpu.func @persistent_in_a_loop(%a: !lhs, %out: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
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
    %po = scf.for %k = %c0 to %c2 step %c1 iter_args(%p0 = %false) -> (i1) {
      %ub = arith.addi %n, %k : index
      // expected-error @below {{cannot prove: a loop around mbarrier, TMA or warpgroup MMA work whose trip count is not affine}}
      %pf = scf.for %i = %bid to %ub step %grid iter_args(%parity = %p0) -> (i1) {
        scf.if %first {
          nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
          nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
        }
        nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
        %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
        memref.store %x, %out[%i] : memref<?xf32>
        gpu.barrier
        %next = arith.xori %parity, %true : i1
        scf.yield %next : i1
      }
      scf.yield %pf : i1
    }
    // Final load, waiting with parity 0: right only if the total tile count is even.
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %y = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %y, %out[%c0] : memref<?xf32>
    gpu.return
  }
}
