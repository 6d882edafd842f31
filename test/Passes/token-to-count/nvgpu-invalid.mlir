// Errors on nvgpu IR: a numGroups that lets the awaited group stay in flight,
// and a wait on a copy that no group committed.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-token-to-count -verify-diagnostics

func.func @unsafe_count(%src: memref<1024xf32>, %dst: memref<128xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<1024xf32> to memref<128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<1024xf32> to memref<128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  // expected-error @below {{numGroups = 2 is unsafe: on some path only 1 group(s) are committed after the awaited one}}
  nvgpu.device_async_wait %g0 {numGroups = 2 : i32}
  return
}

// -----

func.func @uncommitted_copy(%src: memref<1024xf32>, %dst: memref<128xf32, 3>) {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the uncommitted async operation}}
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<1024xf32> to memref<128xf32, 3>
  // expected-error @below {{waits on async work that no group committed: no in-flight count can cover it}}
  nvgpu.device_async_wait %t0
  return
}

// -----

// A group that comes in as an argument: where it was committed is not
// known, so numGroups = 1 cannot be proven; that is said as such (it was
// reported as "unsafe").
func.func @lost_group(%g: !nvgpu.device.async.token) {
  // expected-remark @below {{in-flight count 0 on the cp.async queue: an awaited group is a function argument}}
  // expected-error @below {{cannot prove numGroups = 1: an awaited group is a function argument (its commit point is unknown)}}
  nvgpu.device_async_wait %g {numGroups = 1 : i32}
  return
}
