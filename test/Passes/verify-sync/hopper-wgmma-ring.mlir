// Hopper at the nvgpu level: a TMA ring on two mbarriers feeding
// nvgpu.warpgroup.mma (wgmma), after upstream's sm90 GEMM test
// (mlir/test/Integration/GPU/CUDA/sm90/gemm_f32_f16_f16_128x128x128.mlir),
// made a pipeline; each later case breaks one synchronization. Before the
// model (passes/analysis/hopper_sync.rs) verify-sync accepted them all.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// In CFG form too (upstream's convert-scf-to-cf, then canonicalize and cse:
// loops and branches as blocks, as gpu-lower-to-nvvm-pipeline leaves them):
// the same verdicts at the same ops. verify-sync raises the blocks back to
// scf.for and scf.if on a copy (passes/transform/cfg_to_scf.rs); before, the
// Hopper model followed only the entry block, and every race here was proven
// in that form.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf),canonicalize,cse,asyncpipe-verify-sync)'

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
gpu.module @kernels {
  memref.global "private" @dynamicShmem : memref<0xf16, 3> {alignment = 16 : i64}
  memref.global "private" @accShmem : memref<0xf32, 3> {alignment = 16 : i64}
  // A 2-slot TMA ring feeding wgmma (upstream's sm90 GEMM as a pipeline): thread 0 prefetches stage i + 1 while the warpgroup multiplies stage i; each wait targets parity (i floordiv 2) mod 2; waitGroup = 0 completes each MMA before the next prefetch overwrites its slot; a barrier before the copy-out.
  gpu.func @gemm(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    %res = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init) -> (!acc) {
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
      %s = arith.remui %i, %c2 : index
      %use = arith.divui %i, %c2 : index
      %par = arith.remui %use, %c2 : index
      %parity = arith.index_cast %par : index to i1
      nvgpu.mbarrier.try_wait.parity %mb[%s], %parity, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      scf.yield %md : !acc
    }
    
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    nvgpu.warpgroup.mma.store %res, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
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
  // The same ring over 2^40 iterations: the state repeats with the slots' period, so the analysis costs what 4 iterations cost.
  gpu.func @long_ring(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    %cK = arith.constant 1099511627776 : index
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
    %res = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init) -> (!acc) {
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
      %s = arith.remui %i, %c2 : index
      %use = arith.divui %i, %c2 : index
      %par = arith.remui %use, %c2 : index
      %parity = arith.index_cast %par : index to i1
      nvgpu.mbarrier.try_wait.parity %mb[%s], %parity, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      scf.yield %md : !acc
    }
    
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    nvgpu.warpgroup.mma.store %res, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
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
  // waitGroup = 1 (nvgpu's default) leaves MMA i in flight while stage i + 2 is prefetched into its slot: the release-before-wgmma-read bug users report. Each of the three loads is reported.
  gpu.func @release_early(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    %res = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init) -> (!acc) {
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
        // expected-error @below {{overwrites shared memory that a warpgroup MMA may still read}}
        nvgpu.tma.async.load %descA[%k, %c0], %mb[%ns] to %a : !lhsMap, !bar -> memref<128x64xf16, #gpu.address_space<workgroup>>
        // expected-error @below {{overwrites shared memory that a warpgroup MMA may still read}}
        nvgpu.tma.async.load %descB[%c0, %k], %mb[%ns] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
        // expected-error @below {{overwrites shared memory that a warpgroup MMA may still read}}
        nvgpu.tma.async.load %descB[%c64, %k], %mb[%ns] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      // Slot i mod 2 is used for the (i floordiv 2)-th time: phase parity (i floordiv 2) mod 2.
      %s = arith.remui %i, %c2 : index
      %use = arith.divui %i, %c2 : index
      %par = arith.remui %use, %c2 : index
      %parity = arith.index_cast %par : index to i1
      nvgpu.mbarrier.try_wait.parity %mb[%s], %parity, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      // expected-note @below {{the warpgroup MMA}}
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 1 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      scf.yield %md : !acc
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    nvgpu.warpgroup.mma.store %res, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
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
  // The wait always targets parity 0: at the slot's second use (iteration 2) it returns at once, and the MMA reads slot 0 while its second load is in flight; so do the fragments' store and the copy-out after the loop.
  gpu.func @constant_parity(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    %cK = arith.constant 3 : index
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
    %res = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init) -> (!acc) {
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
        // expected-note @below {{the TMA load}}
        nvgpu.tma.async.load %descA[%k, %c0], %mb[%ns] to %a : !lhsMap, !bar -> memref<128x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c0, %k], %mb[%ns] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c64, %k], %mb[%ns] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      // Slot i mod 2 is used for the (i floordiv 2)-th time: phase parity (i floordiv 2) mod 2.
      %s = arith.remui %i, %c2 : index
      %use = arith.divui %i, %c2 : index
      %par = arith.remui %use, %c2 : index
      %parity = arith.index_cast %par : index to i1
      %false = arith.constant false
      nvgpu.mbarrier.try_wait.parity %mb[%s], %false, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      // expected-error @below {{reads shared memory that a TMA load may still be writing}}
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      scf.yield %md : !acc
    }
    
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    // expected-error @below {{writes shared memory that a TMA load may still be writing}}
    nvgpu.warpgroup.mma.store %res, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      // expected-error @below {{reads shared memory that a TMA load may still be writing}}
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
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
  // waitGroup = 1 and no wait_group 0 after the loop: the store reads the accumulator the last MMA still writes.
  gpu.func @accumulator_early(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    %cK = arith.constant 1 : index
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
    %res = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init) -> (!acc) {
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
      %s = arith.remui %i, %c2 : index
      %use = arith.divui %i, %c2 : index
      %par = arith.remui %use, %c2 : index
      %parity = arith.index_cast %par : index to i1
      nvgpu.mbarrier.try_wait.parity %mb[%s], %parity, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      // expected-note @below {{the warpgroup MMA}}
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 1 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      scf.yield %md : !acc
    }
    
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    // expected-error @below {{reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it}}
    nvgpu.warpgroup.mma.store %res, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
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
  // No barrier between the fragments' store and the copy-out, where warp 0 reads rows warp 1 stored (upstream's sm90 GEMM).
  gpu.func @no_epilogue_barrier(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    %res = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init) -> (!acc) {
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
      %s = arith.remui %i, %c2 : index
      %use = arith.divui %i, %c2 : index
      %par = arith.remui %use, %c2 : index
      %parity = arith.index_cast %par : index to i1
      nvgpu.mbarrier.try_wait.parity %mb[%s], %parity, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      scf.yield %md : !acc
    }
    
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    // expected-note @below {{the fragments' store}}
    nvgpu.warpgroup.mma.store %res, %accTile : !acc to memref<128x128xf32, 3>
    
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      // expected-error @below {{reads accumulator fragments that other warps stored}}
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
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
  // No barrier after thread 0's initialization: the other threads wait on mbarriers that may not be initialized yet.
  gpu.func @unpublished(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
      // expected-note @below {{initialized here}}
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
      nvgpu.mbarrier.init %mb[%c1], %c1 : !bar
    }
    
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
    %res = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init) -> (!acc) {
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
      %s = arith.remui %i, %c2 : index
      %use = arith.divui %i, %c2 : index
      %par = arith.remui %use, %c2 : index
      %parity = arith.index_cast %par : index to i1
      // expected-error @below {{threads 0-127 use mbarrier 0 with no block barrier after its initialization by other threads}}
      nvgpu.mbarrier.try_wait.parity %mb[%s], %parity, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      scf.yield %md : !acc
    }
    
    %accMem = memref.get_global @accShmem : memref<0xf32, 3>
    %accTile = memref.reinterpret_cast %accMem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    nvgpu.warpgroup.mma.store %res, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
    }
    gpu.return
  }
}
