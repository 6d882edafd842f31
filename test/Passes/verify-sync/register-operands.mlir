// Registers as an MMA's operand and math on register tiles (attention's
// online softmax): an asyncpipe.mma with a register operand 'a' (P) reads
// it until a wait completes the MMA, so overwriting it earlier
// (asyncpipe.accumulator_convert into P) is an error at the write; reading
// or updating a tile an MMA may still write (O rescaled, S folded into its
// row maxima, an input of a map) is an error at the read. Each error names
// the MMA in a note; with the wait, each program is proven.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @p_after_wait
func.func @p_after_wait(%v: memref<64x64xf16, 3>) {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
  %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
  asyncpipe.mma %p, %v, %o queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
  return
}

// -----

func.func @p_overwritten(%v: memref<64x64xf16, 3>) {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
  %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
  // expected-note @below {{the asynchronous MMA reading them}}
  asyncpipe.mma %p, %v, %o queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  // expected-error @below {{overwrites registers that an asynchronous MMA may still be reading as its operand, while its group may be in flight}}
  asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// P is only read: a second MMA reading it on the same queue, and a
// conversion from S (not into P), need no wait.
// CHECK-LABEL: func.func @p_read_twice
func.func @p_read_twice(%v: memref<64x64xf16, 3>, %w: memref<64x64xf16, 3>) {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
  %q = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
  %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %o2 = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  asyncpipe.mma %p, %v, %o queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.mma %p, %w, %o2 queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  asyncpipe.accumulator_convert %s into %q : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
  asyncpipe.wait_queue 1, 0
  return
}

// -----

func.func @o_rescaled_early(%v: memref<64x64xf16, 3>) {
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
  %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %alpha = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
  // expected-note @below {{the asynchronous MMA into the accumulator}}
  asyncpipe.mma %p, %v, %o queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  // expected-error @below {{accesses an accumulator that an asynchronous MMA may still be writing}}
  asyncpipe.accumulator_map %o(%alpha) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
  ^bb0(%x: f32, %a: f32):
    %y = arith.mulf %x, %a : f32
    asyncpipe.yield %y : f32
  }
  asyncpipe.wait_queue 1, 0
  return
}

// -----

func.func @s_folded_early(%q: memref<128x64xf16, 3>, %k: memref<64x64xf16, 3>) {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
  // expected-note @below {{the asynchronous MMA into the accumulator}}
  asyncpipe.mma %q, %k, %s queue 1 transpose_b : memref<128x64xf16, 3>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  // expected-error @below {{accesses an accumulator that an asynchronous MMA may still be writing}}
  asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
  ^bb0(%partial: f32, %x: f32):
    %r = arith.maximumf %partial, %x : f32
    asyncpipe.yield %r : f32
  }
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// A map that only reads a tile an MMA writes (as an input) races too, and
// so does converting it.
func.func @input_early(%q: memref<128x64xf16, 3>, %k: memref<64x64xf16, 3>) {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %t = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
  // expected-note @below {{the asynchronous MMA into the accumulator}}
  asyncpipe.mma %q, %k, %s queue 1 transpose_b : memref<128x64xf16, 3>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  // expected-error @below {{accesses an accumulator that an asynchronous MMA may still be writing}}
  asyncpipe.accumulator_map %t(%s) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x64xf32>) {
  ^bb0(%x: f32, %y: f32):
    asyncpipe.yield %y : f32
  }
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// The wait counts: with S's MMA and P V on one queue, S's group is
// complete once at most one group (P V's) is in flight; the maxima may be
// computed then, O may not be rescaled.
// CHECK-LABEL: func.func @overlap
func.func @overlap(%q: memref<128x64xf16, 3>, %k: memref<64x64xf16, 3>, %v: memref<64x64xf16, 3>) {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
  %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
  asyncpipe.mma %q, %k, %s queue 1 transpose_b : memref<128x64xf16, 3>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  asyncpipe.mma %p, %v, %o queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 1
  asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
  ^bb0(%partial: f32, %x: f32):
    %r = arith.maximumf %partial, %x : f32
    asyncpipe.yield %r : f32
  }
  asyncpipe.wait_queue 1, 0
  asyncpipe.accumulator_map %o(%m) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
  ^bb0(%x: f32, %a: f32):
    %y = arith.mulf %x, %a : f32
    asyncpipe.yield %y : f32
  }
  asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
  return
}
