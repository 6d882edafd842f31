// Local rules of asyncop.update: operands bound in order, outputs bound earlier never change, the context type never changes, handle types only.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func private @foo(f32, f32) -> f32

func.func @operand_not_recorded(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.update' op binds operands in order: after binding (f32) the handle's operands are (f32, f32), not (f32)}}
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32, i32) -> f32

func.func @operands_out_of_order(%a: f32, %b: i32) -> f32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.update' op binds operands in order: after binding (i32) the handle's operands are (f32, i32), not (i32, f32)}}
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, i32) -> !asyncop.handle<(i32, f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(i32, f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32, f32) -> f32

func.func @operand_dropped(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @foo(%a, %b) : (f32, f32) -> !asyncop.handle<(f32, f32), (), i32>
  // expected-error @below {{'asyncop.update' op binds operands in order: after binding () the handle's operands are (f32, f32), not (f32)}}
  %u = asyncop.update %s() : (!asyncop.handle<(f32, f32), (), i32>) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32, f32) -> f32

func.func @outputs_unbound_again(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (f32), i32>
  // expected-error @below {{'asyncop.update' op cannot change outputs bound earlier (f32)}}
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (f32), i32>, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32) -> (f32, f32)

func.func @outputs_changed(%a: f32) -> (f32, f32) {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (f32, f32), i32>
  // expected-error @below {{'asyncop.update' op cannot change outputs bound earlier (f32, f32)}}
  %u = asyncop.update %s() : (!asyncop.handle<(f32), (f32, f32), i32>) -> !asyncop.handle<(f32), (f32), i32>
  %r:2 = asyncop.done %u : (!asyncop.handle<(f32), (f32), i32>) -> (f32, f32)
  return %r#0, %r#1 : f32, f32
}

// -----

func.func private @foo(f32, f32) -> f32

func.func @context_changed(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.update' op cannot change the context type from 'i32' to 'i64'}}
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (), i64>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i64>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32, f32) -> f32

func.func @result_not_a_handle(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.update' op result #0 must be state of an in-flight async op: (operands), (outputs), context, but got 'f32'}}
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, f32) -> f32
  return %u : f32
}

// -----

func.func @operand_not_a_handle(%h: f32, %b: f32) -> f32 {
  // expected-error @below {{'asyncop.update' op operand #0 must be state of an in-flight async op: (operands), (outputs), context, but got 'f32'}}
  %u = "asyncop.update"(%h, %b) : (f32, f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}
