// Kernels in CFG form (after convert-scf-to-cf, as IREE's and upstream's
// pipelines reach NVVM): a loop is a header block whose arguments carry the
// induction variable, the rotated slot indices and the cp.async groups.
// When every branch is decided by the values known so far, the region is
// run along its one path: the integers a branch passes are bound to the
// successor's arguments and the groups forwarded, iteration after
// iteration, as an scf.for is simulated. Before, every such loop was a
// join over all paths (slots and groups unknown): this ring of 3 slots was
// rejected (IREE's matmul_f32.cf.mlir and the other cf-form kernels of
// test/Corpus were, for this reason).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

// Slot (i + 2) mod 3 is filled while slot i mod 3 is read; the slot read
// rotates through block arguments (%cur, %next, %after), the group through
// %g1 and %g2; each iteration waits until one group is in flight.
func.func @ring_in_cfg(%src: memref<4096xf32>, %buf: memref<3x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %buf[%c0, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %src[%c32], %buf[%c1, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  cf.br ^header(%c0, %c0, %c1, %c2, %g0, %g1 : index, index, index, index, !nvgpu.device.async.token, !nvgpu.device.async.token)
^header(%i: index, %cur: index, %next: index, %after: index, %h0: !nvgpu.device.async.token, %h1: !nvgpu.device.async.token):
  %more = arith.cmpi slt, %i, %c32 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %at = arith.muli %i, %c32 : index
  %t = nvgpu.device_async_copy %src[%at], %buf[%after, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %h0 {numGroups = 2 : i32}
  %v = memref.load %buf[%cur, %c0] : memref<3x128xf32, 3>
  memref.store %v, %out[%i] : memref<4096xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^header(%i1, %next, %after, %cur, %h1, %g : index, index, index, index, !nvgpu.device.async.token, !nvgpu.device.async.token)
^exit:
  nvgpu.device_async_wait %h1 {numGroups = 0 : i32}
  return
}

// -----

// The same loop waiting with numGroups = 3: the slot read may still be in
// flight from the first iteration on.
func.func @ring_in_cfg_wait_too_weak(%src: memref<4096xf32>, %buf: memref<3x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  // expected-note @below {{the asynchronous write}}
  %t0 = nvgpu.device_async_copy %src[%c0], %buf[%c0, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %src[%c32], %buf[%c1, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g1 = nvgpu.device_async_create_group %t1
  cf.br ^header(%c0, %c0, %c1, %c2, %g0, %g1 : index, index, index, index, !nvgpu.device.async.token, !nvgpu.device.async.token)
^header(%i: index, %cur: index, %next: index, %after: index, %h0: !nvgpu.device.async.token, %h1: !nvgpu.device.async.token):
  %more = arith.cmpi slt, %i, %c32 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %at = arith.muli %i, %c32 : index
  %t = nvgpu.device_async_copy %src[%at], %buf[%after, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %h0 {numGroups = 3 : i32}
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %v = memref.load %buf[%cur, %c0] : memref<3x128xf32, 3>
  memref.store %v, %out[%i] : memref<4096xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^header(%i1, %next, %after, %cur, %h1, %g : index, index, index, index, !nvgpu.device.async.token, !nvgpu.device.async.token)
^exit:
  nvgpu.device_async_wait %h1 {numGroups = 0 : i32}
  return
}

// -----

// A slot rotation that lands on the slot in flight in the last iteration
// only (iteration 31 reads slot (31 * 2) mod 3 while the copy into it is
// pending): the path run reaches it.
func.func @late_collision(%src: memref<4096xf32>, %buf: memref<3x128xf32, 3>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  cf.br ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi slt, %i, %c32 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %last = arith.cmpi eq, %i, %c31 : index
  %slot = arith.remui %i, %c3 : index
  %other = arith.addi %slot, %c1 : index
  %wrapped = arith.remui %other, %c3 : index
  %read = arith.select %last, %slot, %wrapped : index
  // expected-note @below {{the asynchronous write}}
  %t = nvgpu.device_async_copy %src[%c0], %buf[%slot, %c0], 4 : memref<4096xf32> to memref<3x128xf32, 3>
  %g = nvgpu.device_async_create_group %t
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %v = memref.load %buf[%read, %c0] : memref<3x128xf32, 3>
  nvgpu.device_async_wait %g {numGroups = 0 : i32}
  memref.store %v, %out[%i] : memref<4096xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^header(%i1 : index)
^exit:
  return
}
