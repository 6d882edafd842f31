// Element-exact slices: a cp.async chunk covers its dstElements from its
// indices, and a vector load or store covers the vector's trailing
// dimensions from its indices (it used to count as one element, which hid
// real overlaps).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

// Double buffering with upstream nvgpu ops, one group in flight: the copy in
// flight writes row (i + 1) % 2 while the load reads row i % 2 (found by the
// fuzzer: the whole buffer was taken as written, so this was rejected).
func.func @double_buffer(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>, %out: memref<4096xf32>) {
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
    nvgpu.device_async_wait %prev {numGroups = 1 : i32}
    %cur = arith.remui %i, %c2 : index
    %v = memref.load %dst[%cur, %c0] : memref<2x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %g : !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %last {numGroups = 0 : i32}
  return
}

// -----

// Two groups allowed in flight: the copy into row i % 2 (the first one, in
// the first iteration) may not be complete when the load reads it.
func.func @double_buffer_too_weak(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  // expected-note @below {{the asynchronous write}}
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %last = scf.for %i = %c0 to %c64 step %c1 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remui %i1, %c2 : index
    %t = nvgpu.device_async_copy %src[%i1], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %prev {numGroups = 2 : i32}
    %cur = arith.remui %i, %c2 : index
    // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
    %v = memref.load %dst[%cur, %c0] : memref<2x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %g : !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %last {numGroups = 0 : i32}
  return
}

// -----

// A vector load of 4 elements from 4 overlaps the copy in flight into 6.
func.func @vector_extent(%a: memref<16xf32>, %s: memref<16xf32, 3>) -> vector<4xf32> {
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %e = memref.subview %s[6] [1] [1] : memref<16xf32, 3> to memref<1xf32, strided<[1], offset: 6>, 3>
  %ae = memref.subview %a[6] [1] [1] : memref<16xf32> to memref<1xf32, strided<[1], offset: 6>>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %ae, %e queue 0 : memref<1xf32, strided<[1], offset: 6>> to memref<1xf32, strided<[1], offset: 6>, 3>
  asyncpipe.commit 0
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %v = vector.load %s[%c4] : memref<16xf32, 3>, vector<4xf32>
  asyncpipe.wait_queue 0, 0
  return %v : vector<4xf32>
}

// -----

// From 8 it does not.
func.func @vector_disjoint(%a: memref<16xf32>, %s: memref<16xf32, 3>) -> vector<4xf32> {
  %c8 = arith.constant 8 : index
  %e = memref.subview %s[6] [1] [1] : memref<16xf32, 3> to memref<1xf32, strided<[1], offset: 6>, 3>
  %ae = memref.subview %a[6] [1] [1] : memref<16xf32> to memref<1xf32, strided<[1], offset: 6>>
  asyncpipe.copy %ae, %e queue 0 : memref<1xf32, strided<[1], offset: 6>> to memref<1xf32, strided<[1], offset: 6>, 3>
  asyncpipe.commit 0
  %v = vector.load %s[%c8] : memref<16xf32, 3>, vector<4xf32>
  asyncpipe.wait_queue 0, 0
  return %v : vector<4xf32>
}
