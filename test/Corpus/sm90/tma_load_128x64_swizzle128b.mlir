// Corpus kernel: sm90/tma_load_128x64_swizzle128b.mlir
// Origin: llvm-project mlir/test/Integration/GPU/CUDA/sm90/tma_load_128x64_swizzle128b.mlir (stored version at commit a82ad27afa302005a1e6a08cb6b7b8ce5bdcb2f2; Apache-2.0 WITH LLVM-exception): the gpu.launch body as a gpu.func kernel (the captured TMA descriptor %3 as an argument; the host constants it uses defined in the kernel; gpu.terminator -> gpu.return; @bufferLhsGlobal moved into the gpu.module); updated to LLVM 22 syntax: gpu.printf takes a comma before its arguments
// What: hand-written sm_90 TMA test, 128 threads: every thread initializes one mbarrier (count = block_dim = 128), thread 0 issues a 128x64 f16 TMA load with 128B swizzle and arrive.expect_tx 8192, the others arrive with 0, all wait on parity 0, thread 0 prints the whole tile
// truth: race: (1) every thread executes nvgpu.mbarrier.init (count 128) with no gpu.barrier before thread 0's TMA/arrive.expect_tx and the other threads' arrive/try_wait: a late init by a slow thread resets arrivals already made (unordered writes and read-modify-writes of the mbarrier); (2) arrive.expect_tx announces 8192 bytes but the TMA box is 128x64 f16 = 16384 bytes (nvgpu.tma.create.descriptor box[128, 64] on the host): the phase can complete when tx-count passes 0 after 8192 bytes, with the other 8192 still being written, and thread 0's memref.load of all 128x64 elements after try_wait.parity then races with the TMA's writes (or, if tx-count never equals 0 with all arrivals in, the wait never returns)
// barriers-needed: 0
//
// Hopper ops: nvgpu.mbarrier.* (init, arrive.expect_tx, try_wait.parity), nvgpu.tma.async.load, gpu.printf.
//
// The kernel has no gpu.barrier (that is race (1)).
// (barriers are numbered in program order.)
!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tokenType = !nvgpu.mbarrier.token

!lhs = memref<128x64xf16>
!shmemlhs = memref<128x64xf16, 3>
!lhsTensorMap = !nvgpu.tensormap.descriptor<tensor = !shmemlhs, swizzle = swizzle_128b, l2promo=none, oob=zero, interleave=none>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @bufferLhsGlobal : !shmemlhs
    gpu.func @tma_load_128x64_swizzle128b(%3: !lhsTensorMap) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c8192 = arith.constant 8192 : index
      %c-1_i32 = arith.constant -1 : i32
      %c10000000 = arith.constant 10000000 : index
      %c64 = arith.constant 64 : index
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %5 = gpu.block_dim  x
      %6 = gpu.thread_id  x
      %7 = memref.get_global @bufferLhsGlobal : !shmemlhs
    
      // Step 6. Initialize the mbarrier
      %9 = nvgpu.mbarrier.create -> !barrierType
      nvgpu.mbarrier.init %9[%c0], %5 : !barrierType
      %10 = arith.cmpi eq, %6, %c0 : index
      
      
      // Step 7. First thread does TMA load
      scf.if %10 {
        gpu.printf "[GPU] TMA SIZE %d\0A", %c8192 : index
        nvgpu.tma.async.load %3[%c0, %c0], %9[%c0] to %7 : !lhsTensorMap, !barrierType -> !shmemlhs
        nvgpu.mbarrier.arrive.expect_tx %9[%c0], %c8192 : !barrierType
      } else {
        nvgpu.mbarrier.arrive.expect_tx %9[%c0], %c0 : !barrierType
      }

      // Step 8. Wait until TMA is done
      %phase_c0 = arith.constant 0 : i1
      nvgpu.mbarrier.try_wait.parity %9[%c0], %phase_c0, %c10000000 : !barrierType

      // Step 9. Print loaded data in 128b swizzled
      scf.if %10 {        
        gpu.printf "===--- Matrix A ---=== %d \0A", %c-1_i32 : i32
        scf.for %arg12 = %c0 to %c128 step %c1 {
          scf.for %arg13 = %c0 to %c64 step %c1 {
            %15 = memref.load %7[%arg12, %arg13] : !shmemlhs
            %16 = arith.extf %15 : f16 to f32
            gpu.printf "%.0f,   ", %16 : f32
          }
          gpu.printf "%d\0A", %c-1_i32 : i32
        }
        gpu.printf "===----------------=== %d \0A", %c-1_i32 : i32
      }
      gpu.return
    }
  }
}
