// Byte counts and offsets of a copy's sides in checked arithmetic (issue 40's
// audit: each of these panicked in a debug build with an overflow; a release
// build emitted wrapped sizes): an error at the copy instead.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-lower-to-nvgpu=bulk-queues=0
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-lower-to-nvgpu

// A stride on a unit dimension still forms a byte offset.
func.func @unit_dim_stride(%a: memref<1x4xf32, strided<[4611686018427387904, 1]>>, %b: memref<1x4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{the source (1x4 elements of 4 bytes) spans more bytes than a 64-bit size or offset holds}}
    asyncpipe.copy %a, %b : memref<1x4xf32, strided<[4611686018427387904, 1]>> to memref<1x4xf32, 3>
  }
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// A negative offset, in magnitude.
func.func @negative_offset(%a: memref<4xf32, strided<[1], offset: -4611686018427387904>>, %b: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{the source (4 elements of 4 bytes) spans more bytes than a 64-bit size or offset holds}}
    asyncpipe.copy %a, %b : memref<4xf32, strided<[1], offset: -4611686018427387904>> to memref<4xf32, 3>
  }
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// A dynamic extent of the source walks the destination's extent.
func.func @dynamic_source_extent(%a: memref<?x4xf32, strided<[1152921504606846976, 1]>>, %b: memref<8x4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{the source (?x4 elements of 4 bytes) spans more bytes than a 64-bit size or offset holds}}
    asyncpipe.copy %a, %b : memref<?x4xf32, strided<[1152921504606846976, 1]>> to memref<8x4xf32, 3>
  }
  asyncpipe.wait_queue 0, 0
  return
}
