// Corpus kernel: sm90/tma_load_64x64_swizzle128b.mlir
// Origin: llvm-project mlir/test/Integration/GPU/CUDA/sm90/tma_load_64x64_swizzle128b.mlir (stored version at commit 163b3e8cb3a6656658802e5ac58eacc2355ee456; Apache-2.0 WITH LLVM-exception): the gpu.launch body as a gpu.func kernel (the captured TMA descriptors as arguments; the host constants it uses defined in the kernel; gpu.terminator -> gpu.return; the two memref.global moved into the gpu.module); updated to LLVM 22: gpu.printf takes a comma before its arguments, and %rhsShmem2 = memref.subview %rhsShmem[32, 0][64, 64][1, 1] (rows 32..95 of a 64-row memref, which LLVM 22's verifier rejects: "slice along dimension 0 runs out-of-bounds") is written as memref.reinterpret_cast %rhsShmem to offset: [4096], sizes: [64, 64], strides: [128, 1], the same result type and base address
// What: hand-written sm_90 TMA test, 128 threads: every thread initializes one mbarrier (count 128), thread 0 issues three TMA loads with 128B swizzle (A 128x64 f16 into @bufferLhsGlobal; two 64x64 f16 boxes of B into @bufferRhsGlobal at element offsets 0 and 4096) and arrive.expect_tx 32768, the others arrive with 0, all wait on parity 0, thread 0 prints B, then a gpu.barrier
// truth: race: every thread executes nvgpu.mbarrier.init (count 128) with no gpu.barrier before thread 0's TMA/arrive.expect_tx and the other threads' arrive/try_wait: a late init by a slow thread resets arrivals already made. Nothing else races: 32768 = 16384 (A box) + 2 x 8192 (B boxes) expected bytes, 128 arrivals for a count of 128, parity 0 is the first phase; the two B boxes land densely at bytes 0..8191 and 8192..16383 of @bufferRhsGlobal (a TMA writes its box contiguously at the destination's base address; the strides [128, 1] of the destination memrefs are not used), so they do not overlap, and thread 0 reads B only after the wait
// barriers-needed: 0
//
// Hopper ops: nvgpu.mbarrier.* (init, arrive.expect_tx, try_wait.parity), nvgpu.tma.async.load, gpu.printf.
//
// barrier #1 (the last op before gpu.return): nothing follows it: not needed.
// (barriers are numbered in program order.)
!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tokenType = !nvgpu.mbarrier.token

!lhs = memref<128x64xf16>
!shmemlhs = memref<128x64xf16, 3>
!lhsTensorMap = !nvgpu.tensormap.descriptor<tensor = !shmemlhs, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>

!rhs = memref<64x128xf16>
!shmemrhs = memref<64x128xf16, 3>
!rhsTensorMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @bufferLhsGlobal : !shmemlhs
    memref.global "private" @bufferRhsGlobal : !shmemrhs
    gpu.func @tma_load_64x64_swizzle128b(%d_lhsTensorMap: !lhsTensorMap, %d_rhsTensorMap: !rhsTensorMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c32768 = arith.constant 32768 : index
      %c-1_i32 = arith.constant -1 : i32
      %c10000000 = arith.constant 10000000 : index
      %c64 = arith.constant 64 : index
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %5 = gpu.block_dim  x
      %6 = gpu.thread_id  x
      %lhsShmem = memref.get_global @bufferLhsGlobal : !shmemlhs
      %rhsShmem = memref.get_global @bufferRhsGlobal : !shmemrhs
      %rhsShmem1 = memref.subview %rhsShmem[0, 0][64, 64][1, 1] : !shmemrhs to memref<64x64xf16, strided<[128, 1]>, 3>
      %rhsShmem2 = memref.reinterpret_cast %rhsShmem to offset: [4096], sizes: [64, 64], strides: [128, 1] : !shmemrhs to memref<64x64xf16, strided<[128, 1], offset: 4096>, 3>
    
      // Step 5. Initialize the mbarrier
      %9 = nvgpu.mbarrier.create -> !barrierType
      nvgpu.mbarrier.init %9[%c0], %5 : !barrierType
      %10 = arith.cmpi eq, %6, %c0 : index
      
      // Step 6. First thread does TMA load
      scf.if %10 {
        gpu.printf "[GPU] TMA SIZE %d\0A", %c32768 : index
        nvgpu.tma.async.load %d_lhsTensorMap[%c0, %c0], %9[%c0] to %lhsShmem : !lhsTensorMap, !barrierType -> !shmemlhs
        nvgpu.tma.async.load %d_rhsTensorMap[%c0, %c0], %9[%c0] to %rhsShmem1 : !rhsTensorMap, !barrierType -> memref<64x64xf16, strided<[128, 1]>, 3>
        nvgpu.tma.async.load %d_rhsTensorMap[%c64, %c0], %9[%c0] to %rhsShmem2 : !rhsTensorMap, !barrierType -> memref<64x64xf16, strided<[128, 1], offset: 4096>, 3>
        nvgpu.mbarrier.arrive.expect_tx %9[%c0], %c32768 : !barrierType
      } else {
        nvgpu.mbarrier.arrive.expect_tx %9[%c0], %c0 : !barrierType
      }

      // Step 7. Wait until TMA is done
      %phase_c0 = arith.constant 0 : i1
      nvgpu.mbarrier.try_wait.parity %9[%c0], %phase_c0, %c10000000 : !barrierType

      // Step 8. Print loaded data in 128b swizzled
      scf.if %10 {        
        gpu.printf "===--- Matrix B ---=== %d \n", %c-1_i32 : i32
        scf.for %ii = %c0 to %c64 step %c1 {
          scf.for %j = %c0 to %c128 step %c1 {
            %lhs0 = memref.load %rhsShmem[%ii, %j] : !shmemrhs
            %lhs032 = arith.extf %lhs0: f16 to f32
            gpu.printf "%.0f,   ", %lhs032 : f32
          }
          gpu.printf "%d\n", %c-1_i32 : i32
        }
        gpu.printf "===----------------=== %d \n", %c-1_i32 : i32
      }
      gpu.barrier
      gpu.return
    }
  }
}
