// Bad annotations: a diagnostic at the op, and the loop is left untouched.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-software-pipeline --verify-diagnostics

func.func @stage_without_order(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{op has asyncpipe.stage but no asyncpipe.order}}
    memref.copy %a, %b {asyncpipe.stage = 0} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @negative_stage(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{asyncpipe.stage must not be negative}}
    memref.copy %a, %b {asyncpipe.stage = -1, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

// A stage of 10^18 made the pipeliner allocate a table of 10^18 entries and
// abort (a fuzzer finding).
func.func @huge_stage(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{asyncpipe.stage 1000000000000000000 is past 65536: the prologue and the epilogue would have 1000000000000000000 steps each}}
    memref.copy %a, %b {asyncpipe.stage = 1000000000000000000, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @order_without_stage(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{op has asyncpipe.order but no asyncpipe.stage}}
    memref.copy %a, %b {asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @repeated_order(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-note @below {{first used here}}
    memref.copy %a, %b {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
    // expected-error @below {{asyncpipe.order 0 is repeated}}
    memref.copy %a, %c {asyncpipe.stage = 1, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @use_in_earlier_stage(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-note @below {{defined here}}
    %x = memref.load %a[%i] {asyncpipe.stage = 1, asyncpipe.order = 0} : memref<8xf32>
    // expected-error @below {{op in stage 0 uses a value defined in a later stage (1)}}
    memref.store %x, %b[%i] {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @use_ordered_before(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-note @below {{defined here}}
    %x = memref.load %a[%i] {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<8xf32>
    // expected-error @below {{op with asyncpipe.order 0 uses a value defined by an op ordered after it (1) in the same stage}}
    memref.store %x, %b[%i] {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @async_stage_without_writes(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{async stage 0 has nothing asynchronous in it: none of its ops writes memory}}
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %a[%i] {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32>
    memref.store %x, %b[%i] {asyncpipe.stage = 1, asyncpipe.order = 1} : memref<8xf32>
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}

// -----

func.func @async_stage_without_ops(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{async stage 2 has no op}}
  scf.for %i = %c0 to %c8 step %c1 {
    memref.copy %a, %b {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64: 2>}
  return
}

// -----

func.func @not_an_array(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{asyncpipe.async_stages must be an array<i64: ...> of stages}}
  scf.for %i = %c0 to %c8 step %c1 {
    memref.copy %a, %b {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = [0]}
  return
}

// -----

func.func @not_a_for(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{asyncpipe.async_stages is only supported on scf.for}}
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.copy %a, %b {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @iter_args(%a: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @below {{cannot pipeline a loop with loop-carried values (iter_args); carry them through memory}}
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> f32 {
    %x = memref.load %a[%i] {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  } {asyncpipe.async_stages = array<i64>}
  return %s : f32
}

// -----

func.func @helper_writes(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{op without asyncpipe.stage writes memory; give it a stage and an order}}
    memref.store %f, %a[%i] : memref<8xf32>
    memref.copy %a, %b {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @reordered_memory_dependence(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-note @below {{the earlier op}}
    memref.copy %a, %buf {asyncpipe.stage = 1, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
    // expected-error @below {{op (stage 0, order 1) is scheduled before an op it follows in the loop body and shares memory with (stage 1, order 0)}}
    memref.copy %buf, %b {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @carried_through_memory(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{op reads a buffer before the iteration writes it (a value carried across iterations through memory), but stages 0, 1 touch it: it cannot be multi-buffered}}
    memref.copy %buf, %b {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
    memref.copy %a, %buf {asyncpipe.stage = 1, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64>}
  return
}

// -----

func.func @cannot_multi_buffer(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{buffer written here is used in stages 0, 1 and needs 2 versions, but cannot be multi-buffered: it is used outside the loop by 'memref.copy'}}
    memref.copy %a, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32> to memref<8xf32>
    memref.copy %buf, %b {asyncpipe.stage = 1, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.copy %buf, %b : memref<8xf32> to memref<8xf32>
  return
}

// -----

func.func @async_result_escapes(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-note @below {{asynchronous op defined here}}
    %x = memref.load %a[%i] {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32>
    memref.store %x, %b[%i] {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<8xf32>
    // expected-error @below {{op uses a result of an asynchronous op outside its async scope; pass it through memory}}
    memref.store %x, %c[%i] {asyncpipe.stage = 1, asyncpipe.order = 2} : memref<8xf32>
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}

// -----

func.func @nested_async(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{op of an async stage contains asynchronous operations or synchronization of its own}}
    scf.execute_region {
      // expected-note @below {{this one}}
      asyncpipe.wait_queue 3, 0
      memref.copy %a, %b : memref<8xf32> to memref<8xf32>
      scf.yield
    } {asyncpipe.stage = 0, asyncpipe.order = 0}
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}

// -----

func.func private @opaque(memref<8xf32>)

func.func @async_unknown_effects(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{op of an async stage has unknown memory effects: what it writes must be known to wait for it}}
    func.call @opaque(%a) {asyncpipe.stage = 0, asyncpipe.order = 0} : (memref<8xf32>) -> ()
    memref.copy %a, %b {asyncpipe.stage = 1, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}

// -----

// The first queue leaves room for the stages' queues (i64::MAX + 1
// overflowed, issue 40's audit).
func.func @first_queue_too_large(%a: memref<64x8xf32>, %out: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %buf = memref.alloc() : memref<8xf32, 3>
  // expected-error @below {{asyncpipe.first_queue 9223372036854775807 is outside 0 to 1099511627776: the loop's stages number queues from it}}
  scf.for %i = %c0 to %c64 step %c1 {
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf, %dst {asyncpipe.stage = 1, asyncpipe.order = 1} : memref<8xf32, 3> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 1>, asyncpipe.first_queue = 9223372036854775807 : i64}
  return
}
