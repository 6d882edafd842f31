// Loops nested in loops: each inner loop's result is reused when it is
// entered again in the same state and sees the same outer values (an
// induction variable it reads, a view it accesses), so deep nests cost
// polynomial time, and a race that only one outer iteration has is still
// found. The 24-level nest of token-to-count's deep-nest test verifies.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// RUN: timeout 60 asyncpipe-opt %S/../token-to-count/deep-nest.mlir --asyncpipe-verify-sync > /dev/null
// RUN: asyncpipe-opt %S/../../Dialect/AsyncPipe/pipeline-multibuffer-gemm.mlir --asyncpipe-verify-sync > /dev/null

// The inner loop reads row %i; only row 1 is being copied.
func.func @outer_index(%g: memref<4xf32>, %s: memref<2x4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c2 step %c1 {
    asyncpipe.commit_queue 0 {
      %row1 = memref.subview %s[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
      // expected-note @below {{the asynchronous write}}
      asyncpipe.copy %g, %row1 : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>, 3>
    }
    scf.for %j = %c0 to %c4 step %c1 {
      // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
      %v = memref.load %s[%i, %j] : memref<2x4xf32, 3>
    }
    asyncpipe.wait_queue 0, 0
  }
  return
}

// -----

// The same through a view of row %i made outside the inner loop.
func.func @outer_view(%g: memref<4xf32>, %s: memref<2x4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c2 step %c1 {
    asyncpipe.commit_queue 0 {
      %row1 = memref.subview %s[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
      // expected-note @below {{the asynchronous write}}
      asyncpipe.copy %g, %row1 : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>, 3>
    }
    %row = memref.subview %s[%i, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
    scf.for %j = %c0 to %c4 step %c1 {
      // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
      %v = memref.load %row[%j] : memref<4xf32, strided<[1], offset: ?>, 3>
    }
    asyncpipe.wait_queue 0, 0
  }
  return
}

// -----

// Both rows read only after the wait: no race in any iteration.
func.func @synchronized(%g: memref<4xf32>, %s: memref<2x4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c2 step %c1 {
    asyncpipe.commit_queue 0 {
      %row1 = memref.subview %s[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
      asyncpipe.copy %g, %row1 : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>, 3>
    }
    asyncpipe.wait_queue 0, 0
    %row = memref.subview %s[%i, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %row[%j] : memref<4xf32, strided<[1], offset: ?>, 3>
    }
  }
  return
}

// -----

// Each iteration copies into row 1 and reads row i % 2 before waiting: the
// state at the top of every iteration is the same, but only odd iterations
// race; the reads repeat every 2 iterations, so a cycle is 2 iterations
// long, not 1.
func.func @period_two(%g: memref<4xf32>, %s: memref<2x4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c1000 = arith.constant 1000 : index
  scf.for %i = %c0 to %c1000 step %c1 {
    asyncpipe.commit_queue 0 {
      %row1 = memref.subview %s[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
      // expected-note @below {{the asynchronous write}}
      asyncpipe.copy %g, %row1 : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>, 3>
    }
    %r = arith.remsi %i, %c2 : index
    // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
    %v = memref.load %s[%r, %c0] : memref<2x4xf32, 3>
    asyncpipe.wait_queue 0, 0
  }
  return
}

// -----

// Row i itself has no period: a loop too long to simulate to its end is
// analyzed with unknown slices, and the read may race.
func.func @no_period(%g: memref<4xf32>, %s: memref<1000x4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  scf.for %i = %c0 to %c1000 step %c1 {
    asyncpipe.commit_queue 0 {
      %row = memref.subview %s[999, 0] [1, 4] [1, 1] : memref<1000x4xf32, 3> to memref<4xf32, strided<[1], offset: 3996>, 3>
      // expected-note @below {{the asynchronous write}}
      asyncpipe.copy %g, %row : memref<4xf32> to memref<4xf32, strided<[1], offset: 3996>, 3>
    }
    // expected-error @below {{could not be proven safe}}
    %v = memref.load %s[%i, %c0] : memref<1000x4xf32, 3>
    asyncpipe.wait_queue 0, 0
  }
  return
}

// -----

// An epilogue whose in-flight count is computed from its induction
// variable (1 - i: 1, then 0) is known while the loop is simulated.
func.func @computed_count(%g: memref<4xf32>, %s: memref<2x4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %p = %c0 to %c2 step %c1 {
    asyncpipe.commit_queue 0 {
      %row = memref.subview %s[%p, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
      asyncpipe.copy %g, %row : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>, 3>
    }
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %k = arith.subi %c1, %i : index
    asyncpipe.wait_queue 0, %k
    %v = memref.load %s[%i, %c0] : memref<2x4xf32, 3>
  }
  return
}

// -----

// The same with 2 - i: the first iteration reads row 0 while both groups
// may still be in flight.
func.func @computed_count_too_high(%g: memref<4xf32>, %s: memref<2x4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %p = %c0 to %c2 step %c1 {
    asyncpipe.commit_queue 0 {
      %row = memref.subview %s[%p, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
      // expected-note @below {{the asynchronous write}}
      asyncpipe.copy %g, %row : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>, 3>
    }
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %k = arith.subi %c2, %i : index
    asyncpipe.wait_queue 0, %k
    // expected-error @below {{only 1 group(s) were committed after it}}
    %v = memref.load %s[%i, %c0] : memref<2x4xf32, 3>
  }
  return
}

// -----

// (i * 2^62) rem 3 wraps at 64 bits, as index arithmetic does: 0, 1, -2,
// -1, so the race at i = 3 is in the first period, not after it.
func.func @wrapping(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %cm1 = arith.constant -1 : index
  %big = arith.constant 4611686018427387904 : index
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = arith.muli %i, %big : index
    %m = arith.remsi %x, %c3 : index
    %hit = arith.cmpi eq, %m, %cm1 : index
    %v = scf.if %hit -> (f32) {
      // expected-error @below {{before the group holding it is committed}}
      %l = memref.load %b[%c0] : memref<4xf32, 3>
      scf.yield %l : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %v : f32
  }
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

// Coefficients past 64 bits: no overflow in the analysis.
func.func @huge_coefficients(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %big = arith.constant 4611686018427387904 : index
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  scf.for %i = %c0 to %c4 step %c1 {
    %x = arith.muli %i, %big : index
    %y = arith.muli %x, %big : index
    %z = arith.muli %y, %big : index
    %v = memref.load %b[%z] : memref<4xf32, 3>
  }
  return
}
