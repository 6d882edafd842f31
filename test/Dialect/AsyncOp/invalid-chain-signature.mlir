// Chain rules checked against the wrapped computation: bound operand count and types, bound outputs, all operands bound and outputs matching at asyncop.done.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func private @foo(f32) -> f32

func.func @too_many_operands(%a: f32, %b: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op binds 2 operands but the wrapped op takes 1}}
  %s = asyncop.start @foo(%a, %b) : (f32, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32) -> f32

func.func @too_many_operands_at_update(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.update' op binds 2 operands but the wrapped op takes 1}}
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(i32) -> f32

func.func @operand_type_at_start(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op binds operand #0 of type 'f32' but the wrapped op's parameter #0 has type 'i32'}}
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32, i32) -> f32

func.func @operand_type_at_update(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.update' op binds operand #1 of type 'f32' but the wrapped op's parameter #1 has type 'i32'}}
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32) -> f32

func.func @outputs_at_start(%a: f32) -> i32 {
  // expected-error @below {{'asyncop.start' op binds outputs (i32) but the wrapped op yields (f32)}}
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (i32), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (i32), i32>) -> i32
  return %r : i32
}

// -----

func.func private @foo(tensor<1024xf32>) -> tensor<1024xf32>

func.func @outputs_at_update(%a: tensor<1024xf32>) -> tensor<512xf32> {
  %s = asyncop.start @foo(%a) : (tensor<1024xf32>) -> !asyncop.handle<(tensor<1024xf32>), (), i32>
  // expected-error @below {{'asyncop.update' op binds outputs (tensor<512xf32>) but the wrapped op yields (tensor<1024xf32>)}}
  %u = asyncop.update %s() : (!asyncop.handle<(tensor<1024xf32>), (), i32>) -> !asyncop.handle<(tensor<1024xf32>), (tensor<512xf32>), i32>
  %r = asyncop.done %u : (!asyncop.handle<(tensor<1024xf32>), (tensor<512xf32>), i32>) -> tensor<512xf32>
  return %r : tensor<512xf32>
}

// -----

func.func private @foo(f32, f32) -> f32

func.func @done_with_unbound_operand(%a: f32) -> f32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.done' op ends the async op with 1 of its 2 operands bound; bind the rest with asyncop.update}}
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32) -> f32

func.func @done_binds_wrong_output(%a: f32) -> i32 {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.done' op yields (i32) but the wrapped op yields (f32)}}
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> i32
  return %r : i32
}

// -----

func.func private @foo(f32) -> f32

func.func @done_yields_nothing(%a: f32) {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.done' op yields () but the wrapped op yields (f32)}}
  asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> ()
  return
}

// -----

// The same rules for a region-wrapped op, whose parameters are the block arguments.
func.func @region_done_result_count(%a: f32) -> (f32, f32) {
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    %r = arith.negf %x : f32
    asyncop.yield %r : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.done' op yields (f32, f32) but the wrapped op yields (f32)}}
  %r:2 = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> (f32, f32)
  return %r#0, %r#1 : f32, f32
}

// -----

func.func @region_operand_type(%a: i32) -> f32 {
  // expected-error @below {{'asyncop.start' op binds operand #0 of type 'i32' but the wrapped op's parameter #0 has type 'f32'}}
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    %r = arith.negf %x : f32
    asyncop.yield %r : f32
  } : (i32) -> !asyncop.handle<(i32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(i32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func @region_unbound_operand(%a: f32) -> f32 {
  %s = asyncop.start () wraps {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    asyncop.yield %r : f32
  } : () -> !asyncop.handle<(), (), i32>
  %u = asyncop.update %s(%a) : (!asyncop.handle<(), (), i32>, f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.done' op ends the async op with 1 of its 2 operands bound; bind the rest with asyncop.update}}
  %r = asyncop.done %u : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}
