// Upstream's unguarded form (the async-side-effects document's IREE case):
// nvgpu.device_async_copy ops with no group and no wait, as upstream
// writes them before transform.nvgpu.create_async_groups. Each gets its
// group (nvvm.cp.async.commit.group after it), the latest exact wait before
// the first access that needs it (nvvm.cp.async.wait.group N, N the groups
// committed since that may stay in flight), and a block barrier where other
// threads read what it wrote (asyncpipe-place-barriers, asked after); the
// result is proven by verify-sync. Until 2026-11-27 the pass left such a
// kernel as it was, racing. A function that groups or waits on the cp.async
// queue by hand is left alone.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-synchronize | FileCheck %s
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-synchronize | asyncpipe-opt -split-input-file --asyncpipe-verify-sync -o /dev/null

// Each thread copies its row; every thread reads its neighbour's.
// CHECK-LABEL: gpu.func @neighbour
// CHECK: nvgpu.device_async_copy
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
gpu.module @kernels {
  gpu.func @neighbour(%src: memref<128x4xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %tile = memref.alloc() : memref<128x4xf32, #gpu.address_space<workgroup>>
    %t = nvgpu.device_async_copy %src[%tid, %c0], %tile[%tid, %c0], 4 : memref<128x4xf32> to memref<128x4xf32, #gpu.address_space<workgroup>>
    %n1 = arith.addi %tid, %c1 : index
    %n = arith.remui %n1, %c128 : index
    %v = memref.load %tile[%n, %c0] : memref<128x4xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// Two copies, the first read before the second is needed: the first wait
// leaves the second group in flight; a thread reads only its own row, so
// no barrier.
// CHECK-LABEL: gpu.func @two_copies
// CHECK: nvgpu.device_async_copy
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK: nvgpu.device_async_copy
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NEXT: memref.load %{{.*}} : memref<128x4xf32, #gpu.address_space<workgroup>>
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: memref.load %{{.*}} : memref<128x8xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: gpu.barrier
gpu.module @kernels {
  gpu.func @two_copies(%a: memref<128x4xf32>, %b: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %ta = memref.alloc() : memref<128x4xf32, #gpu.address_space<workgroup>>
    %tb = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %0 = nvgpu.device_async_copy %a[%tid, %c0], %ta[%tid, %c0], 4 : memref<128x4xf32> to memref<128x4xf32, #gpu.address_space<workgroup>>
    %1 = nvgpu.device_async_copy %b[%tid, %c0], %tb[%tid, %c0], 4 : memref<128x8xf32> to memref<128x8xf32, #gpu.address_space<workgroup>>
    %x = memref.load %ta[%tid, %c0] : memref<128x4xf32, #gpu.address_space<workgroup>>
    %y = memref.load %tb[%tid, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %x, %y : f32
    memref.store %s, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// In a loop: the copy is read by the neighbour in the same iteration and
// overwritten in the next, so a barrier before the read (after the wait)
// and one before the next iteration's copy.
// CHECK-LABEL: gpu.func @in_loop
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK-NEXT: nvgpu.device_async_copy
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
gpu.module @kernels {
  gpu.func @in_loop(%src: memref<128x64xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %tile = memref.alloc() : memref<128x4xf32, #gpu.address_space<workgroup>>
    %n1 = arith.addi %tid, %c1 : index
    %n = arith.remui %n1, %c128 : index
    %sum = scf.for %k = %c0 to %c64 step %c4 iter_args(%acc = %zero) -> (f32) {
      %t = nvgpu.device_async_copy %src[%tid, %k], %tile[%tid, %c0], 4 : memref<128x64xf32> to memref<128x4xf32, #gpu.address_space<workgroup>>
      %v = memref.load %tile[%n, %c0] : memref<128x4xf32, #gpu.address_space<workgroup>>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    memref.store %sum, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// A group made by hand: the function synchronizes the cp.async queue
// itself, and is left as written.
// CHECK-LABEL: gpu.func @by_hand
// CHECK-NOT: nvvm.cp.async
// CHECK: nvgpu.device_async_create_group
// CHECK-NOT: nvvm.cp.async
gpu.module @kernels {
  gpu.func @by_hand(%src: memref<128x4xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %tile = memref.alloc() : memref<128x4xf32, #gpu.address_space<workgroup>>
    %t = nvgpu.device_async_copy %src[%tid, %c0], %tile[%tid, %c0], 4 : memref<128x4xf32> to memref<128x4xf32, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
    %v = memref.load %tile[%tid, %c0] : memref<128x4xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// No known_block_size: threads may differ in every dimension, so the
// neighbour read gets its barrier all the same (the analysis is
// conservative, not skipped).
// CHECK-LABEL: gpu.func @unknown_block
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: gpu.barrier
gpu.module @kernels {
  gpu.func @unknown_block(%src: memref<128x4xf32>, %out: memref<128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %tile = memref.alloc() : memref<128x4xf32, #gpu.address_space<workgroup>>
    %t = nvgpu.device_async_copy %src[%tid, %c0], %tile[%tid, %c0], 4 : memref<128x4xf32> to memref<128x4xf32, #gpu.address_space<workgroup>>
    %n1 = arith.addi %tid, %c1 : index
    %n = arith.remui %n1, %c128 : index
    %v = memref.load %tile[%n, %c0] : memref<128x4xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<128xf32>
    gpu.return
  }
}
