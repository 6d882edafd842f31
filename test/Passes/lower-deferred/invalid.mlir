// What the deferred model cannot run: one error per case, at the op, before
// anything changes.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-lower-deferred

func.func @token_form(%g: memref<4xf32>, %s: memref<4xf32, 3>) {
  // expected-error @below {{asyncpipe-lower-deferred expects counting form: run asyncpipe-token-to-count first}}
  %t = asyncpipe.copy %g, %s : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  // expected-error @below {{expects counting form}}
  %grp = asyncpipe.commit_group queue 0 (%t)
  // expected-error @below {{expects counting form}}
  asyncpipe.wait %grp
  return
}

// -----

func.func @region(%a: memref<4xf32>) {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{asyncpipe-lower-deferred cannot defer a region of async compute; asyncpipe-lower-sequential runs it at issue}}
    asyncpipe.async_scope {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : memref<4xf32>
    }
  }
  asyncpipe.wait_queue 0, 0
  return
}

// -----

func.func @zero_fill(%g: memref<2xf32>, %s: memref<4xf32, 3>) {
  // expected-error @below {{asyncpipe-lower-deferred does not lower zero_fill copies}}
  asyncpipe.copy %g, %s zero_fill queue 0 : memref<2xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return
}

// -----

func.func @column(%g: memref<4x1xf32, strided<[1, 4]>>, %s: memref<4x1xf32, 3>) {
  // expected-error @below {{the copy's source rows are not contiguous (innermost stride 1): the model copies rows}}
  asyncpipe.copy %g, %s queue 0 : memref<4x1xf32, strided<[1, 4]>> to memref<4x1xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return
}

// -----

func.func @transposed(%a: memref<16x16xf16, strided<[1, 16]>>, %b: memref<16x8xf16>, %c: memref<16x8xf32>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  // expected-error @below {{tile 'a' has rows that are not contiguous (innermost stride 1)}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xf16, strided<[1, 16]>>, memref<16x8xf16> into !asyncpipe.accumulator<16x8xf32>
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<16x8xf32>
  return
}

// -----

func.func private @consume(!asyncpipe.accumulator<16x8xf32>)

func.func @escapes() {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  // expected-error @below {{asyncpipe-lower-deferred models register tiles used by asyncpipe's tensor-core ops only}}
  func.call @consume(%acc) : (!asyncpipe.accumulator<16x8xf32>) -> ()
  return
}

// -----

func.func @argument(%a: memref<16x16xf16>, %b: memref<16x8xf16>, %acc: !asyncpipe.accumulator<16x8xf32>, %c: memref<16x8xf32>) {
  // expected-error @below {{asyncpipe-lower-deferred models register tiles that asyncpipe.accumulator_init makes in the same function}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xf16>, memref<16x8xf16> into !asyncpipe.accumulator<16x8xf32>
  // expected-error @below {{asyncpipe-lower-deferred models register tiles that asyncpipe.accumulator_init makes in the same function}}
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<16x8xf32>
  return
}

// -----

// A kernel: the runtime's calls would name functions the gpu.module does
// not hold (they were emitted undeclared; the output failed to verify).
gpu.module @kernels {
  gpu.func @kernel(%g: memref<4xf32>, %s: memref<4xf32, 3>) kernel {
    // expected-error @below {{asyncpipe-lower-deferred runs the async ops of func.func functions on the CPU, and this op is not in one outside a gpu.module}}
    asyncpipe.copy %g, %s queue 0 : memref<4xf32> to memref<4xf32, 3>
    // expected-error @below {{not in one outside a gpu.module}}
    asyncpipe.commit 0
    // expected-error @below {{not in one outside a gpu.module}}
    asyncpipe.wait_queue 0, 0
    gpu.return
  }
}

// -----

func.func @huge_accumulator() {
  // expected-error @below {{asyncpipe-lower-deferred models accumulators of at most 16777216 bytes (a thread's stack)}}
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<4294967296x4294967296xf32>
  return
}
