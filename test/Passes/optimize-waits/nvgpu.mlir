// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits | FileCheck %s
// Upstream nvgpu IR: device_async_wait's numGroups (absent means 0) is an
// in-flight bound on the cp.async queue.

// CHECK-LABEL: func.func @nvgpu_waits
func.func @nvgpu_waits(%src: memref<128xf32>, %dst: memref<128xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<128xf32> to memref<128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  // CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
  nvgpu.device_async_wait %g0 {numGroups = 0 : i32}
  // CHECK-NOT: nvgpu.device_async_wait
  nvgpu.device_async_wait %g0
  %t1 = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<128xf32> to memref<128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  // One group committed since: "at most 1" cannot block.
  nvgpu.device_async_wait %g1 {numGroups = 1 : i32}
  // CHECK: return
  return
}
