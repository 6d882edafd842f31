// Corpus kernel: sm90/rewrite-copy-as-tma-loop.mlir
// Origin: upstream MLIR 22 (/usr/lib/llvm-22/bin/mlir-opt, Debian LLVM 22.1.8) transform.nvgpu.rewrite_copy_as_tma, then gpu-launch-sink-index-computations and gpu-kernel-outlining, on gen/tma-input-loop.mlir (written for this corpus): `bash test/Corpus/gen/make-tma.sh` (transform gen/tma-transform.mlir); the gpu.module, as printed
// What: 128 threads, a loop of 2 iterations; the linalg.copy of the 64x8 f32 tile into @tileA became, inside the loop: mbarrier.create, mbarrier.init (count 128) by every thread, gpu.barrier, thread 0's TMA load + arrive.expect_tx 2048, the others' arrive with 0, try_wait.parity false; then thread t reads half-row (127 - t) / 2 of the tile (written by the TMA; the other half of the row is read by thread t's neighbour), stores it to global memory, and the input's gpu.barrier ends the iteration
// truth: race: in each iteration every thread executes nvgpu.mbarrier.init on the same mbarrier (128 unordered writes of the same value before barrier #1); benign in practice, and nothing else races: 2048 = 64*8*4 expected bytes, 128 arrivals for a count of 128, the re-initialization resets the mbarrier to phase 0 so parity false is the phase each iteration's TMA completes, every read of the tile follows the reader's wait on that phase, and the next iteration's TMA is issued after barrier #1 (and #2), which every reader reaches after its reads
// barriers-needed: 2
//
// Hopper ops: nvgpu.mbarrier.* (create and init inside the loop, arrive.expect_tx, try_wait.parity),
// nvgpu.tma.async.load. The parity operand is %3 = llvm.mlir.constant(false) : i1, as the transform
// builds it. Not a data race, but worth knowing: the transform re-initializes the live mbarrier in
// every iteration with no mbarrier.inval before it (PTX asks for an mbarrier.inval before the
// memory of an mbarrier object is reused).
//
// barrier #1 (after mbarrier.init, inserted by the transform): orders the initialization before
//   thread 0's TMA and arrive.expect_tx and the other threads' arrive/try_wait: needed.
// barrier #2 (end of the iteration, from the input): orders every thread's try_wait.parity of
//   iteration k (a read of the mbarrier) before the re-initialization of iteration k + 1 (a write
//   of it by every thread): needed (without it a thread still polling phase 0 of iteration k can
//   see the fresh phase 0 and wait for arrivals that come only after barrier #1, which it never
//   reaches). The tile's WAR (iteration k's reads, iteration k + 1's TMA) is also ordered by
//   barrier #1 of iteration k + 1.
// (barriers are numbered in program order.)
module attributes {gpu.container_module} {
  gpu.module @main_kernel {
    gpu.func @main_kernel(%arg0: !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>, %arg1: memref<2x128x4xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
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
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c127 = arith.constant 127 : index
      %thread_id_x_0 = gpu.thread_id  x
      %0 = memref.get_global @tileA : memref<64x8xf32, 3>
      scf.for %arg2 = %c0 to %c2 step %c1 {
        %1 = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
        %c0_1 = arith.constant 0 : index
        %c128 = arith.constant 128 : index
        nvgpu.mbarrier.init %1[%c0_1], %c128 : <memorySpace = #gpu.address_space<workgroup>>
        gpu.barrier
        %c0_2 = arith.constant 0 : index
        %thread_id_x_3 = gpu.thread_id  x
        %2 = arith.cmpi eq, %thread_id_x_3, %c0_2 : index
        scf.if %2 {
          %c0_5 = arith.constant 0 : index
          nvgpu.tma.async.load %arg0[%c0_5, %c0_5], %1[%c0_5] to %0 : <tensor = memref<64x8xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<64x8xf32, 3>
          %c2048 = arith.constant 2048 : index
          %c0_6 = arith.constant 0 : index
          nvgpu.mbarrier.arrive.expect_tx %1[%c0_6], %c2048 : <memorySpace = #gpu.address_space<workgroup>>
        } else {
          %c0_5 = arith.constant 0 : index
          %c0_6 = arith.constant 0 : index
          nvgpu.mbarrier.arrive.expect_tx %1[%c0_6], %c0_5 : <memorySpace = #gpu.address_space<workgroup>>
        }
        %3 = llvm.mlir.constant(false) : i1
        %c10000000 = arith.constant 10000000 : index
        %c0_4 = arith.constant 0 : index
        nvgpu.mbarrier.try_wait.parity %1[%c0_4], %3, %c10000000 : <memorySpace = #gpu.address_space<workgroup>>
        %4 = arith.subi %c127, %thread_id_x_0 : index
        %5 = arith.divui %4, %c2 : index
        %6 = arith.remui %4, %c2 : index
        %7 = arith.muli %6, %c4 : index
        %8 = vector.load %0[%5, %7] : memref<64x8xf32, 3>, vector<4xf32>
        vector.store %8, %arg1[%arg2, %thread_id_x_0, %c0] : memref<2x128x4xf32>, vector<4xf32>
        gpu.barrier
      }
      gpu.return
    }
    memref.global "private" @tileA : memref<64x8xf32, 3>
  }
}
