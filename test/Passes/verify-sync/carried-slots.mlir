// Slot indices rotated through scf.for iter_args, as IREE's cp.async
// pipelines carry them ((s0, s1, s2) -> (s1, s2, next)), and the footprint
// of nvgpu.ldmatrix (a lane's 16-byte row; the slot dimension exact when
// every lane names the same slot). Both used to be unknown: every such
// pipeline was rejected although race-free (test/Corpus has the kernels
// they come from).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// The same kernels with 2^40 iterations (and 2^40 + 1 for the long loops):
// the same verdicts. The carried slots are in the loop's cycle key
// (periodicity::CarriedIntegers::Keyed), so the ring is a cycle once its
// slots come round, whatever the trip count; before, a value computed from
// a carried slot had no period, a loop past the simulation budget had
// unknown slices, and the race-free rings were false alarms.
// RUN: sed -e 's/%c8 = arith.constant 8 : index/%c8 = arith.constant 1099511627776 : index/' -e 's/%c1001 = arith.constant 1001 : index/%c1001 = arith.constant 1099511627777 : index/' -e 's/memref<4096xf32>/memref<?xf32>/g' %s | asyncpipe-opt -split-input-file -verify-diagnostics --asyncpipe-verify-sync

// A ring of 3 slots, the slot to fill carried two iterations ahead: the
// copy in flight writes s2 (and s1 from the iteration before) while the
// load reads s0.
func.func @rotated_ring(%src: memref<4096xf32>, %dst: memref<3x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %src[%c1], %dst[%c1, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  %r:3 = scf.for %i = %c0 to %c8 step %c1 iter_args(%s0 = %c0, %s1 = %c1, %s2 = %c2) -> (index, index, index) {
    %i2 = arith.addi %i, %c2 : index
    %t = nvgpu.device_async_copy %src[%i2], %dst[%s2, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 2 : i32}
    %v = memref.load %dst[%s0, %c0] : memref<3x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    %i3 = arith.addi %i, %c3 : index
    %next = arith.remui %i3, %c3 : index
    scf.yield %s1, %s2, %next : index, index, index
  }
  nvgpu.device_async_wait %g1 {numGroups = 0 : i32}
  return
}

// -----

// The same ring reading s1, whose copy (two groups ago) may be in flight.
func.func @rotated_ring_reads_in_flight(%src: memref<4096xf32>, %dst: memref<3x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  // expected-note @below {{the asynchronous write}}
  %t1 = nvgpu.device_async_copy %src[%c1], %dst[%c1, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  %r:3 = scf.for %i = %c0 to %c8 step %c1 iter_args(%s0 = %c0, %s1 = %c1, %s2 = %c2) -> (index, index, index) {
    %i2 = arith.addi %i, %c2 : index
    %t = nvgpu.device_async_copy %src[%i2], %dst[%s2, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 2 : i32}
    // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
    %v = memref.load %dst[%s1, %c0] : memref<3x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    %i3 = arith.addi %i, %c3 : index
    %next = arith.remui %i3, %c3 : index
    scf.yield %s1, %s2, %next : index, index, index
  }
  nvgpu.device_async_wait %g1 {numGroups = 0 : i32}
  return
}

// -----

// ldmatrix reads its slot's rows; the copy in flight fills the other slot.
func.func @ldmatrix_slot(%src: memref<16x16xf16>, %dst: memref<2x16x16xf16, 3>) -> vector<4x2xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0 = nvgpu.device_async_copy %src[%c0, %c0], %dst[%c0, %c0, %c0], 8 : memref<16x16xf16> to memref<2x16x16xf16, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %src[%c0, %c0], %dst[%c1, %c0, %c0], 8 : memref<16x16xf16> to memref<2x16x16xf16, 3>
  %g1 = nvgpu.device_async_create_group %t1
  nvgpu.device_async_wait %g1 {numGroups = 1 : i32}
  %m = nvgpu.ldmatrix %dst[%c0, %c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<2x16x16xf16, 3> -> vector<4x2xf16>
  nvgpu.device_async_wait %g1 {numGroups = 0 : i32}
  return %m : vector<4x2xf16>
}

// -----

// ldmatrix of the slot whose copy may still be in flight.
func.func @ldmatrix_slot_in_flight(%src: memref<16x16xf16>, %dst: memref<2x16x16xf16, 3>) -> vector<4x2xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0 = nvgpu.device_async_copy %src[%c0, %c0], %dst[%c0, %c0, %c0], 8 : memref<16x16xf16> to memref<2x16x16xf16, 3>
  %g0 = nvgpu.device_async_create_group %t0
  // expected-note @below {{the asynchronous write}}
  %t1 = nvgpu.device_async_copy %src[%c0, %c0], %dst[%c1, %c0, %c0], 8 : memref<16x16xf16> to memref<2x16x16xf16, 3>
  %g1 = nvgpu.device_async_create_group %t1
  nvgpu.device_async_wait %g1 {numGroups = 1 : i32}
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %m = nvgpu.ldmatrix %dst[%c1, %c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<2x16x16xf16, 3> -> vector<4x2xf16>
  nvgpu.device_async_wait %g1 {numGroups = 0 : i32}
  return %m : vector<4x2xf16>
}

// -----

// A long loop whose carried integer no evaluated value inside depends on
// (the branch inside has period 2, the carried slot period 4): the loop
// still skips ahead by its cycle, keyed on the carried values, and its
// result, 1001 mod 4 = 1, names the slot after it exactly: the copy into
// slot 1 leaves slot 0 readable.
func.func @long_loop_result(%src: memref<4096xf32>, %dst: memref<4x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c1001 = arith.constant 1001 : index
  %r = scf.for %i = %c0 to %c1001 step %c1 iter_args(%s = %c0) -> (index) {
    %p = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %p, %c0 : index
    scf.if %even {
      %v = memref.load %src[%i] : memref<4096xf32>
      memref.store %v, %out[%i] : memref<4096xf32>
    }
    %n = arith.addi %s, %c1 : index
    %m = arith.remui %n, %c4 : index
    scf.yield %m : index
  }
  %t = nvgpu.device_async_copy %src[%c0], %dst[%r, %c0], 4 : memref<4096xf32> to memref<4x128xf32, 3>
  %g = nvgpu.device_async_create_group %t
  %v = memref.load %dst[%c0, %c0] : memref<4x128xf32, 3>
  memref.store %v, %out[%c0] : memref<4096xf32>
  nvgpu.device_async_wait %g {numGroups = 0 : i32}
  return
}

// -----

// The same, reading slot 1, which the copy may still be writing.
func.func @long_loop_result_in_flight(%src: memref<4096xf32>, %dst: memref<4x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c1001 = arith.constant 1001 : index
  %r = scf.for %i = %c0 to %c1001 step %c1 iter_args(%s = %c0) -> (index) {
    %p = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %p, %c0 : index
    scf.if %even {
      %v = memref.load %src[%i] : memref<4096xf32>
      memref.store %v, %out[%i] : memref<4096xf32>
    }
    %n = arith.addi %s, %c1 : index
    %m = arith.remui %n, %c4 : index
    scf.yield %m : index
  }
  // expected-note @below {{the asynchronous write}}
  %t = nvgpu.device_async_copy %src[%c0], %dst[%r, %c0], 4 : memref<4096xf32> to memref<4x128xf32, 3>
  %g = nvgpu.device_async_create_group %t
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %v = memref.load %dst[%c1, %c0] : memref<4x128xf32, 3>
  memref.store %v, %out[%c0] : memref<4096xf32>
  nvgpu.device_async_wait %g {numGroups = 0 : i32}
  return
}

// -----

// Upstream's pipeliner with peel_epilogue (test/Corpus/nvgpu-pipeliner):
// the loop carries a sum, two group tokens and two slots, and the epilogue
// reads the slot a loop result names. Each carried slot's exit value is
// bound to its own result (it was bound by position among the carried
// integers, to the sum and a token: the epilogue's slot was unknown and the
// kernel rejected).
func.func @epilogue_slot(%src: memref<4096xf32>, %dst: memref<3x128xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %src[%c1], %dst[%c1, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  %r:5 = scf.for %i = %c0 to %c8 step %c1 iter_args(%sum = %zero, %h0 = %g0, %h1 = %g1, %s0 = %c0, %s1 = %c1) -> (f32, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index) {
    nvgpu.device_async_wait %h0 {numGroups = 1 : i32}
    %v = memref.load %dst[%s0, %c0] : memref<3x128xf32, 3>
    %s = arith.addf %sum, %v : f32
    %i2 = arith.addi %i, %c2 : index
    %slot = arith.remui %i2, %c3 : index
    %t = nvgpu.device_async_copy %src[%i2], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    scf.yield %s, %h1, %g, %s1, %slot : f32, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index
  }
  nvgpu.device_async_wait %r#1 {numGroups = 1 : i32}
  %a = memref.load %dst[%r#3, %c0] : memref<3x128xf32, 3>
  nvgpu.device_async_wait %r#2 {numGroups = 0 : i32}
  %b = memref.load %dst[%r#4, %c0] : memref<3x128xf32, 3>
  %x = arith.addf %a, %b : f32
  %y = arith.addf %r#0, %x : f32
  return %y : f32
}

// -----

// The epilogue reading the last slot (r#4) before its group's wait.
func.func @epilogue_slot_early(%src: memref<4096xf32>, %dst: memref<3x128xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %src[%c1], %dst[%c1, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  %r:5 = scf.for %i = %c0 to %c8 step %c1 iter_args(%sum = %zero, %h0 = %g0, %h1 = %g1, %s0 = %c0, %s1 = %c1) -> (f32, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index) {
    nvgpu.device_async_wait %h0 {numGroups = 1 : i32}
    %v = memref.load %dst[%s0, %c0] : memref<3x128xf32, 3>
    %s = arith.addf %sum, %v : f32
    %i2 = arith.addi %i, %c2 : index
    %slot = arith.remui %i2, %c3 : index
    // expected-note @below {{the asynchronous write}}
    %t = nvgpu.device_async_copy %src[%i2], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    scf.yield %s, %h1, %g, %s1, %slot : f32, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index
  }
  nvgpu.device_async_wait %r#1 {numGroups = 1 : i32}
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %b = memref.load %dst[%r#4, %c0] : memref<3x128xf32, 3>
  nvgpu.device_async_wait %r#2 {numGroups = 0 : i32}
  %y = arith.addf %r#0, %b : f32
  return %y : f32
}

// -----

// A slot chosen by an scf.if on the carried slot (a ring of two written as
// 'next = cur == 0 ? 1 : 0'): the if's result is bound to what the branch
// that runs yields (it was unknown, and the kernel rejected).
func.func @if_slot(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%cur = %c0, %h = %g0) -> (index, !nvgpu.device.async.token) {
    %is0 = arith.cmpi eq, %cur, %c0 : index
    %next = scf.if %is0 -> (index) {
      scf.yield %c1 : index
    } else {
      scf.yield %c0 : index
    }
    %i1 = arith.addi %i, %c1 : index
    %t = nvgpu.device_async_copy %src[%i1], %dst[%next, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %h {numGroups = 1 : i32}
    %v = memref.load %dst[%cur, %c0] : memref<2x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %next, %g : index, !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %r#1 {numGroups = 0 : i32}
  return
}

// -----

// The same if choosing the slot being read: the copy overwrites it.
func.func @if_same_slot(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%cur = %c0, %h = %g0) -> (index, !nvgpu.device.async.token) {
    %is0 = arith.cmpi eq, %cur, %c0 : index
    %next = scf.if %is0 -> (index) {
      scf.yield %c0 : index
    } else {
      scf.yield %c1 : index
    }
    %i1 = arith.addi %i, %c1 : index
    // expected-note @below {{the asynchronous write}}
    %t = nvgpu.device_async_copy %src[%i1], %dst[%next, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %h {numGroups = 1 : i32}
    // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
    %v = memref.load %dst[%cur, %c0] : memref<2x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %next, %g : index, !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %r#1 {numGroups = 0 : i32}
  return
}
