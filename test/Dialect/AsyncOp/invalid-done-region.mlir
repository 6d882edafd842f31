// A chain completes once, where it can be followed: a done inside a loop
// that the chain does not begin in (it would complete the chain once per
// iteration), or inside a region that runs elsewhere.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @in_loop(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = asyncop.start (%x) wraps {
  ^bb0(%p: f32):
    %e = math.exp %p : f32
    asyncop.yield %e : f32
  } : (f32) -> !asyncop.handle<(f32), (), none>
  // expected-note @below {{here}}
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @below {{'asyncop.done' op would complete its chain once per iteration of this 'scf.for', which the chain does not begin in; a chain completes once (carry the handle through the loop instead)}}
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
  }
  return
}

// -----

func.func @in_task(%x: f32) {
  %s = asyncop.start (%x) wraps {
  ^bb0(%p: f32):
    %e = math.exp %p : f32
    asyncop.yield %e : f32
  } : (f32) -> !asyncop.handle<(f32), (), none>
  // expected-note @below {{here}}
  %t = async.execute {
    // expected-error @below {{'asyncop.done' op would complete its chain inside this 'async.execute', which the chain does not begin in; it runs elsewhere (a kernel or a task)}}
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    async.yield
  }
  return
}
