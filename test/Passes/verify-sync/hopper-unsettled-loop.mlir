// A Hopper kernel (the corpus's gemm_f32_f16_f16_128x128x128, racy) wrapped
// by the fuzzer in a loop of 10^12 iterations. Its state used to never
// settle into a cycle: each nvgpu.warpgroup.mma.store added one more record
// of the fragments it stored, though it stores the same bytes every time,
// and the model gave up after LOOP_BUDGET iterations ("cannot prove"). A
// store of the same bytes now replaces the record (2026-11-28): the state
// repeats after one iteration and the kernel's two races are found, at the
// cost of one period. The budget itself: hopper-loop-budget.mlir.
// RUN: not asyncpipe-opt %s --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: threads 0-127 initialize the same mbarrier
// CHECK: error: reads accumulator fragments that other warps stored (nvgpu.warpgroup.mma.store) with no block barrier between
// CHECK-NOT: cannot prove
// Corpus kernel: sm90/gemm_f32_f16_f16_128x128x128.mlir
// Origin: llvm-project mlir/test/Integration/GPU/CUDA/sm90/gemm_f32_f16_f16_128x128x128.mlir (stored version at commit 00ffc4c915b134da3c699bfccfec7ed4fa557024; Apache-2.0 WITH LLVM-exception): the gpu.launch body, verbatim, as a gpu.func kernel (its captured host values %matrixD, %descA, %descB as arguments; gpu.terminator -> gpu.return; the two memref.global it uses moved into the gpu.module)
// What: hand-written sm_90a GEMM, 1 warpgroup (128 threads): TMA loads by thread 0 into 2 stages on an mbarrier group, nvgpu.warpgroup.mma (wgmma), wgmma.wait.group, nvgpu.warpgroup.mma.store into workgroup memory, then a copy-out loop
// truth: race: (1) no barrier between nvgpu.warpgroup.mma.store into accShmem and the copy-out vector.load of accShmem: thread tidx reads rows tidx/32 + 4i, whose fragments other warps stored (row 16 is stored by warp 1 and read by warp 0): RAW across warps; (2) every thread executes mbarrier.init on both mbarriers with no barrier before thread 0's arrive.expect_tx/TMA and the other threads' try_wait: a late init can reset a phase already armed
// barriers-needed: 0
//
// Ops asyncpipe does not model here: nvgpu.mbarrier.* (init, arrive.expect_tx, try_wait.parity),
// nvgpu.tma.async.load (asynchronous, completed through the mbarrier), nvgpu.warpgroup.mma (wgmma
// reads A and B from workgroup memory asynchronously, through descriptors), nvvm.wgmma.wait.group,
// nvgpu.warpgroup.mma.store. Also: @accShmem and @dynamicShmem are zero-sized globals, both the
// dynamic shared memory (they alias each other and the gpu.dynamic_shared_memory views), so the
// epilogue's mma.store overwrites the A/B stages; wgmma.wait.group 0 is executed by each warp,
// and with (1) that overwrite is also unordered with respect to the other warps' wgmma reads.
// The TMA writes themselves are fine: readers wait on the mbarrier phase that their
// complete_tx completes.
//
// The kernel has no gpu.barrier (that is race (1)).
// (barriers are numbered in program order.)
!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!lhsTensorMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsTensorMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @dynamicShmem : memref<0xf16, 3> {alignment = 16 : i64}
    memref.global "private" @accShmem : memref<0xf32, 3> {alignment = 16 : i64}
    gpu.func @gemm_f32_f16_f16_128x128x128(%matrixD: memref<128x128xf32>, %descA: !lhsTensorMap, %descB: !rhsTensorMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %wrap733278_lb = arith.constant 0 : index
      %wrap733278_ub = arith.constant 1000000000000 : index
      %wrap733278_st = arith.constant 1 : index
      scf.for %wrap733278 = %wrap733278_lb to %wrap733278_ub step %wrap733278_st {
      memref.assume_alignment %matrixD, 16 : memref<128x128xf32>
  
      %c256 = arith.constant 256 : index
      %c10000000 = arith.constant 10000000 : index
      %c32768 = arith.constant 32768 : index
      %c320 = arith.constant 320 : index
      %c192 = arith.constant 192 : index
      %c6 = arith.constant 6 : index
      %c5 = arith.constant 5 : index
      %c4 = arith.constant 4 : index
      %c3 = arith.constant 3 : index
      %c7 = arith.constant 7 : index    
      %c64 = arith.constant 64 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %c32 = arith.constant 32 : index
      %c16 = arith.constant 16 : index
      %c4096 = arith.constant 4096 : index
      %c8 = arith.constant 8 : index
      %txcount = arith.constant 32768 : index    
      %c24576 = arith.constant 24576 : index
      %c16384 = arith.constant 16384 : index
      %c49152 = arith.constant 49152 : index
      %c57344 = arith.constant 57344 : index
      %c40960 = arith.constant 40960 : index
  
      %tidx = gpu.thread_id  x
      %dynamicMem = memref.get_global @dynamicShmem : memref<0xf16, 3>
      %lhsShmem = memref.reinterpret_cast %dynamicMem to offset: [0], sizes: [2, 128, 64], strides: [8192, 64, 1] : memref<0xf16, 3> to memref<2x128x64xf16, 3>
      %rhsShmem2 = memref.reinterpret_cast %dynamicMem to offset: [0], sizes: [4, 64, 128],  strides: [8192,128,1] : memref<0xf16, 3> to memref<4x64x128xf16,3>
      %rhsShmem = memref.subview %rhsShmem2[2, 0, 0][2, 64, 128][1, 1, 1] : memref<4x64x128xf16,3> to memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3>
      %dynsmem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      // Step 1. [GPU] Create Async Transactional Barriers (mbarriers)
      %barrier = nvgpu.mbarrier.create -> !barrierType
      %cnd = arith.cmpi eq, %tidx, %c0 : index
  
      // Step 2. [GPU] Initialize mbarriers 
      nvgpu.mbarrier.init %barrier[%c0], %c1 {asyncpipe.stage = 3, asyncpipe.order = 2} : !barrierType
      nvgpu.mbarrier.init %barrier[%c1], %c1 : !barrierType
      
      // Step 3. [GPU] Prefetch TMA Descriptors to L1 Cache
      nvgpu.tma.prefetch.descriptor %descA : !lhsTensorMap
      nvgpu.tma.prefetch.descriptor %descB : !rhsTensorMap
      
      // Step 4.1 [GPU] TMA Load Pipeline 1       
      scf.if %cnd {
        %pipe = arith.constant 0 : index
        %lhsSlice = memref.view %dynsmem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
        %halfFirst = memref.view %dynsmem[%c32768][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %halfSecond = memref.view %dynsmem[%c40960][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        nvgpu.mbarrier.arrive.expect_tx %barrier[%pipe], %txcount : !barrierType        
        %dim = arith.muli %pipe, %c64 : index
        nvgpu.tma.async.load %descA[%dim, %c0], %barrier[%pipe] to %lhsSlice : !lhsTensorMap, !barrierType ->  memref<128x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c0, %dim], %barrier[%pipe] to %halfFirst : !rhsTensorMap, !barrierType -> memref<64x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c64, %dim], %barrier[%pipe] to %halfSecond : !rhsTensorMap, !barrierType -> memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      // Step 4.2 [GPU] TMA Load Pipeline 2
      scf.if %cnd {
        %pipe = arith.constant 1 : index
        %lhsSlice = memref.view %dynsmem[%c16384][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
        %halfFirst = memref.view %dynsmem[%c49152][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %halfSecond = memref.view %dynsmem[%c57344][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        nvgpu.mbarrier.arrive.expect_tx %barrier[%pipe], %txcount : !barrierType
        %dim = arith.muli %pipe, %c64 : index  
        nvgpu.tma.async.load %descA[%dim, %c0], %barrier[%pipe] to %lhsSlice : !lhsTensorMap, !barrierType ->  memref<128x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c0, %dim], %barrier[%pipe] to %halfFirst : !rhsTensorMap, !barrierType -> memref<64x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %descB[%c64, %dim], %barrier[%pipe] to %halfSecond : !rhsTensorMap, !barrierType -> memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      
      // Step 5. [GPU] Initiliaze accumulator matrix
      %14 = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
  
      // Step 6. [GPU] Main Loop Starts
      %15 = scf.for %i = %c0 to %c2 step %c1 iter_args(%mc = %14) 
                      -> (!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>)
      {
        %ticks = arith.constant 10000000 : index
        // TMA wait
        %phase_c0 = arith.constant 0 : i1
        nvgpu.mbarrier.try_wait.parity %barrier[%i], %phase_c0, %ticks : !barrierType
        %lhsSlice = memref.subview %lhsShmem [%i, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, 3> to memref<128x64xf16, strided<[64, 1], offset: ?>, 3>
        %rhsSlice = memref.subview %rhsShmem [%i, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, strided<[8192, 128, 1], offset: 16384>, 3> to memref<64x128xf16, strided<[128, 1], offset: ?>, 3>
        // Descriptor WGMMA
        %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, 3>, !lhsTensorMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
        %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, 3>, !rhsTensorMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
        // Perform WGMMA 128x128x64
        %md  = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB} : <tensor = memref<128x64xf16,3>>, <tensor = memref<64x128xf16,3>>, <fragmented = vector<128x128xf32>> -> <fragmented = vector<128x128xf32>>
        scf.yield %md : !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
      }
      
      // Step 7. Wait all to finish mma
      nvvm.wgmma.wait.group.sync.aligned 0
  
      // Step 8. [GPU] Epilogue, store fragmented register to shared memory
      %accShmem = memref.get_global @accShmem : memref<0xf32, 3>
      %accShmemPtr = memref.reinterpret_cast %accShmem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
      nvgpu.warpgroup.mma.store %15, %accShmemPtr : <fragmented = vector<128x128xf32>> to memref<128x128xf32, 3>
      
      // Step 9. [GPU] Epilogue, shared memory to global memory
      %17 = arith.divui %tidx, %c32 : index
      %18 = arith.remui %tidx, %c32 : index
      scf.for %arg12 = %17 to %c128 step %c4 {
        %19 = arith.muli %18, %c4 : index
        %20 = vector.load %accShmemPtr[%arg12, %19] : memref<128x128xf32, 3>, vector<4xf32>
        vector.store %20, %matrixD[%arg12, %19] : memref<128x128xf32>, vector<4xf32>
      }
      }
    gpu.return
    }
  }
}
