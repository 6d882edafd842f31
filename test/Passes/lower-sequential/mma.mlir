// asyncpipe-lower-sequential leaves MMAs and accumulators to
// asyncpipe-lower-deferred: each is an error at the op.
// RUN: asyncpipe-opt %s --asyncpipe-lower-sequential -verify-diagnostics

func.func @mma(%a: memref<16x16xf16>, %b: memref<16x8xf16>, %c: memref<16x8xf32>) {
  // expected-error @below {{asyncpipe-lower-sequential does not run MMAs or accumulators; asyncpipe-lower-deferred does}}
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  // expected-error @below {{asyncpipe-lower-sequential does not run MMAs or accumulators}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xf16>, memref<16x8xf16> into !asyncpipe.accumulator<16x8xf32>
  // expected-error @below {{asyncpipe-lower-sequential does not run MMAs or accumulators}}
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<16x8xf32>
  return
}
