// Region rules of asyncop.start ... wraps: ends with asyncop.yield, holds exactly one wrapped op that takes only region arguments and whose results are yielded.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @not_ending_with_yield(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op region must end with asyncop.yield}}
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    %r = arith.negf %x : f32
    llvm.unreachable
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func @no_terminator(%a: f32) -> f32 {
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    // expected-error @below {{block with no terminator}}
    %r = arith.negf %x : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

// Also what an upstream conversion that lowered the wrapped op leaves (a
// fuzzer's raw pipeline ran convert-gpu-to-nvvm on a chain): the error says
// what must run first.
func.func @two_ops(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op region must hold exactly one op besides asyncop.yield: the wrapped op (a conversion that lowers the wrapped op, such as convert-gpu-to-nvvm, must run after asyncop-to-asyncpipe or asyncop-to-async has lowered the chain)}}
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    %r = arith.negf %x : f32
    %q = arith.negf %r : f32
    asyncop.yield %q : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func @no_wrapped_op(%a: f32) {
  // expected-error @below {{'asyncop.start' op region must hold exactly one op besides asyncop.yield: the wrapped op}}
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    asyncop.yield
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> ()
  return
}

// -----

// The wrapped op may only use the region's arguments (here: its own result).
func.func @operand_not_an_argument(%a: f32) -> f32 {
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    // expected-error @below {{'arith.addf' op wrapped by asyncop.start must take only the region's arguments as operands}}
    %r = arith.addf %x, %r : f32
    asyncop.yield %r : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

// Values from above are rejected by IsolatedFromAbove.
func.func @captured_value(%a: f32, %b: f32) -> f32 {
  // expected-note @below {{required by region isolation constraints}}
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    // expected-error @below {{'arith.addf' op using value defined outside the region}}
    %r = arith.addf %x, %b : f32
    asyncop.yield %r : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func @yield_argument(%a: f32) -> f32 {
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    %r = arith.negf %x : f32
    // expected-error @below {{'asyncop.yield' op must yield exactly the wrapped op's results}}
    asyncop.yield %x : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func @yield_nothing(%a: f32) -> f32 {
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    %r = arith.negf %x : f32
    // expected-error @below {{'asyncop.yield' op must yield exactly the wrapped op's results}}
    asyncop.yield
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}

// -----

func.func @yield_reordered(%c: i1, %a: i32) -> (i32, i32) {
  %s = asyncop.start (%c, %a) wraps {
  ^bb0(%x: i1, %y: i32):
    %r:2 = scf.if %x -> (i32, i32) {
      scf.yield %y, %y : i32, i32
    } else {
      scf.yield %y, %y : i32, i32
    }
    // expected-error @below {{'asyncop.yield' op must yield exactly the wrapped op's results}}
    asyncop.yield %r#1, %r#0 : i32, i32
  } : (i1, i32) -> !asyncop.handle<(i1, i32), (), i32>
  %d:2 = asyncop.done %s : (!asyncop.handle<(i1, i32), (), i32>) -> (i32, i32)
  return %d#0, %d#1 : i32, i32
}

// -----

func.func @two_blocks(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op region #0 ('body') failed to verify constraint: region with at most 1 blocks}}
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    %r = arith.negf %x : f32
    cf.br ^bb1
  ^bb1:
    asyncop.yield %r : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}
