// asyncpipe-lower-to-nvgpu alone needs counts on the hardware's queues: a
// function with two logical queues outside bulk-queues is refused (the
// asyncpipe-to-nvgpu pipeline runs asyncpipe-hardware-queues first).
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-lower-to-nvgpu
// RUN: asyncpipe-opt %s --asyncpipe-lower-to-nvgpu="bulk-queues=1" | FileCheck %s

// CHECK-LABEL: func.func @two_queues
// CHECK: nvgpu.device_async_copy
// CHECK: nvvm.cp.async.bulk.shared.cluster.global
func.func @two_queues(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // expected-error @below {{this function uses more than one logical queue outside bulk-queues, and PTX has one cp.async queue: run asyncpipe-hardware-queues first (asyncpipe-to-nvgpu does)}}
  asyncpipe.commit_queue 1 {
    asyncpipe.copy %a, %c : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  return
}
