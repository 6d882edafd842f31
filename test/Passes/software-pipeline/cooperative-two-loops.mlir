// Two cooperative pipelines in one kernel, each on its own tile: the
// pipeliner handles the second loop first and places its barriers while the
// first is still annotated (its copies are not async yet, so nothing is
// placed in it), then the first. Each loop gets what it gets alone: one
// barrier an iteration after its waits, one after each epilogue wait.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --asyncpipe-verify-sync -o /dev/null
// CHECK-LABEL: gpu.func @two_loops
// CHECK-COUNT-2: asyncpipe.commit_queue 0 {
// CHECK-NOT:     gpu.barrier
// CHECK:         scf.for
// CHECK-NEXT:      asyncpipe.wait_queue 0, 1
// CHECK-NEXT:      gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:         asyncpipe.wait_queue 0, 1
// CHECK-NEXT:    gpu.barrier
// CHECK:         asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK-COUNT-2: asyncpipe.commit_queue 0 {
// CHECK-NOT:     gpu.barrier
// CHECK:         scf.for
// CHECK-NEXT:      asyncpipe.wait_queue 0, 1
// CHECK-NEXT:      gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:         asyncpipe.wait_queue 0, 1
// CHECK-NEXT:    gpu.barrier
// CHECK:         asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_loops(%a: memref<64x128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
      %tile2 = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
      %acc = memref.alloca() : memref<1xf32>
      memref.store %zero, %acc[%c0] : memref<1xf32>
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      scf.for %t = %c0 to %c64 step %c1 {
        %src = memref.subview %a[%t, %tid, 0] [1, 1, 8] [1, 1, 1] : memref<64x128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
        %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %src, %dst {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        scf.for %j = %c0 to %c8 step %c1 {
          %v = memref.load %tile[%next, %j] : memref<128x8xf32, #gpu.address_space<workgroup>>
          %s = memref.load %acc[%c0] : memref<1xf32>
          %n = arith.addf %s, %v : f32
          memref.store %n, %acc[%c0] : memref<1xf32>
        } {asyncpipe.stage = 2, asyncpipe.order = 1}
      } {asyncpipe.async_stages = array<i64: 0>}
      scf.for %t = %c0 to %c64 step %c1 {
        %src = memref.subview %a[%t, %tid, 0] [1, 1, 8] [1, 1, 1] : memref<64x128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
        %dst = memref.subview %tile2[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %src, %dst {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        scf.for %j = %c0 to %c8 step %c1 {
          %v = memref.load %tile2[%next, %j] : memref<128x8xf32, #gpu.address_space<workgroup>>
          %s = memref.load %acc[%c0] : memref<1xf32>
          %n = arith.addf %s, %v : f32
          memref.store %n, %acc[%c0] : memref<1xf32>
        } {asyncpipe.stage = 2, asyncpipe.order = 1}
      } {asyncpipe.async_stages = array<i64: 0>}
      %r = memref.load %acc[%c0] : memref<1xf32>
      memref.store %r, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
