// Hopper rings whose trip count is an argument of the kernel
// (`scf.for %i = %c0 to %cK`, %cK known only at run time), as hand-written
// and compiled sm90 GEMMs take K: verify-sync follows the loop over cases
// of %cK (passes/analysis/hopper_sync/run_time_loops.rs): the iterations
// from the start, the steady cycle of slots and parities up to the last
// ones, where the prefetch guard turns false, and those last iterations
// with their slots settled by the count's residue. The kernels are
// hopper-wgmma-ring.mlir's with the constant trip count made an argument;
// before, verify-sync said "cannot prove" on every one of them.
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
  // The 2-slot ring of hopper-wgmma-ring.mlir's @gemm, K stages: proven for every K.
  gpu.func @ring(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %cK: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    // Stage 0 of the ring, before the loop, when there is one (K >= 1).
    %some = arith.cmpi sgt, %cK, %c0 : index
    %first0 = arith.andi %first, %some : i1
    scf.if %first0 {
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
  // @release_early with K stages: the prefetch overwrites a slot the previous MMA may still read (waitGroup = 1), from the second stage on.
  gpu.func @ring_release_early(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %cK: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    // Stage 0 of the ring, before the loop, when there is one (K >= 1).
    %some = arith.cmpi sgt, %cK, %c0 : index
    %first0 = arith.andi %first, %some : i1
    scf.if %first0 {
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
  // @constant_parity with K stages: the wait always targets parity 0, wrong from the third stage on.
  gpu.func @ring_constant_parity(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %cK: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    // Stage 0 of the ring, before the loop, when there is one (K >= 1).
    %some = arith.cmpi sgt, %cK, %c0 : index
    %first0 = arith.andi %first, %some : i1
    scf.if %first0 {
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
  // The same ring with stage 0 loaded whatever K is: for K <= 0 the loop runs no iteration, stage 0's load is never waited for, and the fragments' store and the copy-out use the shared memory it lands in (the model names the values of K).
  gpu.func @ring_empty(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %cK: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
      // expected-note @below {{the TMA load}}
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
    // expected-error @below {{writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for) (for argument 3 in [-9223372036854775808, 0])}}
    nvgpu.warpgroup.mma.store %res, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      // expected-error @below {{reads shared memory that a TMA load may still be writing: no wait on the mbarrier phase that completes it comes before (for argument 3 in [-9223372036854775808, 0])}}
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
  // The prefetch guard off by one (i + 1 <= K): the last iteration loads a stage K that nothing waits for, into shared memory the fragments' store then overwrites. Only the last iteration differs from the steady ones, so the model finds it past the cycle, in the iterations it runs with i = K - 1.
  gpu.func @ring_off_by_one(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %cK: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    // Stage 0 of the ring, before the loop, when there is one (K >= 1).
    %some = arith.cmpi sgt, %cK, %c0 : index
    %first0 = arith.andi %first, %some : i1
    scf.if %first0 {
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
      %more = arith.cmpi ule, %n, %cK : index
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
    // expected-error @below {{writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for) (for argument 3 = 1)}}
    nvgpu.warpgroup.mma.store %res, %accTile : !acc to memref<128x128xf32, 3>
    gpu.barrier
    %row0 = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %col = arith.muli %lane, %c4 : index
    scf.for %r = %row0 to %c128 step %c4 {
      // expected-error @below {{reads shared memory that a TMA load may still be writing: no wait on the mbarrier phase that completes it comes before (for argument 3 = 1)}}
      %v = vector.load %accTile[%r, %col] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %v, %D[%r, %col] : memref<128x128xf32>, vector<4xf32>
    }
    gpu.return
  }
}

