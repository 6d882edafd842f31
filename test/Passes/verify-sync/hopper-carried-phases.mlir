// Hopper rings whose slot and phase are carried through scf.for's
// iter_args, as Triton's, CUTLASS's and hand-written kernels keep them
// (`stage = stage + 1 == N ? 0 : stage + 1`, `phase ^= stage wrapped`),
// not computed from the induction variable: the model binds the carried
// integers iteration by iteration and keys the loop's cycle on them
// (hopper_sync/loops.rs LoopIntegers, periodicity::CarriedIntegers::Keyed),
// so a ring is followed for any trip count, constant or run-time. Before,
// a carried slot or parity was unknown: "cannot prove" at every wait.
// The kernel is hopper-wgmma-ring.mlir's 2-slot TMA ring feeding wgmma with
// its slot and phase carried; the others break it.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// The same in CFG form (the carried slot and phase are block arguments of
// the loop's header there):
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf),canonicalize,cse,asyncpipe-verify-sync)'
// And at the NVVM level: the first kernel stays proven.
// RUN: awk 'BEGIN{RS="// ---" "--\n"} NR==1' %s | asyncpipe-opt --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf),canonicalize,cse,asyncpipe-verify-sync)' -o /dev/null


!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
gpu.module @kernels {
  memref.global "private" @dynamicShmem : memref<0xf16, 3> {alignment = 16 : i64}
  memref.global "private" @accShmem : memref<0xf32, 3> {alignment = 16 : i64}
  // The ring with its consumer slot and phase carried (iter_args %s, %phase:
  // the next slot wraps at 2, the phase flips when it does): proven.
  gpu.func @carried_phase(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
  // The same for a trip count K known at run time: proven for every K >= 1;
  // for K <= 0 the stage loaded before the loop is never waited for, and the
  // epilogue's store and reads race with it (a real race of this kernel,
  // reported with the values of K that show it).
  gpu.func @carried_phase_any_k(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %cK: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
  // The phase flipped twice (never): the second round waits on a phase
  // already passed and reads a slot its new load may still be writing.
  gpu.func @phase_never_flips(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    %false = arith.constant false
    %res:3 = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init, %s = %c0, %phase = %false) -> (!acc, index, i1) {
      // Prefetch stage i + 1 into the other slot of the ring.
      %n = arith.addi %i, %c1 : index
      %ns = arith.remui %n, %c2 : index
      %more = arith.cmpi ult, %n, %cK : index
      %issue = arith.andi %more, %first : i1
      scf.if %issue {
        // expected-error @below {{2 arrivals on mbarrier 0 in one phase, which its initialization counts 1}}
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
      %stuck = arith.xori %flip, %wrap : i1
      scf.yield %md, %next, %stuck : !acc, index, i1
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
  // The slot wraps at 3 over two mbarriers: mbarrier 2 is used uninitialized,
  // and loads land in slots still in use.
  gpu.func @ring_of_three(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
    %false = arith.constant false
    %res:3 = scf.for %i = %c0 to %cK step %c1 iter_args(%mc = %init, %s = %c0, %phase = %false) -> (!acc, index, i1) {
      // Prefetch stage i + 1 into the other slot of the ring.
      %n = arith.addi %i, %c1 : index
      %ns = arith.remui %n, %c2 : index
      %more = arith.cmpi ult, %n, %cK : index
      %issue = arith.andi %more, %first : i1
      scf.if %issue {
        // expected-error @below {{2 arrivals on mbarrier 0 in one phase, which its initialization counts 1}}
        nvgpu.mbarrier.arrive.expect_tx %mb[%ns], %c32768 : !bar
        %offA = arith.muli %ns, %c16384 : index
        %offB = arith.addi %offA, %c32768 : index
        %offB1 = arith.addi %offB, %c8192 : index
        %a = memref.view %bytes[%offA][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
        %b0 = memref.view %bytes[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %b1 = memref.view %bytes[%offB1][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %k = arith.muli %n, %c64 : index
        // expected-error @below {{writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for)}}
        // expected-note @below {{the TMA load}}
        nvgpu.tma.async.load %descA[%k, %c0], %mb[%ns] to %a : !lhsMap, !bar -> memref<128x64xf16, #gpu.address_space<workgroup>>
        // expected-note @below {{the TMA load}}
        // expected-error @below {{writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for)}}
        nvgpu.tma.async.load %descB[%c0, %k], %mb[%ns] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
        // expected-error @below {{writes shared memory that a TMA load may still be writing (its mbarrier phase was not waited for)}}
        // expected-note @below {{the TMA load}}
        nvgpu.tma.async.load %descB[%c64, %k], %mb[%ns] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      // Slot i mod 2 is used for the (i floordiv 2)-th time: phase parity (i floordiv 2) mod 2.
      // expected-error @below {{uses mbarrier 2 before it is initialized}}
      nvgpu.mbarrier.try_wait.parity %mb[%s], %phase, %ticks : !bar
      %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
      %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      // expected-error @below {{reads shared memory that a TMA load may still be writing}}
      %md = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      // The next slot, and the phase flipped when the ring wraps round.
      %s1 = arith.addi %s, %c1 : index
      %c3 = arith.constant 3 : index
      %wrap = arith.cmpi eq, %s1, %c3 : index
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
  // The next slot and phase chosen by an scf.if on the wrap (its integer
  // results bound to what the branch that runs yields): proven.
  gpu.func @carried_phase_by_branch(%D: memref<128x128xf32>, %descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
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
      %next, %flip = scf.if %wrap -> (index, i1) {
        %t = arith.constant true
        %f = arith.xori %phase, %t : i1
        scf.yield %c0, %f : index, i1
      } else {
        scf.yield %s1, %phase : index, i1
      }
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
    gpu.return
  }
}


