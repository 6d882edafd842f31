// Corpus kernel: sm90/gemm_pred_f32_f16_f16_128x128x128.mlir
// Origin: llvm-project mlir/test/Integration/GPU/CUDA/sm90/gemm_pred_f32_f16_f16_128x128x128.mlir (stored version at commit 173d7f728575f4a096f97f5b89fe927f16ffd73d; Apache-2.0 WITH LLVM-exception): the gpu.launch body as a gpu.func kernel (its captured host values %matrixD, %descA, %descB as arguments; gpu.terminator -> gpu.return; @accShmem moved into the gpu.module); updated to LLVM 22 syntax: nvgpu.warpgroup.mma's "transposeB" (no braces) written {transposeB}
// What: hand-written sm_90a GEMM, 1 warpgroup (128 threads), the predicated variant of gemm_f32_f16_f16_128x128x128: one elected thread (nvvm.elect.sync in warp 0) initializes 2 mbarriers (count 1) and issues, predicated, the TMA loads of both stages with arrive.expect_tx 32768 each; all threads wait on parity 0 of stage i, nvgpu.warpgroup.mma (wgmma) over 2 stages, wgmma.wait.group 0, nvgpu.warpgroup.mma.store into workgroup memory, then a copy-out loop
// truth: race: (1) no barrier between nvgpu.warpgroup.mma.store into accShmem and the copy-out vector.load of accShmem: thread tidx reads rows tidx/32 + 4i, whose fragments other warps stored (row 16 is stored by warp 1 and read by warp 0): RAW across warps; (2) the elected thread's nvgpu.mbarrier.init (predicate = %cnd) is followed by no gpu.barrier (nor fence) before warps 1-3 execute nvgpu.mbarrier.try_wait.parity on the same mbarriers: unordered write (init) and reads (try_wait) of the mbarrier, and a wait on a not yet initialized mbarrier is undefined in PTX
// barriers-needed: 0
//
// Hopper ops: nvvm.elect.sync and nvvm.shfl.sync (the predicate %cnd: lane elected in warp 0),
// nvgpu.mbarrier.* with predicate, nvgpu.tma.prefetch.descriptor, nvgpu.tma.async.load with
// predicate, nvgpu.warpgroup.mma (wgmma reads A and B from workgroup memory asynchronously, through
// descriptors; waitGroup 1 by default), nvvm.wgmma.wait.group, nvgpu.warpgroup.mma.store. What is
// right: init, expect_tx and the TMA loads are all by the same thread (same %cnd), in program order;
// 32768 = 16384 (A 128x64 f16) + 2 x 8192 (B 64x64 f16) bytes per stage; count 1 and one arrival per
// stage; parity 0 is each mbarrier's first phase; the stage views agree (A stage i at byte 16384 i,
// B stage i at 32768 + 16384 i). @accShmem is a zero-sized global, the dynamic shared memory base:
// the epilogue's mma.store (128x128 f32 = all 65536 bytes) overwrites the A/B stages;
// wgmma.wait.group 0 is executed by each warp, and with (1) that overwrite is also unordered with
// respect to the other warps' wgmma reads.
//
// The kernel has no gpu.barrier (that is race (1)).
// (barriers are numbered in program order.)
!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!lhsTensorMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>
!rhsTensorMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @accShmem : memref<0xf32, 3> {alignment = 16 : i64}
    gpu.func @gemm_pred_f32_f16_f16_128x128x128(%matrixD: memref<128x128xf32>, %descA: !lhsTensorMap, %descB: !rhsTensorMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %align_matrixD = memref.assume_alignment %matrixD, 16 : memref<128x128xf32>

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

    %tidx = gpu.thread_id x
    %dynsmem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %lhsShmem = memref.view %dynsmem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x128x64xf16, #gpu.address_space<workgroup>>
    %rhsShmem = memref.view %dynsmem[%c32768][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x64x128xf16, #gpu.address_space<workgroup>> 

    // Step 1. [GPU] Create Async Transactional Barriers (mbarriers)
    %barrier = nvgpu.mbarrier.create -> !barrierType
    
    // Step 2. [GPU] Elect fastest thread in CTA
    %mask = arith.constant -1 : i32
    %i0 = arith.constant 0 : i32
    %i32 = arith.constant 32 : i32
    %i4 = arith.constant 4 : i32
    %lanePredicate = nvvm.elect.sync -> i1
    %warpIdx = arith.divui %tidx, %c32 : index
    %warpIdxi32 = index.casts %warpIdx : index to i32    
    %canonical_warp_idx = nvvm.shfl.sync idx %i32, %warpIdxi32, %i0, %mask : i32 -> i32
    %warp_idx_in_group = arith.remui %canonical_warp_idx, %i4 : i32
    %cnd1 = arith.cmpi eq, %warp_idx_in_group, %i0 : i32
    %cnd = arith.andi %cnd1, %lanePredicate : i1

    // Step 3. [GPU] Initialize mbarriers (predicated threadIdx==0)
    nvgpu.mbarrier.init %barrier[%c0], %c1, predicate = %cnd : !barrierType
    nvgpu.mbarrier.init %barrier[%c1], %c1, predicate = %cnd : !barrierType
    
    // Step 4.1 [GPU] Prefetch TMA Descriptors to L1 Cache (predicated)
    nvgpu.tma.prefetch.descriptor %descA, predicate = %cnd : !lhsTensorMap
    nvgpu.tma.prefetch.descriptor %descB, predicate = %cnd : !rhsTensorMap

    // Step 4.2 [GPU] TMA Load Pipeline 1 (predicated)
    %pipe1 = arith.constant 0 : index
    %lhsSlice1 = memref.view %dynsmem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
    %halfFirst1 = memref.view %dynsmem[%c32768][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    %halfSecond1 = memref.view %dynsmem[%c40960][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    nvgpu.mbarrier.arrive.expect_tx %barrier[%pipe1], %txcount, predicate = %cnd : !barrierType        
    %dim1 = arith.muli %pipe1, %c64 : index
    nvgpu.tma.async.load %descA[%dim1, %c0], %barrier[%pipe1] to %lhsSlice1, predicate = %cnd : !lhsTensorMap, !barrierType -> memref<128x64xf16, #gpu.address_space<workgroup>>
    nvgpu.tma.async.load %descB[%c0, %dim1], %barrier[%pipe1] to %halfFirst1, predicate = %cnd : !rhsTensorMap, !barrierType -> memref<64x64xf16, #gpu.address_space<workgroup>>
    nvgpu.tma.async.load %descB[%c64, %dim1], %barrier[%pipe1] to %halfSecond1, predicate = %cnd : !rhsTensorMap, !barrierType -> memref<64x64xf16, #gpu.address_space<workgroup>>

    // Step 5. [GPU] TMA Load Pipeline 2 (predicated)
    %pipe2 = arith.constant 1 : index
    %lhsSlice2 = memref.view %dynsmem[%c16384][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
    %halfFirst2 = memref.view %dynsmem[%c49152][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    %halfSecond2 = memref.view %dynsmem[%c57344][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    nvgpu.mbarrier.arrive.expect_tx %barrier[%pipe2], %txcount, predicate = %cnd : !barrierType
    %dim2 = arith.muli %pipe2, %c64 : index  
    nvgpu.tma.async.load %descA[%dim2, %c0], %barrier[%pipe2] to %lhsSlice2, predicate = %cnd : !lhsTensorMap, !barrierType ->  memref<128x64xf16, #gpu.address_space<workgroup>>
    nvgpu.tma.async.load %descB[%c0, %dim2], %barrier[%pipe2] to %halfFirst2, predicate = %cnd : !rhsTensorMap, !barrierType ->  memref<64x64xf16, #gpu.address_space<workgroup>>
    nvgpu.tma.async.load %descB[%c64, %dim2], %barrier[%pipe2] to %halfSecond2, predicate = %cnd : !rhsTensorMap, !barrierType -> memref<64x64xf16, #gpu.address_space<workgroup>>
    // Step 6. [GPU] Initiliaze accumulator matrix
    %14 = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>

    // Step 7. [GPU] Main Loop Starts
    %15 = scf.for %i = %c0 to %c2 step %c1 iter_args(%mc = %14) 
                    -> (!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>)
    {
      %ticks = arith.constant 10000000 : index
      // TMA wait
      %phase_c0 = arith.constant 0 : i1
      nvgpu.mbarrier.try_wait.parity %barrier[%i], %phase_c0, %ticks : !barrierType
      %lhsSlice = memref.subview %lhsShmem [%i, 0, 0][1, 128, 64][1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %rhsSlice = memref.subview %rhsShmem [%i, 0, 0][1, 64, 128][1, 1, 1] : memref<2x64x128xf16, #gpu.address_space<workgroup>> to memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      // Descriptor WGMMA
      %dA = nvgpu.warpgroup.generate.descriptor %lhsSlice, %descA : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, !lhsTensorMap -> !nvgpu.warpgroup.descriptor<tensor=memref<128x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %rhsSlice, %descB : memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, !rhsTensorMap -> !nvgpu.warpgroup.descriptor<tensor=memref<64x128xf16, 3>>
      // Perform WGMMA 128x128x64
      %md  = nvgpu.warpgroup.mma %dA, %dB, %mc {transposeB} : <tensor = memref<128x64xf16,3>>, <tensor = memref<64x128xf16,3>>, <fragmented = vector<128x128xf32>> -> <fragmented = vector<128x128xf32>>
      scf.yield %md : !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
    }
    
    // Step 8. Wait all to finish mma
    nvvm.wgmma.wait.group.sync.aligned 0

    // Step 9. [GPU] Epilogue, store fragmented register to shared memory
    %accShmem = memref.get_global @accShmem : memref<0xf32, 3>
    %accShmemPtr = memref.reinterpret_cast %accShmem to offset: [0], sizes: [128, 128], strides: [128, 1] : memref<0xf32, 3> to memref<128x128xf32, 3>
    nvgpu.warpgroup.mma.store %15, %accShmemPtr : <fragmented = vector<128x128xf32>> to memref<128x128xf32, 3>
    
    // Step 10. [GPU] Epilogue, shared memory to global memory
    %17 = arith.divui %tidx, %c32 : index
    %18 = arith.remui %tidx, %c32 : index
    scf.for %arg12 = %17 to %c128 step %c4 {
      %19 = arith.muli %18, %c4 : index
      %20 = vector.load %accShmemPtr[%arg12, %19] : memref<128x128xf32, 3>, vector<4xf32>
      vector.store %20, %align_matrixD[%arg12, %19] : memref<128x128xf32>, vector<4xf32>
    }
    gpu.return
    }
  }
}
