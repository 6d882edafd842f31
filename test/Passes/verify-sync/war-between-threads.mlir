// At block scope, a write to workgroup memory over what other threads read
// since the last barrier (a write after a read between threads) is a race:
// thread t reads element t + 1 while thread t + 1 overwrites it, with no
// barrier between. First a plain store (verify-sync's model of plain loads
// and stores), then a cooperative copy over the tile. Both were missed until
// 2026-11-29 (the model asked whether an op writes only when an
// asynchronous read was pending, and took the write for a read otherwise);
// this test was XFAIL until then.
// RUN: not asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s
// CHECK: error: writes workgroup memory that other threads may still be reading
// CHECK: error: writes workgroup memory that other threads may still be reading
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @war(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %one, %tile[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      %v = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
      %w = arith.addf %v, %one : f32
      memref.store %w, %tile[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %u = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %u, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiles(%a: memref<64x128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      %row = memref.subview %a[0, 0] [1, 128] [1, 1] : memref<64x128xf32> to memref<128xf32, strided<[1], offset: 0>>
      memref.copy %row, %tile : memref<128xf32, strided<[1], offset: 0>> to memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
      %row2 = memref.subview %a[1, 0] [1, 128] [1, 1] : memref<64x128xf32> to memref<128xf32, strided<[1], offset: 128>>
      memref.copy %row2, %tile : memref<128xf32, strided<[1], offset: 128>> to memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %v, %w : f32
      memref.store %s, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
