// Local rules of asyncop.done: its results match outputs bound earlier, and it takes a handle.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func private @foo(f32) -> f32

func.func @results_vs_bound_outputs(%a: f32) -> i32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (f32), i32>
  // expected-error @below {{'asyncop.done' op yields (i32) but the handle's bound outputs are (f32)}}
  %r = asyncop.done %s : (!asyncop.handle<(f32), (f32), i32>) -> i32
  return %r : i32
}

// -----

func.func private @foo(f32) -> f32

func.func @no_results_vs_bound_outputs(%a: f32) {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (f32), i32>
  // expected-error @below {{'asyncop.done' op yields () but the handle's bound outputs are (f32)}}
  asyncop.done %s : (!asyncop.handle<(f32), (f32), i32>) -> ()
  return
}

// -----

func.func @operand_not_a_handle(%h: f32) -> f32 {
  // expected-error @below {{'asyncop.done' op operand #0 must be state of an in-flight async op: (operands), (outputs), context, but got 'f32'}}
  %r = asyncop.done %h : (f32) -> f32
  return %r : f32
}
