// asyncop.yield is only valid as the terminator of an asyncop.start region.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @yield_in_func(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.yield' op expects parent op 'asyncop.start'}}
  asyncop.yield %a : f32
}

// -----

func.func @yield_in_scf(%a: f32) -> f32 {
  %r = scf.execute_region -> f32 {
    // expected-error @below {{'asyncop.yield' op expects parent op 'asyncop.start'}}
    asyncop.yield %a : f32
  }
  return %r : f32
}

// -----

// A terminator of another dialect does not end an asyncop.start region.
func.func @func_return_in_start(%a: f32) -> f32 {
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32):
    %r = arith.negf %x : f32
    // expected-error @below {{'func.return' op expects parent op 'func.func'}}
    func.return %r : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r : f32
}
