// The persistent form of ws-gemm.mlir: a persistent warp-specialized Hopper GEMM at the nvgpu level, written by hand after
// the producer/consumer kernels of CUTLASS's sm90 "warpspecialized"
// mainloops and the fast.cu H100 GEMM: warpgroup 0 is the producer, whose
// thread 0 waits for a ring slot to be empty, expects its bytes on the
// slot's "full" mbarrier and issues the TMA loads of stage k into it;
// warpgroup 1 is the consumer, which waits for the slot to be full (parity
// of the round k / 2), multiplies it with wgmma, and once its
// wgmma.wait_group has completed the MMA, one elected thread releases the
// slot on its "empty" mbarrier. The trip count %K is a kernel argument:
// verify-sync's Hopper model proves the ring for every K at once
// (passes/analysis/hopper_sync/roles.rs). Mutants of it:
// test/tools/role-mutants.py.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 6>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
#smem = #gpu.address_space<workgroup>
gpu.module @kernels {
  memref.global "private" @dynamicShmem : memref<0xf16, 3> {alignment = 16 : i64}
  // Each block walks %T output tiles (a kernel argument); each tile is 4
  // K steps through a ring of 3 slots whose position (slot, phase) both
  // roles carry across tiles, as CUTLASS's PipelineState does: the ring
  // does not drain between tiles, so the producer loads the next tile's
  // first stages while the consumer finishes and stores this one.
  gpu.func @ws_persistent(%D: memref<?x128x128xf32>, %descA: !lhsMap, %descB: !rhsMap, %T: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c32768 = arith.constant 32768 : index
    %c49152 = arith.constant 49152 : index
    %ticks = arith.constant 10000000 : index
    %tid = gpu.thread_id x
    %dyn = memref.get_global @dynamicShmem : memref<0xf16, 3>
    %lhs = memref.reinterpret_cast %dyn to offset: [0], sizes: [3, 128, 64], strides: [8192, 64, 1] : memref<0xf16, 3> to memref<3x128x64xf16, 3>
    %rhs = memref.reinterpret_cast %dyn to offset: [24576], sizes: [3, 64, 128], strides: [8192, 128, 1] : memref<0xf16, 3> to memref<3x64x128xf16, strided<[8192, 128, 1], offset: 24576>, 3>
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #smem>
    // Barriers 0-2: slot s is full; 3-5: slot s is empty.
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
      nvgpu.mbarrier.init %mb[%c1], %c1 : !bar
      nvgpu.mbarrier.init %mb[%c2], %c1 : !bar
      nvgpu.mbarrier.init %mb[%c3], %c1 : !bar
      nvgpu.mbarrier.init %mb[%c4], %c1 : !bar
      %c5 = arith.constant 5 : index
      nvgpu.mbarrier.init %mb[%c5], %c1 : !bar
    }
    gpu.barrier
    %wg = arith.divui %tid, %c128 : index
    %producer = arith.cmpi eq, %wg, %c0 : index
    scf.if %producer {
      scf.if %first {
        %ring:2 = scf.for %t = %c0 to %T step %c1 iter_args(%ts = %c0, %tph = %c0) -> (index, index) {
          %next:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%s = %ts, %par = %tph) -> (index, index) {
            // A slot's first use waits for the phase before the first.
            %epar = arith.xori %par, %c1 : index
            %eparity = arith.index_cast %epar : index to i1
            %e = arith.addi %s, %c3 : index
            nvgpu.mbarrier.try_wait.parity %mb[%e], %eparity, %ticks : !bar
            nvgpu.mbarrier.arrive.expect_tx %mb[%s], %c32768 : !bar
            %offA = arith.muli %s, %c16384 : index
            %offB = arith.addi %offA, %c49152 : index
            %offB1 = arith.addi %offB, %c8192 : index
            %a = memref.view %bytes[%offA][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
            %b0 = memref.view %bytes[%offB][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
            %b1 = memref.view %bytes[%offB1][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
            %kk = arith.muli %k, %c64 : index
            %row = arith.muli %t, %c128 : index
            nvgpu.tma.async.load %descA[%kk, %row], %mb[%s] to %a : !lhsMap, !bar -> memref<128x64xf16, #smem>
            nvgpu.tma.async.load %descB[%c0, %kk], %mb[%s] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #smem>
            nvgpu.tma.async.load %descB[%c64, %kk], %mb[%s] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #smem>
            // The ring's next position: the slot after, the phase flipped
            // on wrapping.
            %s1 = arith.addi %s, %c1 : index
            %wrap = arith.cmpi eq, %s1, %c3 : index
            %sn = arith.select %wrap, %c0, %s1 : index
            %flipped = arith.xori %par, %c1 : index
            %pn = arith.select %wrap, %flipped, %par : index
            scf.yield %sn, %pn : index, index
          }
          scf.yield %next#0, %next#1 : index, index
        }
      }
    } else {
      %leader = arith.cmpi eq, %tid, %c128 : index
      %ring:2 = scf.for %t = %c0 to %T step %c1 iter_args(%ts = %c0, %tph = %c0) -> (index, index) {
        %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
        %res:3 = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %init, %s = %ts, %par = %tph) -> (!acc, index, index) {
          %parity = arith.index_cast %par : index to i1
          nvgpu.mbarrier.try_wait.parity %mb[%s], %parity, %ticks : !bar
          %lhsSlice = memref.subview %lhs[%s, 0, 0][1, 128, 64][1, 1, 1] : memref<3x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
          %rhsSlice = memref.subview %rhs[%s, 0, 0][1, 64, 128][1, 1, 1] : memref<3x64x128xf16, strided<[8192, 128, 1], offset: 24576>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
          %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
          %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
          %md = nvgpu.warpgroup.mma %dA, %dB, %acc {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
          // The MMA is complete (waitGroup = 0): release the slot.
          // role-mutants: release
          %e = arith.addi %s, %c3 : index
          scf.if %leader {
            %tk = nvgpu.mbarrier.arrive %mb[%e] : !bar -> !nvgpu.mbarrier.token
          }
          // role-mutants: end
          %s1 = arith.addi %s, %c1 : index
          %wrap = arith.cmpi eq, %s1, %c3 : index
          %sn = arith.select %wrap, %c0, %s1 : index
          %flipped = arith.xori %par, %c1 : index
          %pn = arith.select %wrap, %flipped, %par : index
          scf.yield %md, %sn, %pn : !acc, index, index
        }
        // The tile's epilogue, while the producer loads the next tile.
        %tile = memref.subview %D[%t, 0, 0][1, 128, 128][1, 1, 1] : memref<?x128x128xf32> to memref<128x128xf32, strided<[128, 1], offset: ?>>
        nvgpu.warpgroup.mma.store %res#0, %tile : !acc to memref<128x128xf32, strided<[128, 1], offset: ?>>
        scf.yield %res#1, %res#2 : index, index
      }
    }
    gpu.return
  }
}
