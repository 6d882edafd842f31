// Every asyncop.start and asyncop.update has exactly one user, an asyncop.update or asyncop.done taking the handle as its handle operand.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func private @foo(f32, f32) -> f32

func.func @start_unused(%a: f32) {
  // expected-error @below {{'asyncop.start' op must have exactly one user, an asyncop.update or asyncop.done, but its handle has 0 uses}}
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  return
}

// -----

func.func private @foo(f32) -> f32

func.func @start_two_dones(%a: f32) -> (f32, f32) {
  // expected-error @below {{'asyncop.start' op must have exactly one user, an asyncop.update or asyncop.done, but its handle has 2 uses}}
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  %q = asyncop.done %s : (!asyncop.handle<(f32), (), i32>) -> f32
  return %r, %q : f32, f32
}

// -----

func.func private @foo(f32) -> f32

func.func @start_returned(%a: f32) -> !asyncop.handle<(f32), (), i32> {
  // expected-error @below {{'asyncop.start' op handle must be the handle operand (#0) of an asyncop.update or asyncop.done, or carried by an scf.for, but is operand #0 of 'func.return'}}
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-note @below {{used here}}
  return %s : !asyncop.handle<(f32), (), i32>
}

// -----

// A handle bound as an *operand* of another chain's update is not a chain use.
func.func private @foo(f32) -> f32
func.func private @g(!asyncop.handle<(f32), (), i32>) -> f32

func.func @handle_as_update_operand(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op handle must be the handle operand (#0) of an asyncop.update or asyncop.done, or carried by an scf.for, but is operand #1 of 'asyncop.update'}}
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %t = asyncop.start @g() : () -> !asyncop.handle<(), (), i32>
  // expected-note @below {{used here}}
  %u = asyncop.update %t(%s) : (!asyncop.handle<(), (), i32>, !asyncop.handle<(f32), (), i32>) -> !asyncop.handle<(!asyncop.handle<(f32), (), i32>), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(!asyncop.handle<(f32), (), i32>), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32) -> f32
func.func private @g(!asyncop.handle<(f32), (), i32>) -> f32

func.func @handle_as_start_operand(%a: f32) -> f32 {
  // expected-error @below {{'asyncop.start' op handle must be the handle operand (#0) of an asyncop.update or asyncop.done, or carried by an scf.for, but is operand #0 of 'asyncop.start'}}
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-note @below {{used here}}
  %t = asyncop.start @g(%s) : (!asyncop.handle<(f32), (), i32>) -> !asyncop.handle<(!asyncop.handle<(f32), (), i32>), (), i32>
  %r = asyncop.done %t : (!asyncop.handle<(!asyncop.handle<(f32), (), i32>), (), i32>) -> f32
  return %r : f32
}

// -----

func.func private @foo(f32, f32) -> f32

func.func @update_unused(%a: f32, %b: f32) {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.update' op must have exactly one user, an asyncop.update or asyncop.done, but its handle has 0 uses}}
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (), i32>
  return
}

// -----

func.func private @foo(f32, f32) -> f32

func.func @update_forked(%a: f32, %b: f32) -> (f32, f32) {
  %s = asyncop.start @foo(%a, %b) : (f32, f32) -> !asyncop.handle<(f32, f32), (), i32>
  // expected-error @below {{'asyncop.update' op must have exactly one user, an asyncop.update or asyncop.done, but its handle has 2 uses}}
  %u = asyncop.update %s() : (!asyncop.handle<(f32, f32), (), i32>) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  %q = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r, %q : f32, f32
}

// -----

func.func private @foo(f32) -> f32
func.func private @keep(!asyncop.handle<(f32), (), i32>)

func.func @update_passed_to_call(%a: f32) {
  %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  // expected-error @below {{'asyncop.update' op handle must be the handle operand (#0) of an asyncop.update or asyncop.done, or carried by an scf.for, but is operand #0 of 'func.call'}}
  %u = asyncop.update %s() : (!asyncop.handle<(f32), (), i32>) -> !asyncop.handle<(f32), (), i32>
  // expected-note @below {{used here}}
  func.call @keep(%u) : (!asyncop.handle<(f32), (), i32>) -> ()
  return
}

// -----

// A handle an scf.for carries: its block argument in the body has one use
// at most, like any handle (here two dones and the yield).
func.func @carried_twice(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @below {{'asyncop.start' op must have exactly one user, an asyncop.update or asyncop.done, but its handle has 3 uses}}
  %s = asyncop.start (%x) wraps {
  ^bb0(%p: f32):
    %e = math.exp %p : f32
    asyncop.yield %e : f32
  } : (f32) -> !asyncop.handle<(f32), (), none>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%h = %s) -> (!asyncop.handle<(f32), (), none>) {
    %a = asyncop.done %h : (!asyncop.handle<(f32), (), none>) -> f32
    %b = asyncop.done %h : (!asyncop.handle<(f32), (), none>) -> f32
    scf.yield %h : !asyncop.handle<(f32), (), none>
  }
  return
}
