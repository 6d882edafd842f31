// Upstream nvgpu in token form: a `device_async_wait` without `numGroups`
// waits for its token's group (and, the cp.async queue being in order, the
// groups committed before it), as the nvgpu dialect documents and as
// token-to-count reads it when it computes the exact count. Upstream's
// lowering drains every group, which is one correct implementation of that
// meaning; a kernel that relies on the drain is reported, so that
// token-to-count's output cannot race where its input was accepted.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// After token-to-count (numGroups set), the same two functions race and the
// others verify.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-token-to-count 2>/dev/null | not asyncpipe-opt -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=COUNTED --implicit-check-not=error:
// COUNTED-COUNT-2: error: accesses memory that an asynchronous operation may still be writing

// Double buffering: the wait on the previous iteration's group leaves the
// current copy in flight, which writes the other slot.
func.func @double_buffered(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %last = scf.for %i = %c0 to %c64 step %c1 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remui %i1, %c2 : index
    %t = nvgpu.device_async_copy %src[%i1], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
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

// -----

// FIFO: waiting for the later group completes the earlier one too.
func.func @later_group(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %src[%c0], %dst[%c1, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  nvgpu.device_async_wait %g1
  %v = memref.load %dst[%c0, %c0] : memref<2x128xf32, 3>
  return %v : f32
}

// -----

// The fuzzer's finding (test/tools/findings, now fixed): the loop's step is
// 0, so the copy writes the slot the load reads, and the wait on the
// previous group leaves it in flight. Reported here; token-to-count's
// output (numGroups = 1) is reported likewise.
func.func @step_zero(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>, %out: memref<4096xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %last = scf.for %i = %c0 to %n step %c0 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {
    %i1 = arith.addi %i, %c0 : index
    %slot = arith.remui %i1, %c2 : index
    // expected-note @below {{the asynchronous write}}
    %t = nvgpu.device_async_copy %src[%i1], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %prev
    %cur = arith.remui %i, %c2 : index
    // expected-error @below {{while its group may be in flight}}
    %v = memref.load %dst[%cur, %c0] : memref<2x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %g : !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %last
  return
}

// -----

// Waiting for an earlier group leaves the later one in flight.
func.func @earlier_group(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  // expected-note @below {{the asynchronous write}}
  %t1 = nvgpu.device_async_copy %src[%c0], %dst[%c1, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  nvgpu.device_async_wait %g0
  // expected-error @below {{while its group may be in flight}}
  %v = memref.load %dst[%c1, %c0] : memref<2x128xf32, 3>
  return %v : f32
}
