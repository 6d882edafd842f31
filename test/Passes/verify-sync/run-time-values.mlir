// Integer arguments are symbols: verify-sync splits their range into cases
// where a decision depends on them (a branch, a slot, where a loop of
// run-time trip count leaves its cycle) and proves each case, or reports the
// race with the case it happens in and one value of it.
// (timeout: @many_cases must stay bounded past the case budget)
// RUN: timeout 60 asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics

// Double buffering with a run-time trip count: after the loop and a wait down
// to one group, the last group (slot max(n, 0) mod 2) may be in flight and the
// other slot is complete, for every %n.
func.func @epilogue_slot(%g: memref<4xf32>, %s: memref<2x4xf32, 3>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  asyncpipe.commit_queue 0 {
    %row0 = memref.subview %s[0, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1]>, 3>
    asyncpipe.copy %g, %row0 : memref<4xf32> to memref<4xf32, strided<[1]>, 3>
  }
  scf.for %i = %c0 to %n step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remsi %i1, %c2 : index
    asyncpipe.commit_queue 0 {
      %row = memref.subview %s[%slot, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
      asyncpipe.copy %g, %row : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>, 3>
    }
    asyncpipe.wait_queue 0, 1
    %cur = arith.remsi %i, %c2 : index
    %v = memref.load %s[%cur, %c0] : memref<2x4xf32, 3>
  }
  asyncpipe.wait_queue 0, 1
  %t = arith.maxsi %n, %c0 : index
  %t1 = arith.addi %t, %c1 : index
  %other = arith.remsi %t1, %c2 : index
  %w = memref.load %s[%other, %c0] : memref<2x4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %w : f32
}

// -----

// The same with the slot computed from %n itself: for a negative odd %n the
// loop does not run and (n + 1) rem 2 = 0 is the prologue's slot, in flight.
func.func @negative_trip_count(%g: memref<4xf32>, %s: memref<2x4xf32, 3>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  asyncpipe.commit_queue 0 {
    %row0 = memref.subview %s[0, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1]>, 3>
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %g, %row0 : memref<4xf32> to memref<4xf32, strided<[1]>, 3>
  }
  scf.for %i = %c0 to %n step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remsi %i1, %c2 : index
    asyncpipe.commit_queue 0 {
      %row = memref.subview %s[%slot, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
      asyncpipe.copy %g, %row : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>, 3>
    }
    asyncpipe.wait_queue 0, 1
    %cur = arith.remsi %i, %c2 : index
    %v = memref.load %s[%cur, %c0] : memref<2x4xf32, 3>
  }
  asyncpipe.wait_queue 0, 1
  %n1 = arith.addi %n, %c1 : index
  %other = arith.remsi %n1, %c2 : index
  // expected-error @below {{only 0 group(s) were committed after it and no wait on queue 0 allowed at most that many (for argument 2 in [-9223372036854775807, -3] with argument 2 mod 2 = 1; for example argument 2 = -3)}}
  %w = memref.load %s[%other, %c0] : memref<2x4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %w : f32
}

// -----

// A race only when %n mod 4 = 3 (and %n is not negative: remsi keeps the sign).
func.func @one_residue(%g: memref<4xf32>, %s: memref<4xf32, 3>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %k3 = arith.constant 3 : i32
  %k4 = arith.constant 4 : i32
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %g, %s queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r = arith.remsi %n, %k4 : i32
  %hit = arith.cmpi eq, %r, %k3 : i32
  %v = scf.if %hit -> (f32) {
    // expected-error @below {{(for argument 2 in [3, 2147483647] with argument 2 mod 4 = 3; for example argument 2 = 3)}}
    %l = memref.load %s[%c0] : memref<4xf32, 3>
    scf.yield %l : f32
  } else {
    scf.yield %z : f32
  }
  asyncpipe.wait_queue 0, 0
  return %v : f32
}

// -----

// The load needs %n rem 4 = 3 and %n negative, and remsi of a negative value
// is never 3: it never runs, for any %n.
func.func @guarded_residue(%g: memref<4xf32>, %s: memref<4xf32, 3>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %k3 = arith.constant 3 : i32
  %k4 = arith.constant 4 : i32
  %k0 = arith.constant 0 : i32
  %z = arith.constant 0.0 : f32
  asyncpipe.copy %g, %s queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r = arith.remsi %n, %k4 : i32
  %three = arith.cmpi eq, %r, %k3 : i32
  %neg = arith.cmpi slt, %n, %k0 : i32
  %hit = arith.andi %three, %neg : i1
  %v = scf.if %hit -> (f32) {
    %l = memref.load %s[%c0] : memref<4xf32, 3>
    scf.yield %l : f32
  } else {
    scf.yield %z : f32
  }
  asyncpipe.wait_queue 0, 0
  return %v : f32
}

// -----

// A bound of two arguments: the analysis does not split on a sum, so after
// the loop it keeps the copies of every trip count at once, and the epilogue
// slot is not related to them: reported as not proven.
func.func @two_argument_bound(%g: memref<4xf32>, %s: memref<2x4xf32, 3>, %n: index, %m: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %nm = arith.addi %n, %m : index
  asyncpipe.commit_queue 0 {
    %row0 = memref.subview %s[0, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1]>, 3>
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %g, %row0 : memref<4xf32> to memref<4xf32, strided<[1]>, 3>
  }
  scf.for %i = %c0 to %nm step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remsi %i1, %c2 : index
    asyncpipe.commit_queue 0 {
      %row = memref.subview %s[%slot, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
      asyncpipe.copy %g, %row : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>, 3>
    }
    asyncpipe.wait_queue 0, 1
    %cur = arith.remsi %i, %c2 : index
    %v = memref.load %s[%cur, %c0] : memref<2x4xf32, 3>
  }
  asyncpipe.wait_queue 0, 1
  %t = arith.maxsi %nm, %c0 : index
  %t1 = arith.addi %t, %c1 : index
  %other = arith.remsi %t1, %c2 : index
  // expected-error @below {{(left by a loop with a run-time trip count, for some trip count; the access could not be proven safe)}}
  %w = memref.load %s[%other, %c0] : memref<2x4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %w : f32
}

// -----

// Ten branches on i1 arguments make 1024 cases, past the budget of 256
// analyses: the function is then analyzed once more, each branch joining
// both outcomes (bounded time; safe, so accepted).
func.func @many_cases(%g: memref<4xf32>, %s: memref<4xf32, 3>, %o: memref<4xf32>, %c0: i1, %c1: i1, %c2: i1, %c3: i1, %c4: i1, %c5: i1, %c6: i1, %c7: i1, %c8: i1, %c9: i1) {
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %k2 = arith.constant 2 : index
  %k3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  asyncpipe.copy %g, %s queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  scf.if %c0 {
    memref.store %z, %o[%k0] : memref<4xf32>
  }
  scf.if %c1 {
    memref.store %z, %o[%k1] : memref<4xf32>
  }
  scf.if %c2 {
    memref.store %z, %o[%k2] : memref<4xf32>
  }
  scf.if %c3 {
    memref.store %z, %o[%k3] : memref<4xf32>
  }
  scf.if %c4 {
    memref.store %z, %o[%k0] : memref<4xf32>
  }
  scf.if %c5 {
    memref.store %z, %o[%k1] : memref<4xf32>
  }
  scf.if %c6 {
    memref.store %z, %o[%k2] : memref<4xf32>
  }
  scf.if %c7 {
    memref.store %z, %o[%k3] : memref<4xf32>
  }
  scf.if %c8 {
    memref.store %z, %o[%k0] : memref<4xf32>
  }
  scf.if %c9 {
    memref.store %z, %o[%k1] : memref<4xf32>
  }
  asyncpipe.wait_queue 0, 0
  %v = memref.load %s[%k0] : memref<4xf32, 3>
  return
}

// -----

// Coefficients past 64 bits: n * 2^62 wraps in index arithmetic more times
// than the case is split for, so the branch is unknown and both are joined
// (the load may run before the wait); no arithmetic overflows.
func.func @huge_coefficients(%g: memref<4xf32>, %s: memref<4xf32, 3>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %big = arith.constant 4611686018427387904 : index
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %g, %s queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %x = arith.muli %n, %big : index
  %y = arith.muli %x, %big : index
  %r = arith.remsi %y, %c3 : index
  %hit = arith.cmpi eq, %r, %c0 : index
  %v = scf.if %hit -> (f32) {
    // expected-error @below {{only 0 group(s) were committed after it}}
    %l = memref.load %s[%c0] : memref<4xf32, 3>
    scf.yield %l : f32
  } else {
    scf.yield %z : f32
  }
  asyncpipe.wait_queue 0, 0
  return %v : f32
}

// -----

// A truncation to i1 of n + i: another symbol in each iteration (it was
// one symbol for both, so the copy and the load never met): with %n = 0,
// iteration 0 copies and iteration 1 loads.
func.func @truncation_per_iteration(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %x = arith.addi %n, %i : index
    %t = arith.index_cast %x : index to i1
    scf.if %t {
      // expected-error @below {{may still be writing}}
      %l = memref.load %b[%c0] : memref<4xf32, 3>
    } else {
      // expected-note @below {{the asynchronous write}}
      asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
      asyncpipe.commit 0
    }
  }
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// A run-time lower bound and trip count: later iterations run for some
// values (the analysis stopped after the first).
func.func @run_time_lower_bound(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %n to %m step %c1 {
    // expected-error @below {{may still be writing}}
    %l = memref.load %b[%c0] : memref<4xf32, 3>
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.commit 0
  }
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// A trip count of two arguments whose sign is known: whether an
// iteration runs is not decided, so the count is treated as unknown (it was
// taken to reach the cycle, and T = 1 was missed).
func.func @two_argument_trip_count(%a: memref<4xf32>, %b: memref<4xf32, 3>, %p: i8, %q: i8) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %lb = arith.index_cast %p : i8 to index
  %q1 = arith.index_cast %q : i8 to index
  %ub = arith.addi %q1, %c256 : index
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  scf.for %i = %lb to %ub step %c1 {
    asyncpipe.commit 0
  }
  asyncpipe.wait_queue 0, 2
  // expected-error @below {{could not be proven safe}}
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}


// -----

// A run-time step: the loop is analyzed as running any number of times, and
// what it leaves pending is reported as not proven.
func.func @run_time_step(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %n {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.commit 0
  }
  // expected-error @below {{(left by a loop the analysis could not simulate, or a branch it could not decide; the access could not be proven safe)}}
  %l = memref.load %b[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}
