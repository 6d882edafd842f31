// The async-side-effects document's example (../shared/seeds/,
// mlir-async-side-effects): a gpu.barrier between an async copy and its
// wait synchronizes nothing (a barrier does not complete an async copy),
// so asyncpipe-eliminate-barriers removes it (knowing the copy's effects,
// and that its wait completes them, through AsyncEffectOpInterface's model
// of nvgpu.device_async_copy); the wait alone orders the read. (The document waits on the copy's token; nvgpu's wait takes a
// group's, so the copy is committed to a group first.) In the variant
// where each thread reads what another thread copied, the barrier after the
// wait is needed and stays, while one before the wait still goes.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-eliminate-barriers | FileCheck %s
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-eliminate-barriers --asyncpipe-verify-sync -o /dev/null
// Upstream's pass on the same kernels as func.func keeps the document's
// barrier (it reads the wait as touching any memory):
// RUN: %kernel-to-func %s | asyncpipe-opt -split-input-file --pass-pipeline='builtin.module(builtin.module(func.func(gpu-eliminate-barriers)))' \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM

// CHECK-LABEL: gpu.func @document
// CHECK:         nvgpu.device_async_copy
// CHECK-NEXT:    nvgpu.device_async_create_group
// CHECK-NEXT:    nvgpu.device_async_wait
// CHECK-NEXT:    linalg.abs
// CHECK-NOT:     gpu.barrier
// UPSTREAM-LABEL: func.func @document
// UPSTREAM:        nvgpu.device_async_create_group
// UPSTREAM-NEXT:   gpu.barrier
// UPSTREAM-NEXT:   nvgpu.device_async_wait
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @document(%A: memref<f32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %B = memref.alloc() : memref<f32, #gpu.address_space<workgroup>>
      %token = nvgpu.device_async_copy %A[], %B[], 1 : memref<f32> to memref<f32, #gpu.address_space<workgroup>>
      %group = nvgpu.device_async_create_group %token
      gpu.barrier
      nvgpu.device_async_wait %group
      linalg.abs ins(%B : memref<f32, #gpu.address_space<workgroup>>) outs(%A : memref<f32>)
      gpu.return
    }
  }
}

// -----

// Thread t copies element t and reads element t + 1: the barrier before the
// wait goes, the one after it (other threads' copies) stays.
// CHECK-LABEL: gpu.func @other_thread
// CHECK:         nvgpu.device_async_create_group
// CHECK-NEXT:    nvgpu.device_async_wait
// CHECK-NEXT:    gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @other_thread(%A: memref<128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %B = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
      %token = nvgpu.device_async_copy %A[%tid], %B[%tid], 1 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
      %group = nvgpu.device_async_create_group %token
      gpu.barrier
      nvgpu.device_async_wait %group
      gpu.barrier
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      %v = memref.load %B[%next] : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
