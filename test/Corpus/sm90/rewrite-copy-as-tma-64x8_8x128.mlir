// Corpus kernel: sm90/rewrite-copy-as-tma-64x8_8x128.mlir
// Origin: upstream MLIR 22 (/usr/lib/llvm-22/bin/mlir-opt, Debian LLVM 22.1.8) transform.nvgpu.rewrite_copy_as_tma on the program of llvm-project mlir/test/Integration/GPU/CUDA/sm90/transform-dialect/tma_load_64x8_8x128_noswizzle-transform.mlir (stored version at commit 1c6e71b33dbd177590cb517a84fc1dc802911bf8; Apache-2.0 WITH LLVM-exception), then gpu-launch-sink-index-computations and gpu-kernel-outlining: `bash test/Corpus/gen/make-tma.sh` (input gen/tma-input-64x8_8x128.mlir, transform gen/tma-transform.mlir); the gpu.module, as printed
// What: the two linalg.copy (64x8 and 8x128 f32, global -> workgroup) of a 128-thread kernel rewritten by the transform: every thread initializes one mbarrier (count 128), gpu.barrier, thread 0 issues both TMA loads then arrive.expect_tx 6144, the others arrive with 0, all wait on parity false (an llvm.mlir.constant), thread 0 reads one element of each tile
// truth: race: every thread executes nvgpu.mbarrier.init on the same mbarrier (128 unordered writes of the same value before the gpu.barrier); benign in practice, and nothing else races: 6144 = 64*8*4 + 8*128*4 expected bytes, 128 arrivals for a count of 128, parity false is the first phase, and thread 0's reads follow its try_wait.parity on that phase (the same pattern as sm90/tma_load_64x8_8x128_noswizzle.mlir, the hand-written version of this kernel)
// barriers-needed: 1
//
// Hopper ops: nvgpu.mbarrier.* (init, arrive.expect_tx, try_wait.parity), nvgpu.tma.async.load,
// gpu.printf. The parity operand is %4 = llvm.mlir.constant(false) : i1, as the transform builds it.
//
// barrier #1 (after mbarrier.init, inserted by the transform): orders the initialization before
//   thread 0's TMA and arrive.expect_tx and the other threads' arrive/try_wait on the same
//   mbarrier: needed.
// (barriers are numbered in program order.)
module attributes {gpu.container_module} {
  gpu.module @main_kernel {
    gpu.func @main_kernel(%arg0: !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>, %arg1: !nvgpu.tensormap.descriptor<tensor = memref<8x128xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
      %block_id_x = gpu.block_id  x
      %block_id_y = gpu.block_id  y
      %block_id_z = gpu.block_id  z
      %thread_id_x = gpu.thread_id  x
      %thread_id_y = gpu.thread_id  y
      %thread_id_z = gpu.thread_id  z
      %grid_dim_x = gpu.grid_dim  x
      %grid_dim_y = gpu.grid_dim  y
      %grid_dim_z = gpu.grid_dim  z
      %block_dim_x = gpu.block_dim  x
      %block_dim_y = gpu.block_dim  y
      %block_dim_z = gpu.block_dim  z
      %c0 = arith.constant 0 : index
      %c45 = arith.constant 45 : index
      %c7 = arith.constant 7 : index
      %0 = memref.get_global @bufferLhsGlobal : memref<64x8xf32, 3>
      %1 = memref.get_global @bufferRhsGlobal : memref<8x128xf32, 3>
      %2 = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
      %c0_0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      nvgpu.mbarrier.init %2[%c0_0], %c128 : <memorySpace = #gpu.address_space<workgroup>>
      gpu.barrier
      %c0_1 = arith.constant 0 : index
      %thread_id_x_2 = gpu.thread_id  x
      %3 = arith.cmpi eq, %thread_id_x_2, %c0_1 : index
      scf.if %3 {
        %c0_5 = arith.constant 0 : index
        nvgpu.tma.async.load %arg0[%c0_5, %c0_5], %2[%c0_5] to %0 : <tensor = memref<64x8xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<64x8xf32, 3>
        %c0_6 = arith.constant 0 : index
        nvgpu.tma.async.load %arg1[%c0_6, %c0_6], %2[%c0_6] to %1 : <tensor = memref<8x128xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<8x128xf32, 3>
        %c6144 = arith.constant 6144 : index
        %c0_7 = arith.constant 0 : index
        nvgpu.mbarrier.arrive.expect_tx %2[%c0_7], %c6144 : <memorySpace = #gpu.address_space<workgroup>>
      } else {
        %c0_5 = arith.constant 0 : index
        %c0_6 = arith.constant 0 : index
        nvgpu.mbarrier.arrive.expect_tx %2[%c0_6], %c0_5 : <memorySpace = #gpu.address_space<workgroup>>
      }
      %4 = llvm.mlir.constant(false) : i1
      %c10000000 = arith.constant 10000000 : index
      %c0_3 = arith.constant 0 : index
      nvgpu.mbarrier.try_wait.parity %2[%c0_3], %4, %c10000000 : <memorySpace = #gpu.address_space<workgroup>>
      %thread_id_x_4 = gpu.thread_id  x
      %5 = arith.cmpi eq, %thread_id_x_4, %c0 : index
      scf.if %5 {
        %6 = memref.load %0[%c45, %c7] : memref<64x8xf32, 3>
        %7 = memref.load %1[%c7, %c0] : memref<8x128xf32, 3>
        gpu.printf "[GPU] TMA LOADED lhs[45][7] %f\0A", %6 : f32
        gpu.printf "[GPU] TMA LOADED rhs[7][0] %f\0A", %7 : f32
      }
      gpu.return
    }
    memref.global "private" @bufferLhsGlobal : memref<64x8xf32, 3>
    memref.global "private" @bufferRhsGlobal : memref<8x128xf32, 3>
  }
}
