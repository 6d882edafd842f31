// Corpus kernel: sm90/tma_load_64x8_8x128_noswizzle.mlir
// Origin: llvm-project mlir/test/Integration/GPU/CUDA/sm90/tma_load_64x8_8x128_noswizzle.mlir (stored version at commit 0b389041ba7c1c9bcc5b354a9db0301e4ec07b4d; Apache-2.0 WITH LLVM-exception): the gpu.launch body as a gpu.func kernel; updated to LLVM 22 syntax: mbarrier ops take an index ([%c0]), the parity of try_wait.parity is an i1 (%false), gpu.printf takes a comma before its arguments
// What: hand-written sm_90 TMA test, 128 threads: mbarrier init, thread 0 issues two TMA loads (64x8 and 8x128 f32) with arrive.expect_tx, the others arrive, all wait on the phase, thread 0 reads
// truth: race: every thread executes nvgpu.mbarrier.init on the same mbarrier (128 unordered writes of the same value before the gpu.barrier); benign in practice, and nothing else races (thread 0's reads before the TMA are in its own program order before the issue; the reads after try_wait.parity follow the completed phase)
// barriers-needed: 1
//
// Ops asyncpipe does not model here: nvgpu.mbarrier.*, nvgpu.tma.async.load, gpu.printf.
//
// barrier #1 (after mbarrier.init): orders the initialization before thread 0's arrive.expect_tx
//   and TMA and the other threads' arrive/try_wait on the same mbarrier: needed.
// (barriers are numbered in program order.)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @bufferLhsGlobal : memref<64x8xf32, 3>
    memref.global "private" @bufferRhsGlobal : memref<8x128xf32, 3>
    gpu.func @tma_load_64x8_8x128_noswizzle(%3: !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>, %4: !nvgpu.tensormap.descriptor<tensor = memref<8x128xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c10000000 = arith.constant 10000000 : index
      %c6144 = arith.constant 6144 : index
      %c45 = arith.constant 45 : index
      %c7 = arith.constant 7 : index
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %5 = gpu.block_dim  x
      %6 = gpu.thread_id  x
      %7 = memref.get_global @bufferLhsGlobal : memref<64x8xf32, 3>
      %8 = memref.get_global @bufferRhsGlobal : memref<8x128xf32, 3>
      %9 = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
      nvgpu.mbarrier.init %9[%c0], %5 : <memorySpace = #gpu.address_space<workgroup>>
      gpu.barrier
      %10 = arith.cmpi eq, %6, %c0 : index
      scf.if %10 {
        nvgpu.mbarrier.arrive.expect_tx %9[%c0], %c6144 : <memorySpace = #gpu.address_space<workgroup>>
        %11 = memref.load %7[%c0, %c0] : memref<64x8xf32, 3>
        %12 = memref.load %8[%c0, %c0] : memref<8x128xf32, 3>
        gpu.printf "[GPU] TMA BEFORE lhs[45][7] %f\0A", %11 : f32
        gpu.printf "[GPU] TMA BEFORE rhs[7][0] %f\0A", %12 : f32
        nvgpu.tma.async.load %3[%c0, %c0], %9[%c0] to %7 : <tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<64x8xf32, 3>
        nvgpu.tma.async.load %4[%c0, %c0], %9[%c0] to %8 : <tensor = memref<8x128xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<8x128xf32, 3>
      } else {
        nvgpu.mbarrier.arrive.expect_tx %9[%c0], %c0 : <memorySpace = #gpu.address_space<workgroup>>
      }
      nvgpu.mbarrier.try_wait.parity %9[%c0], %false, %c10000000 : <memorySpace = #gpu.address_space<workgroup>>
      scf.if %10 {
        %11 = memref.load %7[%c45, %c7] : memref<64x8xf32, 3>
        %12 = memref.load %8[%c7, %c0] : memref<8x128xf32, 3>
        gpu.printf "[GPU] TMA LOADED lhs[45][7] %f\0A", %11 : f32
        gpu.printf "[GPU] TMA LOADED rhs[7][0] %f\0A", %12 : f32
      }
      gpu.return
    }
  }
}
