// One packed workgroup allocation of bytes, its tiles as memref.view at
// byte shifts (IREE's LLVMGPUPackSharedMemoryAlloc does this to every
// kernel): an access through a view touches the bytes of the buffer its
// view covers (its slice, placed at the view's shift), so slots of one
// view, and views at disjoint shifts, are told apart, and views that
// overlap (a C staging tile reusing A's first slot) are not. Before, any
// memref.view made the access cover the whole allocation: every IREE
// kernel with a multi-buffered pipeline was rejected.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

// Slot 1 of A in flight while slot 0 is read, and B (at byte 4096) read.
func.func @other_slot(%src: memref<4096xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %alloc = memref.alloc() : memref<8192xi8, #gpu.address_space<workgroup>>
  %a = memref.view %alloc[%c0][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<4x16x16xf32, #gpu.address_space<workgroup>>
  %b = memref.view %alloc[%c4096][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<4x16x16xf32, #gpu.address_space<workgroup>>
  %t = nvgpu.device_async_copy %src[%c0], %a[%c1, %c0, %c0], 4 : memref<4096xf32> to memref<4x16x16xf32, #gpu.address_space<workgroup>>
  %g = nvgpu.device_async_create_group %t
  %x = memref.load %a[%c0, %c0, %c0] : memref<4x16x16xf32, #gpu.address_space<workgroup>>
  %y = memref.load %b[%c1, %c0, %c0] : memref<4x16x16xf32, #gpu.address_space<workgroup>>
  memref.store %x, %out[%c0] : memref<4xf32>
  memref.store %y, %out[%c1] : memref<4xf32>
  nvgpu.device_async_wait %g {numGroups = 0 : i32}
  return
}

// -----

// The same slot read while in flight.
func.func @same_slot(%src: memref<4096xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %alloc = memref.alloc() : memref<8192xi8, #gpu.address_space<workgroup>>
  %a = memref.view %alloc[%c0][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<4x16x16xf32, #gpu.address_space<workgroup>>
  // expected-note @below {{the asynchronous write}}
  %t = nvgpu.device_async_copy %src[%c0], %a[%c1, %c0, %c0], 4 : memref<4096xf32> to memref<4x16x16xf32, #gpu.address_space<workgroup>>
  %g = nvgpu.device_async_create_group %t
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %x = memref.load %a[%c1, %c0, %c0] : memref<4x16x16xf32, #gpu.address_space<workgroup>>
  memref.store %x, %out[%c0] : memref<4xf32>
  nvgpu.device_async_wait %g {numGroups = 0 : i32}
  return
}

// -----

// A staging tile at byte 1024 reuses A's slot 1 (bytes 1024..2047): its
// store meets the copy into slot 1 still in flight.
func.func @overlapping_views(%src: memref<4096xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %alloc = memref.alloc() : memref<8192xi8, #gpu.address_space<workgroup>>
  %a = memref.view %alloc[%c0][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<4x16x16xf32, #gpu.address_space<workgroup>>
  %c = memref.view %alloc[%c1024][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<16x16xf32, #gpu.address_space<workgroup>>
  // expected-note @below {{the asynchronous write}}
  %t = nvgpu.device_async_copy %src[%c0], %a[%c1, %c0, %c0], 4 : memref<4096xf32> to memref<4x16x16xf32, #gpu.address_space<workgroup>>
  %g = nvgpu.device_async_create_group %t
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  memref.store %v, %c[%c0, %c0] : memref<16x16xf32, #gpu.address_space<workgroup>>
  nvgpu.device_async_wait %g {numGroups = 0 : i32}
  return
}

// -----

// The staging tile at byte 2048 (A's slot 2) does not meet the copy into
// slot 1.
func.func @adjacent_views(%src: memref<4096xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2048 = arith.constant 2048 : index
  %alloc = memref.alloc() : memref<8192xi8, #gpu.address_space<workgroup>>
  %a = memref.view %alloc[%c0][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<4x16x16xf32, #gpu.address_space<workgroup>>
  %c = memref.view %alloc[%c2048][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<16x16xf32, #gpu.address_space<workgroup>>
  %t = nvgpu.device_async_copy %src[%c0], %a[%c1, %c0, %c0], 4 : memref<4096xf32> to memref<4x16x16xf32, #gpu.address_space<workgroup>>
  %g = nvgpu.device_async_create_group %t
  memref.store %v, %c[%c0, %c0] : memref<16x16xf32, #gpu.address_space<workgroup>>
  nvgpu.device_async_wait %g {numGroups = 0 : i32}
  return
}
