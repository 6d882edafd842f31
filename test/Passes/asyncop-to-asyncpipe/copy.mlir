// asyncop chains in a kernel down to cp.async: each thread's copy of its
// row into a workgroup tile, marked asyncop.wrap, becomes a chain; the
// schedule moves its done down to the loop that reads the tile; then
// asyncop-to-asyncpipe makes it an asyncpipe.copy committed as a group on
// queue 0 with a wait on the group at the done, token-to-count computes the
// wait's count, verify-sync proves it, and asyncpipe-to-ptx emits cp.async
// and cp.async.wait_group (ptxas accepts it: Target/PTX/asyncop.mlir).
// RUN: asyncpipe-opt %s --asyncop-wrap --asyncop-schedule --asyncop-to-asyncpipe | FileCheck %s
// RUN: asyncpipe-opt %s --asyncop-wrap --asyncop-schedule --asyncop-to-asyncpipe=group-queue=3 --asyncpipe-token-to-count --asyncpipe-verify-sync | FileCheck %s --check-prefix=COUNT
// CHECK-LABEL: gpu.func @stage
// CHECK: %[[T:.*]] = asyncpipe.copy %{{.*}}, %{{.*}} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>> -> !asyncpipe.token
// CHECK-NEXT: %[[G:.*]] = asyncpipe.commit_group queue 0 (%[[T]])
// CHECK-NEXT: asyncpipe.wait %[[G]]
// CHECK-NEXT: scf.for
// CHECK-NOT: asyncop.
// COUNT: asyncpipe.copy %{{.*}} queue 3
// COUNT: asyncpipe.commit 3
// COUNT-NEXT: asyncpipe.wait_queue 3, 0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stage(%g: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
      %src = memref.subview %g[%t, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      %dst = memref.subview %tile[%t, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      memref.copy %src, %dst {asyncop.wrap} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      %sum = scf.for %j = %c0 to %c8 step %c1 iter_args(%s = %zero) -> (f32) {
        %v = memref.load %tile[%t, %j] : memref<128x8xf32, #gpu.address_space<workgroup>>
        %s2 = arith.addf %s, %v : f32
        scf.yield %s2 : f32
      }
      memref.store %sum, %out[%t] : memref<128xf32>
      gpu.return
    }
  }
}
