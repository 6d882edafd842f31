// Upstream nvgpu IR: token-to-count fills numGroups so that
// --convert-nvgpu-to-nvvm emits cp.async.wait_group N instead of 0.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-token-to-count -verify-diagnostics | FileCheck %s
// The result lowers with the upstream conversion, keeping the counts.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-token-to-count --convert-nvgpu-to-nvvm 2>/dev/null | FileCheck %s --check-prefix=NVVM

// CHECK-LABEL: func.func @double_buffer
// NVVM-LABEL: func.func @double_buffer
func.func @double_buffer(%src: memref<1024xf32>, %dst: memref<2x128xf32, 3>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<1024xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {
    %t = nvgpu.device_async_copy %src[%i], %dst[%c1, %c0], 4 : memref<1024xf32> to memref<2x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    // CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
    // NVVM: nvvm.cp.async.wait.group 1
    nvgpu.device_async_wait %prev
    scf.yield %g : !nvgpu.device.async.token
  }
  // CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
  // NVVM: nvvm.cp.async.wait.group 0
  // expected-remark @below {{in-flight count 0 on the cp.async queue}}
  nvgpu.device_async_wait %last
  return
}

// -----

// A count already present is kept when it is safe (here stricter than needed).
// CHECK-LABEL: func.func @safe_count_kept
func.func @safe_count_kept(%src: memref<1024xf32>, %dst: memref<128xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<1024xf32> to memref<128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<1024xf32> to memref<128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  %t2 = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<1024xf32> to memref<128xf32, 3>
  %g2 = nvgpu.device_async_create_group %t2
  // CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
  nvgpu.device_async_wait %g0 {numGroups = 1 : i32}
  // CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
  nvgpu.device_async_wait %g1
  return
}
