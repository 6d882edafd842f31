// Slot indices computed with affine.apply, as upstream's pipeliner, IREE and
// hand-written kernels write them (`(d0 + 1) mod 3`, `d0 floordiv 2`,
// symbols): evaluated exactly (mod is the nonnegative remainder, floordiv
// and ceildiv round down and up), in loops with constant and with run-time
// trip counts, and in thread-dependent indices. They used to evaluate to
// nothing, so every such pipeline was rejected although race-free.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

#next = affine_map<(d0) -> ((d0 + 1) mod 3)>
#cur = affine_map<(d0) -> (d0 mod 3)>
// A ring of 3 slots, two groups in flight: the copy in flight writes slot
// (i + 1) mod 3 and (i + 2) mod 3 while the load reads i mod 3.
func.func @ring_of_three(%src: memref<4096xf32>, %dst: memref<3x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %last = scf.for %i = %c0 to %c64 step %c1 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {
    %slot = affine.apply #next(%i)
    %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %t = nvgpu.device_async_copy %src[%i1], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 1 : i32}
    %cur = affine.apply #cur(%i)
    %v = memref.load %dst[%cur, %c0] : memref<3x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %g : !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %last {numGroups = 0 : i32}
  return
}

// -----

#next = affine_map<(d0) -> ((d0 + 1) mod 3)>
// The same ring reading the slot in flight ((i + 1) mod 3): a race.
func.func @ring_reads_slot_in_flight(%src: memref<4096xf32>, %dst: memref<3x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %last = scf.for %i = %c0 to %c64 step %c1 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {
    %slot = affine.apply #next(%i)
    // expected-note @below {{the asynchronous write}}
    %t = nvgpu.device_async_copy %src[%i], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 1 : i32}
    %cur = affine.apply #next(%i)
    // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
    %v = memref.load %dst[%cur, %c0] : memref<3x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %g : !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %last {numGroups = 0 : i32}
  return
}

// -----

// A run-time trip count and symbols: slot (i floordiv 2) mod 2 with the copy
// of step i + 2 in flight, through a map with a symbol for the offset.
#slot = affine_map<(d0)[s0] -> (((d0 + s0) floordiv 2) mod 2)>
func.func @run_time_trips(%n: index, %src: memref<4096xf32>, %dst: memref<2x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %last = scf.for %i = %c0 to %n step %c2 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {
    %slot = affine.apply #slot(%i)[%c2]
    %t = nvgpu.device_async_copy %src[%i], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 1 : i32}
    %cur = affine.apply #slot(%i)[%c0]
    %v = memref.load %dst[%cur, %c0] : memref<2x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %g : !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %last {numGroups = 0 : i32}
  return
}

// -----

// Thread ids through affine.apply (each thread copies and reads back its own
// row, tid * 1 + 0): thread-private, no barrier needed; a read of row
// (tid + 1) is another thread's.
#row = affine_map<()[s0] -> (s0)>
#neighbour = affine_map<()[s0] -> (s0 + 1)>
!tile = memref<129x4xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @own_row(%a: memref<128x4xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %r = affine.apply #row()[%tid]
      %t = nvgpu.device_async_copy %a[%r, %c0], %tile[%r, %c0], 4 : memref<128x4xf32> to !tile
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      %v = memref.load %tile[%r, %c0] : !tile
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
    gpu.func @neighbour_row(%a: memref<128x4xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %r = affine.apply #row()[%tid]
      // expected-note @below {{the asynchronous write (in another thread)}}
      %t = nvgpu.device_async_copy %a[%r, %c0], %tile[%r, %c0], 4 : memref<128x4xf32> to !tile
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      %n = affine.apply #neighbour()[%tid]
      // expected-error @below {{accesses workgroup memory that another thread wrote asynchronously}}
      %v = memref.load %tile[%n, %c0] : !tile
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
