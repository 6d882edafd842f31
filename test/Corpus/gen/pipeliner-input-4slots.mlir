module attributes {gpu.container_module} {
  gpu.module @kernels {
    // 128 threads; each iteration of the K loop stages a 128x4 tile of A in
    // slot (k mod 4) of workgroup memory (each thread copies its own row of
    // 4 floats), then every thread reads its neighbour's row.
    gpu.func @stage_neighbour_4slots(%a: memref<128x1024xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %c1024 = arith.constant 1024 : index
      %f0 = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %shared = memref.alloc() : memref<4x128x4xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %nb = arith.remui %t1, %c128 : index
      %sum = scf.for %k = %c0 to %c1024 step %c4 iter_args(%acc = %f0) -> f32 {
        %kt = arith.divui %k, %c4 : index
        %slot = arith.remui %kt, %c4 : index
        %v = vector.transfer_read %a[%tid, %k], %f0 {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
        vector.transfer_write %v, %shared[%slot, %tid, %c0] {in_bounds = [true]} : vector<4xf32>, memref<4x128x4xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %x = memref.load %shared[%slot, %nb, %c0] : memref<4x128x4xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %acc, %x : f32
        scf.yield %s : f32
      }
      memref.store %sum, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
