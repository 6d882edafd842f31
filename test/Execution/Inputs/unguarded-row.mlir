// A kernel in upstream's unguarded form (nvgpu copies with no group and no
// wait), for test/Execution/synchronize-unguarded-block-cpu.mlir: thread t
// copies row t of a into workgroup memory and writes element 0 of row
// t + 1 to out[t].
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unguarded_row(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
      %t0 = nvgpu.device_async_copy %a[%tid, %c0], %tile[%tid, %c0], 4 : memref<128x8xf32> to memref<128x8xf32, #gpu.address_space<workgroup>>
      %t1 = nvgpu.device_async_copy %a[%tid, %c4], %tile[%tid, %c4], 4 : memref<128x8xf32> to memref<128x8xf32, #gpu.address_space<workgroup>>
      %n1 = arith.addi %tid, %c1 : index
      %n = arith.remui %n1, %c128 : index
      %v = memref.load %tile[%n, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
