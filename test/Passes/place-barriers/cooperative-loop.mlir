// A loop whose body copies a whole tile into workgroup memory with
// memref.copy (cooperative: complete for every thread at the next barrier)
// and reads another thread's part: the barrier goes into the loop, between
// the copy and the read. Before 2026-11-29 the placement anchored it before
// the loop (a block holding only cooperative copies did not count as one
// that synchronizes) and failed: "a block barrier cannot order this
// access". The copy also overwrites what other threads read in the
// iteration before (a write after a read between threads): a barrier at the
// top of the body too (missed until 2026-11-29, when the hazard model began
// to classify a cooperative op's writes whatever is pending;
// test/Passes/verify-sync/war-between-threads.mlir).
// RUN: asyncpipe-opt %s --asyncpipe-place-barriers | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-place-barriers --asyncpipe-verify-sync -o /dev/null

// CHECK-LABEL: gpu.func @tiles
// CHECK:         scf.for
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      memref.subview
// CHECK-NEXT:      memref.copy
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      memref.load
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiles(%a: memref<64x128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      %sum = scf.for %t = %c0 to %c64 step %c1 iter_args(%s = %zero) -> (f32) {
        %row = memref.subview %a[%t, 0] [1, 128] [1, 1] : memref<64x128xf32> to memref<128xf32, strided<[1], offset: ?>>
        memref.copy %row, %tile : memref<128xf32, strided<[1], offset: ?>> to memref<128xf32, #gpu.address_space<workgroup>>
        %v = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
        %n = arith.addf %s, %v : f32
        scf.yield %n : f32
      }
      memref.store %sum, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
