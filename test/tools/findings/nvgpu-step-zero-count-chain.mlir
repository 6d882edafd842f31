// An upstream nvgpu kernel (as written for -convert-nvgpu-to-nvvm, which
// makes every wait without numGroups a wait for everything) passes through
// asyncpipe-to-nvgpu with exact counts.
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu | FileCheck %s

// CHECK-LABEL: func.func @upstream_nvgpu
// CHECK: scf.for
// CHECK:   nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
func.func @upstream_nvgpu(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>, %out: memref<4096xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remui %i1, %c2 : index
    %t = nvgpu.device_async_copy %src[%i1], %dst[%slot, %c0], 4 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<4096xf32> to memref<2x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %prev
    %cur = arith.remui %i, %c2 : index
    %v = memref.load %dst[%cur, %c0] : memref<2x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %g : !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %last
  return
}
