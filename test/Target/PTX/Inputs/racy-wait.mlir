// A kernel whose copy is already placed, with its wait one group short: the
// load reads the buffer the copy may still be writing. The pipeliner has
// no annotated loop to change here; verify-sync finds the race.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @racy(%src: memref<64xf32>, %out: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %buf = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      asyncpipe.commit_queue 0 {
        asyncpipe.copy %src, %buf : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 1
      gpu.barrier
      %x = memref.load %buf[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%tid] : memref<64xf32>
      gpu.return
    }
  }
}
