// scf.while: the before region runs first and at every iteration, the loop
// leaves right after it, and the after region runs only after it (the loop
// was analyzed as an op of unknown regions: either region any number of
// times in any order, so a copy of the after region met a read after the
// loop that the before region's wait completed: a false alarm). Groups
// follow the loop's values through the inits, the condition's operands and
// the yields.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics

// The before region waits; the loop leaves right after it: proven.
func.func @wait_in_before(%a: memref<4xf32>, %b: memref<4xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  scf.while : () -> () {
    asyncpipe.wait_queue 0, 0
    scf.condition(%p)
  } do {
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.commit 0
    scf.yield
  }
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  return %l : f32
}

// -----

// The after region reads what the before region's copy writes, with no
// wait between: reported.
func.func @read_in_after(%a: memref<4xf32>, %b: memref<4xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.while (%s = %zero) : (f32) -> f32 {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.commit 0
    scf.condition(%p) %s : f32
  } do {
  ^bb0(%t: f32):
    // expected-error @below {{may still be writing}}
    %l = memref.load %b[%c0] : memref<4xf32, 3>
    %u = arith.addf %t, %l : f32
    asyncpipe.wait_queue 0, 0
    scf.yield %u : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

// Token form: the group of the after region's copy is carried to the
// before region, which waits on it; the loop's result is that group,
// already complete: the read after the loop is proven.
func.func @carried_group(%a: memref<4xf32>, %b: memref<4xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  %r = scf.while (%g = %g0) : (!asyncpipe.group) -> !asyncpipe.group {
    asyncpipe.wait %g
    scf.condition(%p) %g : !asyncpipe.group
  } do {
  ^bb0(%h: !asyncpipe.group):
    %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %n = asyncpipe.commit_group queue 0 (%t)
    scf.yield %n : !asyncpipe.group
  }
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  return %l : f32
}

// -----

// The same loop waiting on the init group only (not the carried one): the
// second iteration's copy is still in flight when the loop leaves.
func.func @stale_group(%a: memref<4xf32>, %b: memref<4xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  %r = scf.while (%g = %g0) : (!asyncpipe.group) -> !asyncpipe.group {
    asyncpipe.wait %g0
    scf.condition(%p) %g : !asyncpipe.group
  } do {
  ^bb0(%h: !asyncpipe.group):
    // expected-note @below {{the asynchronous write}}
    %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %n = asyncpipe.commit_group queue 0 (%t)
    scf.yield %n : !asyncpipe.group
  }
  // expected-error @below {{may still be writing}}
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  asyncpipe.wait %r
  return %l : f32
}
