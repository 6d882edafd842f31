// Hopper at the nvgpu level: nvgpu.warpgroup.mma.store writes the
// accumulator's fragments with plain stores, through the generic proxy; a
// TMA store or a warpgroup MMA reads shared memory through the async proxy.
// What the MMA store wrote is theirs only after a fence.proxy.async by the
// writers (and a block barrier, for what other threads wrote): PTX ISA,
// "Proxies" and the wgmma and cp.async.bulk memory-consistency notes. The
// epilogue of every TMA-store GEMM (CUTLASS's included) has the fence.
// Before, the model recorded an MMA store as a write only for the barrier
// rule, not for the fence rule: the last two kernels were proven.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// In CFG form too (upstream's convert-scf-to-cf, then canonicalize and cse:
// loops and branches as blocks, as gpu-lower-to-nvvm-pipeline leaves them):
// the same verdicts at the same ops. verify-sync raises the blocks back to
// scf.for and scf.if on a copy (passes/transform/cfg_to_scf.rs); before, the
// Hopper model followed only the entry block, and every race here was proven
// in that form.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf),canonicalize,cse,asyncpipe-verify-sync)'

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!outMap = !nvgpu.tensormap.descriptor<tensor = memref<128x128xf32, 3>, swizzle = none, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
#smem = #gpu.address_space<workgroup>
gpu.module @kernels {
  // One 128x128x64 tile: TMA loads on one phase, a wgmma, the MMA store to
  // shared memory, fence.proxy.async, a barrier, thread 0's TMA store.
  gpu.func @fenced_epilogue(%descA: !lhsMap, %descB: !rhsMap, %descD: !outMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c16384 = arith.constant 16384 : index
    %c24576 = arith.constant 24576 : index
    %c32768 = arith.constant 32768 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #smem>
    %a = memref.view %bytes[%c0][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %b0 = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b1 = memref.view %bytes[%c24576][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x128xf16, #smem>
    %out = memref.view %bytes[%c32768][] : memref<?xi8, #smem> to memref<128x128xf32, #smem>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c32768 : !bar
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a : !lhsMap, !bar -> memref<128x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #smem>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %dA = nvgpu.warpgroup.generate.descriptor %a, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
    %dB = nvgpu.warpgroup.generate.descriptor %b, %descB : memref<64x128xf16, #smem>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %md = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
    nvgpu.warpgroup.mma.store %md, %out : !acc to memref<128x128xf32, #smem>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      nvgpu.tma.async.store %out to %descD[%c0, %c0] : memref<128x128xf32, #smem> -> !outMap
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!outMap = !nvgpu.tensormap.descriptor<tensor = memref<128x128xf32, 3>, swizzle = none, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
#smem = #gpu.address_space<workgroup>
gpu.module @kernels {
  // The fence removed: the TMA store may read what the MMA store wrote
  // before the async proxy sees it.
  gpu.func @unfenced_epilogue(%descA: !lhsMap, %descB: !rhsMap, %descD: !outMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c16384 = arith.constant 16384 : index
    %c24576 = arith.constant 24576 : index
    %c32768 = arith.constant 32768 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #smem>
    %a = memref.view %bytes[%c0][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %b0 = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b1 = memref.view %bytes[%c24576][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x128xf16, #smem>
    %out = memref.view %bytes[%c32768][] : memref<?xi8, #smem> to memref<128x128xf32, #smem>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c32768 : !bar
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a : !lhsMap, !bar -> memref<128x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #smem>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %dA = nvgpu.warpgroup.generate.descriptor %a, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
    %dB = nvgpu.warpgroup.generate.descriptor %b, %descB : memref<64x128xf16, #smem>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %md = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
    // expected-note @below {{the write}}
    nvgpu.warpgroup.mma.store %md, %out : !acc to memref<128x128xf32, #smem>
    gpu.barrier
    scf.if %first {
      // expected-error @below {{reads shared memory that threads 0-127 wrote through the generic proxy with no fence.proxy.async after the write: the TMA store (async proxy) may read stale data}}
      nvgpu.tma.async.store %out to %descD[%c0, %c0] : memref<128x128xf32, #smem> -> !outMap
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
#smem = #gpu.address_space<workgroup>
gpu.module @kernels {
  // A second MMA reads, as its A tile, shared memory that the first MMA's
  // store wrote (a product fed back through shared memory, as attention's P
  // may be): a barrier but no fence between them.
  gpu.func @unfenced_operand(%descA: !lhsMap, %descB: !rhsMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c16384 = arith.constant 16384 : index
    %c24576 = arith.constant 24576 : index
    %c32768 = arith.constant 32768 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #smem>
    %a = memref.view %bytes[%c0][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %b0 = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b1 = memref.view %bytes[%c24576][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x128xf16, #smem>
    %out = memref.view %bytes[%c32768][] : memref<?xi8, #smem> to memref<128x128xf32, #smem>
    %p = memref.view %bytes[%c32768][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c32768 : !bar
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a : !lhsMap, !bar -> memref<128x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #smem>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %dA = nvgpu.warpgroup.generate.descriptor %a, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
    %dB = nvgpu.warpgroup.generate.descriptor %b, %descB : memref<64x128xf16, #smem>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %md = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
    // expected-note @below {{the write}}
    nvgpu.warpgroup.mma.store %md, %out : !acc to memref<128x128xf32, #smem>
    gpu.barrier
    %dP = nvgpu.warpgroup.generate.descriptor %p, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
    // expected-error @below {{reads shared memory that threads 0-127 wrote through the generic proxy with no fence.proxy.async after the write: the warpgroup MMA (async proxy) may read stale data}}
    %m2 = nvgpu.warpgroup.mma %dP, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
    gpu.return
  }
}
