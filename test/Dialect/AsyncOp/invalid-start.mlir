// Verifier errors of asyncop.start: exactly one of callee/region, operands match the handle, the callee is a function, the result is a handle.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func private @foo(f32) -> f32

func.func @callee_and_region(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op wraps exactly one op: name a function with a callee symbol, or give a region, not both or neither}}
  %s = asyncop.start @foo(%a) wraps {
  ^bb0(%x: f32):
    %r = arith.negf %x : f32
    asyncop.yield %r : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func @neither(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op wraps exactly one op: name a function with a callee symbol, or give a region, not both or neither}}
  %s = asyncop.start (%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

// An empty `wraps {}` region holds no op at all.
func.func @empty_region(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op wraps exactly one op: name a function with a callee symbol, or give a region, not both or neither}}
  %s = asyncop.start (%a) wraps {
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32) -> f32

func.func @operand_types_vs_handle(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op binds operands (f32) but its handle type records (i32)}}
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(i32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(i32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32, f32) -> f32

func.func @operand_count_vs_handle(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op binds operands (f32) but its handle type records ()}}
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(), (), i32>) -> f32
  return %r : f32
}

// -----

func.func @unknown_callee(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op '@nope' does not reference a function}}
  %s = asyncop.start @nope(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

memref.global @gv : memref<4xf32>

func.func @callee_not_a_function(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op '@gv' does not reference a function}}
  %s = asyncop.start @gv(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32) -> f32

func.func @result_not_a_handle(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op result #0 must be state of an in-flight async op: (operands), (outputs), context, but got 'f32'}}
  %s = asyncop.start @foo(%a) : (f32) -> f32
  return %s : f32
}

// -----

func.func private @foo(f32) -> f32

func.func @nested_callee(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
  %s = asyncop.start @mod::@foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}
