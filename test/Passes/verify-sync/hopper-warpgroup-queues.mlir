// Each warpgroup has its own warpgroup MMA queue (wgmma.commit_group and
// wait_group count the executing threads' groups): two consumer
// warpgroups of a 256-thread block each multiply their own A tile by the
// shared B tile, as ping-pong and cooperative Hopper GEMMs do. A
// warpgroup's wait completes its own MMA only; the tiles it read are free
// for its own threads then, and for other threads after a block barrier
// (or an mbarrier phase it arrives on after the wait). Before, the model
// kept one MMA queue for the block and said "cannot prove" for any MMA
// work by some warpgroups only: the first kernel was not proven.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// The same verdicts after upstream's convert-nvgpu-to-nvvm:
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm),asyncpipe-verify-sync)'
// In CFG form too (after upstream's convert-nvgpu-to-nvvm,
// convert-scf-to-cf, canonicalize and cse: loops and branches as blocks, as
// gpu-lower-to-nvvm-pipeline leaves them): the same verdicts at the same
// ops. verify-sync raises the blocks back to scf.for and scf.if on a copy
// (passes/transform/cfg_to_scf.rs); before, the Hopper model followed only
// the entry block, and every race here was proven in that form.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf),canonicalize,cse,asyncpipe-verify-sync)'

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
#smem = #gpu.address_space<workgroup>
gpu.module @kernels {
  // Warpgroup 0 multiplies A0, warpgroup 1 A1; each waits for its own MMA
  // and stores its product; a barrier; thread 0 refills A0 and A1.
  gpu.func @two_consumers(%descA: !lhsMap, %descB: !rhsMap, %out: memref<2x128x128xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c16384 = arith.constant 16384 : index
    %c24576 = arith.constant 24576 : index
    %c32768 = arith.constant 32768 : index
    %c49152 = arith.constant 49152 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %wg = arith.divui %tid, %c128 : index
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #smem>
    %a0 = memref.view %bytes[%c0][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %b0 = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b1 = memref.view %bytes[%c24576][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x128xf16, #smem>
    %a1 = memref.view %bytes[%c32768][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c49152 : !bar
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a0 : !lhsMap, !bar -> memref<128x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descA[%c128, %c0], %mb[%c0] to %a1 : !lhsMap, !bar -> memref<128x64xf16, #smem>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %dB = nvgpu.warpgroup.generate.descriptor %b, %descB : memref<64x128xf16, #smem>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %is0 = arith.cmpi eq, %wg, %c0 : index
    scf.if %is0 {
      %dA = nvgpu.warpgroup.generate.descriptor %a0, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %m = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      %o = memref.subview %out[0, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32> to memref<128x128xf32, strided<[128, 1]>>
      nvgpu.warpgroup.mma.store %m, %o : !acc to memref<128x128xf32, strided<[128, 1]>>
    } else {
      %dA = nvgpu.warpgroup.generate.descriptor %a1, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %m = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      %o = memref.subview %out[1, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32> to memref<128x128xf32, strided<[128, 1], offset: 16384>>
      nvgpu.warpgroup.mma.store %m, %o : !acc to memref<128x128xf32, strided<[128, 1], offset: 16384>>
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c32768 : !bar
      nvgpu.tma.async.load %descA[%c0, %c64], %mb[%c0] to %a0 : !lhsMap, !bar -> memref<128x64xf16, #smem>
      nvgpu.tma.async.load %descA[%c128, %c64], %mb[%c0] to %a1 : !lhsMap, !bar -> memref<128x64xf16, #smem>
    }
    %true = arith.constant true
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %true, %ticks : !bar
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
  // No barrier after the MMAs: thread 0 (warpgroup 0) refills A1 while
  // warpgroup 1 may not have passed its own wait: its MMA may still read.
  gpu.func @refill_too_early(%descA: !lhsMap, %descB: !rhsMap, %out: memref<2x128x128xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c16384 = arith.constant 16384 : index
    %c24576 = arith.constant 24576 : index
    %c32768 = arith.constant 32768 : index
    %c49152 = arith.constant 49152 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %wg = arith.divui %tid, %c128 : index
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #smem>
    %a0 = memref.view %bytes[%c0][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %b0 = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b1 = memref.view %bytes[%c24576][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x128xf16, #smem>
    %a1 = memref.view %bytes[%c32768][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c49152 : !bar
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a0 : !lhsMap, !bar -> memref<128x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descA[%c128, %c0], %mb[%c0] to %a1 : !lhsMap, !bar -> memref<128x64xf16, #smem>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %dB = nvgpu.warpgroup.generate.descriptor %b, %descB : memref<64x128xf16, #smem>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %is0 = arith.cmpi eq, %wg, %c0 : index
    scf.if %is0 {
      %dA = nvgpu.warpgroup.generate.descriptor %a0, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %m = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      %o = memref.subview %out[0, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32> to memref<128x128xf32, strided<[128, 1]>>
      nvgpu.warpgroup.mma.store %m, %o : !acc to memref<128x128xf32, strided<[128, 1]>>
    } else {
      %dA = nvgpu.warpgroup.generate.descriptor %a1, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      // expected-note @below {{the read}}
      %m = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      %o = memref.subview %out[1, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32> to memref<128x128xf32, strided<[128, 1], offset: 16384>>
      nvgpu.warpgroup.mma.store %m, %o : !acc to memref<128x128xf32, strided<[128, 1], offset: 16384>>
    }
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c16384 : !bar
      // expected-error @below {{overwrites shared memory that threads 128-255 may still be reading}}
      nvgpu.tma.async.load %descA[%c128, %c64], %mb[%c0] to %a1 : !lhsMap, !bar -> memref<128x64xf16, #smem>
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
  // Warpgroup 1 leaves its MMA in flight (waitGroup = 1) and stores its
  // accumulator: a read of registers its own MMA still writes. Warpgroup 0
  // waits for its own and stores: fine.
  gpu.func @early_store(%descA: !lhsMap, %descB: !rhsMap, %out: memref<2x128x128xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c16384 = arith.constant 16384 : index
    %c24576 = arith.constant 24576 : index
    %c32768 = arith.constant 32768 : index
    %c49152 = arith.constant 49152 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %wg = arith.divui %tid, %c128 : index
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #smem>
    %a0 = memref.view %bytes[%c0][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %b0 = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b1 = memref.view %bytes[%c24576][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x128xf16, #smem>
    %a1 = memref.view %bytes[%c32768][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c49152 : !bar
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a0 : !lhsMap, !bar -> memref<128x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descA[%c128, %c0], %mb[%c0] to %a1 : !lhsMap, !bar -> memref<128x64xf16, #smem>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %dB = nvgpu.warpgroup.generate.descriptor %b, %descB : memref<64x128xf16, #smem>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %is0 = arith.cmpi eq, %wg, %c0 : index
    scf.if %is0 {
      %dA = nvgpu.warpgroup.generate.descriptor %a0, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %m = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      %o = memref.subview %out[0, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32> to memref<128x128xf32, strided<[128, 1]>>
      nvgpu.warpgroup.mma.store %m, %o : !acc to memref<128x128xf32, strided<[128, 1]>>
    } else {
      %dA = nvgpu.warpgroup.generate.descriptor %a1, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      // expected-note @below {{the warpgroup MMA}}
      %m = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 1 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      %o = memref.subview %out[1, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32> to memref<128x128xf32, strided<[128, 1], offset: 16384>>
      // expected-error @below {{reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it}}
      nvgpu.warpgroup.mma.store %m, %o : !acc to memref<128x128xf32, strided<[128, 1], offset: 16384>>
    }
    gpu.return
  }
}

// -----

// An arrival after the wait releases warpgroup 1's reads only to the
// threads that wait for that phase: nobody waits here, so thread 0's
// refill still races (from a second review: released reads went unchecked
// and the refill was proven).
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
#smem = #gpu.address_space<workgroup>
gpu.module @kernels {
  // No barrier after the MMAs: thread 0 (warpgroup 0) refills A1 while
  // warpgroup 1 may not have passed its own wait: its MMA may still read.
  gpu.func @refill_too_early(%descA: !lhsMap, %descB: !rhsMap, %out: memref<2x128x128xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c16384 = arith.constant 16384 : index
    %c24576 = arith.constant 24576 : index
    %c32768 = arith.constant 32768 : index
    %c49152 = arith.constant 49152 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %wg = arith.divui %tid, %c128 : index
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #smem>
    %a0 = memref.view %bytes[%c0][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %b0 = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b1 = memref.view %bytes[%c24576][] : memref<?xi8, #smem> to memref<64x64xf16, #smem>
    %b = memref.view %bytes[%c16384][] : memref<?xi8, #smem> to memref<64x128xf16, #smem>
    %a1 = memref.view %bytes[%c32768][] : memref<?xi8, #smem> to memref<128x64xf16, #smem>
    %mb = nvgpu.mbarrier.create -> !bar
    %mb2 = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
      nvgpu.mbarrier.init %mb2[%c0], %c128 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c49152 : !bar
      nvgpu.tma.async.load %descA[%c0, %c0], %mb[%c0] to %a0 : !lhsMap, !bar -> memref<128x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c0, %c0], %mb[%c0] to %b0 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descB[%c64, %c0], %mb[%c0] to %b1 : !rhsMap, !bar -> memref<64x64xf16, #smem>
      nvgpu.tma.async.load %descA[%c128, %c0], %mb[%c0] to %a1 : !lhsMap, !bar -> memref<128x64xf16, #smem>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %dB = nvgpu.warpgroup.generate.descriptor %b, %descB : memref<64x128xf16, #smem>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
    %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %is0 = arith.cmpi eq, %wg, %c0 : index
    scf.if %is0 {
      %dA = nvgpu.warpgroup.generate.descriptor %a0, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %m = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      %o = memref.subview %out[0, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32> to memref<128x128xf32, strided<[128, 1]>>
      nvgpu.warpgroup.mma.store %m, %o : !acc to memref<128x128xf32, strided<[128, 1]>>
    } else {
      %dA = nvgpu.warpgroup.generate.descriptor %a1, %descA : memref<128x64xf16, #smem>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      // expected-note @below {{the read}}
      %m = nvgpu.warpgroup.mma %dA, %dB, %init {transposeB, waitGroup = 0 : i64} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, !acc -> !acc
      %o = memref.subview %out[1, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32> to memref<128x128xf32, strided<[128, 1], offset: 16384>>
      nvgpu.warpgroup.mma.store %m, %o : !acc to memref<128x128xf32, strided<[128, 1], offset: 16384>>
      %tok = nvgpu.mbarrier.arrive %mb2[%c0] : !bar -> !nvgpu.mbarrier.token
    }
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c16384 : !bar
      // expected-error @below {{overwrites shared memory that threads 128-255 may still be reading (no block barrier, nor }}
      nvgpu.tma.async.load %descA[%c128, %c64], %mb[%c0] to %a1 : !lhsMap, !bar -> memref<128x64xf16, #smem>
    }
    gpu.return
  }
}
