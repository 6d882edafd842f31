// Corpus kernel: sm90/tma_load_128x128_stride_noswizzle.mlir
// Origin: llvm-project mlir/test/Integration/GPU/CUDA/sm90/tma_load_128x128_stride_noswizzle.mlir (stored version at commit 59e12572f8e40a0c5e5ccf7f64daf833134f812f; Apache-2.0 WITH LLVM-exception): the gpu.launch body as a gpu.func kernel (the captured TMA descriptor %24 and %dstMemref as arguments; the host constants it uses defined in the kernel; gpu.terminator -> gpu.return; dynamic_shared_memory_size 32768 dropped with the launch)
// What: hand-written sm_90 TMA test, 128 threads: an elected lane of warp 0 (nvvm.shfl.sync of the warp id, nvvm.elect.sync) initializes one mbarrier (count 1); an elected lane of warp 0 (second elect.sync) does arrive.expect_tx 32768 and a 4-d TMA load (box 2x2x64x64 f16 of a transposed view) into dynamic shared memory; all threads wait on parity 0; then 4 iterations in which thread 0 copies a 64x64 quarter to global memory, each followed by a gpu.barrier
// truth: race: the init (scf.if %33) is followed by no gpu.barrier (nor fence) before the other threads' nvgpu.mbarrier.try_wait.parity on the same mbarrier: unordered write (init) and reads (try_wait) of the mbarrier by warps 1-3, and a wait on a not yet initialized mbarrier is undefined in PTX. Nothing else races: 32768 = 2*2*64*64*2 expected bytes, one arrival for a count of 1 (elect.sync elects the same lane of the converged warp 0 both times, so init, expect_tx and the TMA are one thread's, in program order), parity 0 is the first phase, and thread 0 reads the tile only after its wait
// barriers-needed: 0
//
// Hopper ops: nvvm.shfl.sync, nvvm.elect.sync, nvgpu.mbarrier.* (init, arrive.expect_tx,
// try_wait.parity), nvgpu.tma.async.load (4-d).
//
// barrier #1 (end of the inner loop body, executed 4 times): only thread 0 accesses workgroup
//   memory after the TMA (and only reads it), and no mbarrier op follows: not needed.
// (barriers are numbered in program order.)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tma_load_128x128_stride_noswizzle(%24: !nvgpu.tensormap.descriptor<tensor = memref<2x2x64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>, %dstMemref: memref<128x128xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c10000000 = arith.constant 10000000 : index
      %false = arith.constant false
      %c32768 = arith.constant 32768 : index
      %c31_i32 = arith.constant 31 : i32
      %c-1_i32 = arith.constant -1 : i32
      %c5_i32 = arith.constant 5 : i32
      %c0_i32 = arith.constant 0 : i32
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c2 = arith.constant 2 : index
      %c1 = arith.constant 1 : index
      %26 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %view = memref.view %26[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x2x64x64xf16, #gpu.address_space<workgroup>>
      %27 = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
      %thread_id_x = gpu.thread_id  x
      %28 = arith.index_cast %thread_id_x : index to i32
      %29 = arith.shrui %28, %c5_i32 : i32
      %30 = nvvm.shfl.sync  idx %c-1_i32, %29, %c0_i32, %c31_i32 : i32 -> i32
      %31 = arith.cmpi eq, %30, %c0_i32 : i32
      %32 = nvvm.elect.sync -> i1
      %33 = arith.andi %31, %32 : i1
      scf.if %33 {
        nvgpu.mbarrier.init %27[%c0], %c1 : <memorySpace = #gpu.address_space<workgroup>>
      }
      %34 = nvvm.shfl.sync  idx %c-1_i32, %29, %c0_i32, %c31_i32 : i32 -> i32
      %35 = arith.cmpi eq, %34, %c0_i32 : i32
      %36 = nvvm.elect.sync -> i1
      %37 = arith.andi %35, %36 : i1
      scf.if %37 {
        nvgpu.mbarrier.arrive.expect_tx %27[%c0], %c32768 : <memorySpace = #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %24[%c0, %c0, %c0, %c0], %27[%c0] to %view : <tensor = memref<2x2x64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<2x2x64x64xf16, #gpu.address_space<workgroup>>
      }
      nvgpu.mbarrier.try_wait.parity %27[%c0], %false, %c10000000 : <memorySpace = #gpu.address_space<workgroup>>
      scf.for %arg14 = %c0 to %c2 step %c1 {
        scf.for %arg15 = %c0 to %c2 step %c1 {
          %38 = arith.muli %arg14, %c64 : index
          %39 = arith.muli %arg15, %c64 : index
          %subview = memref.subview %view[%arg14, %arg15, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %subview_0 = memref.subview %dstMemref[%38, %39] [64, 64] [1, 1] : memref<128x128xf16> to memref<64x64xf16, strided<[128, 1], offset: ?>>
          %block_dim_x = gpu.block_dim  x
          %thread_id_y = gpu.thread_id  y
          %40 = arith.muli %thread_id_y, %block_dim_x : index
          %41 = arith.addi %thread_id_x, %40 : index
          %block_dim_y = gpu.block_dim  y
          %42 = arith.muli %block_dim_x, %block_dim_y : index
          %thread_id_z = gpu.thread_id  z
          %43 = arith.muli %thread_id_z, %42 : index
          %44 = arith.addi %41, %43 : index
          %45 = arith.cmpi eq, %44, %c0 : index
          scf.if %45 {
            scf.for %arg16 = %c0 to %c64 step %c1 {
              scf.for %arg17 = %c0 to %c64 step %c1 {
                %46 = memref.load %subview[%arg16, %arg17] : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
                memref.store %46, %subview_0[%arg16, %arg17] : memref<64x64xf16, strided<[128, 1], offset: ?>>
              }
            }
          }
          gpu.barrier
        }
      }
      gpu.return
    }
  }
}
