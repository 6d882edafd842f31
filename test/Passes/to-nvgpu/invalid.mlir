// What cp.async cannot do: one error per case, at the op.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-to-nvgpu

func.func @async_compute(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.commit_queue 0 {
    // expected-error @below {{async compute cannot run on cp.async}}
    asyncpipe.async_scope {
      %v = memref.load %a[%c0] : memref<4xf32>
      memref.store %v, %b[%c0] : memref<4xf32, 3>
    }
  }
  asyncpipe.wait_queue 0, 0
  return
}

// -----

func.func @source_in_shared(%a: memref<4xf32, 3>, %b: memref<4xf32, 3>) {
  // expected-error @below {{cp.async reads global memory, but the source is in workgroup (shared) memory}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32, 3> to memref<4xf32, 3>
  asyncpipe.commit 0
  return
}

// -----

func.func @source_elsewhere(%a: memref<4xf32, 5>, %b: memref<4xf32, 3>) {
  // expected-error @below {{cp.async reads global memory, but the source is in memory space 5}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32, 5> to memref<4xf32, 3>
  asyncpipe.commit 0
  return
}

// -----

func.func @dest_in_global(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @below {{cp.async writes workgroup (shared) memory, but the destination is in global memory}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32>
  asyncpipe.commit 0
  return
}

// -----

func.func @dest_private(%a: memref<4xf32>, %b: memref<4xf32, #gpu.address_space<private>>) {
  // expected-error @below {{cp.async writes workgroup (shared) memory, but the destination is in memory space #gpu.address_space<private>}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, #gpu.address_space<private>>
  asyncpipe.commit 0
  return
}

// -----

func.func @index_elements(%a: memref<4xindex>, %b: memref<4xindex, 3>) {
  // expected-error @below {{cp.async copies whole bytes of integer or float elements, not index}}
  asyncpipe.copy %a, %b queue 0 : memref<4xindex> to memref<4xindex, 3>
  asyncpipe.commit 0
  return
}

// -----

func.func @bit_elements(%a: memref<32xi1>, %b: memref<32xi1, 3>) {
  // expected-error @below {{cp.async copies whole bytes of integer or float elements, not i1}}
  asyncpipe.copy %a, %b queue 0 : memref<32xi1> to memref<32xi1, 3>
  asyncpipe.commit 0
  return
}

// -----

func.func @strided_rows(%a: memref<4x8xf32>, %b: memref<4x4xf32, 3>) {
  %v = memref.subview %a[0, 0] [4, 4] [1, 2] : memref<4x8xf32> to memref<4x4xf32, strided<[8, 2]>>
  // expected-error @below {{cp.async copies contiguous bytes, but the innermost dimension of the source has stride 2}}
  asyncpipe.copy %v, %b queue 0 : memref<4x4xf32, strided<[8, 2]>> to memref<4x4xf32, 3>
  asyncpipe.commit 0
  return
}

// -----

func.func @dynamic_stride(%a: memref<4x4xf32, strided<[4, ?]>>, %b: memref<4x4xf32, 3>) {
  // expected-error @below {{the innermost dimension of the source has stride ?}}
  asyncpipe.copy %a, %b queue 0 : memref<4x4xf32, strided<[4, ?]>> to memref<4x4xf32, 3>
  asyncpipe.commit 0
  return
}

// -----

func.func @short_rows(%a: memref<2x3xi8>, %b: memref<2x3xi8, 3>) {
  // expected-error @below {{a row of the tile is 3 x i8 = 3 bytes, but cp.async copies 4, 8 or 16 bytes at a time}}
  asyncpipe.copy %a, %b queue 0 : memref<2x3xi8> to memref<2x3xi8, 3>
  asyncpipe.commit 0
  return
}

// -----

func.func @misaligned_rows(%a: memref<2x9xi8>, %b: memref<2x4xi8, 3>) {
  %v = memref.subview %a[0, 1] [2, 4] [1, 1] : memref<2x9xi8> to memref<2x4xi8, strided<[9, 1], offset: 1>>
  // expected-error @below {{the rows of the source are not 4-byte aligned (static offset or stride)}}
  asyncpipe.copy %v, %b queue 0 : memref<2x4xi8, strided<[9, 1], offset: 1>> to memref<2x4xi8, 3>
  asyncpipe.commit 0
  return
}

// -----

func.func @dynamic_half_rows(%a: memref<2x?xf16>, %b: memref<2x?xf16, 3>) {
  // expected-error @below {{the innermost extent of the destination is dynamic and its elements are 2 bytes}}
  asyncpipe.copy %a, %b queue 0 : memref<2x?xf16> to memref<2x?xf16, 3>
  asyncpipe.commit 0
  return
}

// -----

func.func @dynamic_count(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index) {
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{cp.async.wait_group needs a constant in-flight count}}
  asyncpipe.wait_queue 0, %n
  return
}

// -----

func.func @mixed(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{mixes asyncpipe queues with nvgpu cp.async groups}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %t = nvgpu.device_async_copy %a[%c0], %b[%c0], 4 : memref<4xf32> to memref<4xf32, 3>
  // expected-note @below {{the nvgpu group operation}}
  %g = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %g
  return
}

// -----

// Sizes from the IR are multiplied in checked arithmetic (found by the fuzzer).
func.func @row_bytes_overflow(%a: memref<9223372036854775807xf64>, %b: memref<9223372036854775807xf64, 3>) {
  // expected-error @below {{a row of the tile is 9223372036854775807 elements of 8 bytes, more bytes than a 64-bit size holds}}
  asyncpipe.copy %a, %b queue 0 : memref<9223372036854775807xf64> to memref<9223372036854775807xf64, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// A block size that is not positive (found by the fuzzer: the NVVM lowering
// of asyncpipe-to-ptx failed on it with an error at no location).
gpu.module @kernels {
  // expected-error @+1 {{known_block_size must be positive in every dimension, not [128, 1, -2147483648]}}
  gpu.func @negative(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, -2147483648>} {
    gpu.return
  }
}

// -----

// MMAs and their accumulators are asyncpipe-lower-mma's (the first step of
// asyncpipe-to-ptx): here they are errors at the op, not a silent scalar
// fallback.
func.func @mma(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>, %c: memref<16x8xf32>) {
  // expected-error @below {{asyncpipe-to-nvgpu lowers copies; MMAs and accumulators go to the tensor cores first, through asyncpipe-lower-mma (asyncpipe-to-ptx runs it), or run on the CPU through asyncpipe-lower-deferred}}
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  // expected-error @below {{MMAs and accumulators go to the tensor cores first, through asyncpipe-lower-mma}}
  asyncpipe.mma %a, %b, %acc queue 1 : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  // expected-error @below {{MMAs and accumulators go to the tensor cores first, through asyncpipe-lower-mma}}
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<16x8xf32>
  return
}
