// Control flow: the blocks of a region are walked in control-flow order
// (each from the join of its predecessors), the regions of ops the analysis
// does not model run in any order, any number of times or not at all, and
// scf.while runs its before region first and at every iteration
// (while.mlir), so a wait on one path does not complete a copy issued on
// another (each was accepted: a review found them).
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics

// scf.while: the before region (a copy) may run without the after region (its
// wait): with %p false the load races.
func.func @while_before_only(%a: memref<4xf32>, %b: memref<4xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  scf.while : () -> () {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.commit 0
    scf.condition(%p)
  } do {
    asyncpipe.wait_queue 0, 0
    scf.yield
  }
  // expected-error @below {{may still be writing}}
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}

// -----

// A CFG inside scf.execute_region: the wait is on one path only.
func.func @cond_br_in_execute_region(%a: memref<4xf32>, %b: memref<4xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  scf.execute_region {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.commit 0
    cf.cond_br %p, ^bb2, ^bb1
  ^bb1:
    asyncpipe.wait_queue 0, 0
    cf.br ^bb2
  ^bb2:
    scf.yield
  }
  // expected-error @below {{may still be writing}}
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}

// -----

// A CFG function body: the wait is on one path only (an exact race: the
// blocks are walked in control-flow order).
func.func @cond_br_in_function(%a: memref<4xf32>, %b: memref<4xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  cf.cond_br %p, ^bb2, ^bb1
^bb1:
  asyncpipe.wait_queue 0, 0
  cf.br ^bb2
^bb2:
  // expected-error @below {{may still be writing}}
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}

// -----

// affine.if (not modeled): its regions are alternatives, not a sequence.
#set = affine_set<(d0) : (d0 - 1 >= 0)>
func.func @affine_if_alternatives(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  affine.if #set(%n) {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.commit 0
  } else {
    asyncpipe.wait_queue 0, 0
  }
  // expected-error @below {{may still be writing}}
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}


// -----

// Both paths wait: accepted.
func.func @cond_br_both_wait(%a: memref<4xf32>, %b: memref<4xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  cf.cond_br %p, ^bb2, ^bb1
^bb1:
  asyncpipe.wait_queue 0, 0
  cf.br ^bb3
^bb2:
  asyncpipe.wait_queue 0, 0
  cf.br ^bb3
^bb3:
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  return %l : f32
}
