// A loop whose state repeats is skipped ahead only if the values the
// analysis evaluates repeat too (periodicity). Values that the analysis
// binds through regions were taken as never evaluated, hence the same in
// every iteration: the result of an scf.if or scf.execute_region, the
// carried value of an inner loop, a block argument in a CFG region. When
// they come from the induction variable, the loop was skipped ahead after
// two iterations and the race at i = 5 (a copy into element 5 still in
// flight, read by the loop at element i) was never seen: each case below was
// accepted (a review found it). Now such a value is invariant only when
// every value it can take is.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics

func.func @if_result(%a: memref<16xf32>, %b: memref<16xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  %d = memref.subview %b[5] [1] [1] : memref<16xf32, 3> to memref<1xf32, strided<[1], offset: 5>, 3>
  %s = memref.subview %a[5] [1] [1] : memref<16xf32> to memref<1xf32, strided<[1], offset: 5>>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %s, %d queue 0 : memref<1xf32, strided<[1], offset: 5>> to memref<1xf32, strided<[1], offset: 5>, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> (f32) {
    %j = scf.if %p -> index {
      scf.yield %i : index
    } else {
      scf.yield %i : index
    }
    // expected-error @below {{may still be writing}}
    %l = memref.load %b[%j] : memref<16xf32, 3>
    %n = arith.addf %acc, %l : f32
    scf.yield %n : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

func.func @execute_region_result(%a: memref<16xf32>, %b: memref<16xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  %d = memref.subview %b[5] [1] [1] : memref<16xf32, 3> to memref<1xf32, strided<[1], offset: 5>, 3>
  %s = memref.subview %a[5] [1] [1] : memref<16xf32> to memref<1xf32, strided<[1], offset: 5>>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %s, %d queue 0 : memref<1xf32, strided<[1], offset: 5>> to memref<1xf32, strided<[1], offset: 5>, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> (f32) {
    %j = scf.execute_region -> index {
      scf.yield %i : index
    }
    // expected-error @below {{may still be writing}}
    %l = memref.load %b[%j] : memref<16xf32, 3>
    %n = arith.addf %acc, %l : f32
    scf.yield %n : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

func.func @inner_loop_carried(%a: memref<16xf32>, %b: memref<16xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  %d = memref.subview %b[5] [1] [1] : memref<16xf32, 3> to memref<1xf32, strided<[1], offset: 5>, 3>
  %s = memref.subview %a[5] [1] [1] : memref<16xf32> to memref<1xf32, strided<[1], offset: 5>>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %s, %d queue 0 : memref<1xf32, strided<[1], offset: 5>> to memref<1xf32, strided<[1], offset: 5>, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> (f32) {
    %x:2 = scf.for %k = %c0 to %c1 step %c1 iter_args(%j = %i, %a2 = %acc) -> (index, f32) {
      // expected-error @below {{may still be writing}}
      %l = memref.load %b[%j] : memref<16xf32, 3>
      %n = arith.addf %a2, %l : f32
      scf.yield %j, %n : index, f32
    }
    scf.yield %x#1 : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

func.func @cfg_block_argument(%a: memref<16xf32>, %b: memref<16xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  %d = memref.subview %b[5] [1] [1] : memref<16xf32, 3> to memref<1xf32, strided<[1], offset: 5>, 3>
  %s = memref.subview %a[5] [1] [1] : memref<16xf32> to memref<1xf32, strided<[1], offset: 5>>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %s, %d queue 0 : memref<1xf32, strided<[1], offset: 5>> to memref<1xf32, strided<[1], offset: 5>, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = scf.execute_region -> f32 {
      cf.br ^bb1(%i : index)
    ^bb1(%j: index):
      // expected-error @below {{may still be writing}}
      %l = memref.load %b[%j] : memref<16xf32, 3>
      scf.yield %l : f32
    }
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

// A result that is the same in every iteration still lets the loop skip
// ahead: proven, over 2^40 iterations (the slot is 3 on both sides; the
// copy writes element 5).
func.func @invariant_result(%a: memref<16xf32>, %b: memref<16xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %big = arith.constant 1099511627776 : index
  %zero = arith.constant 0.0 : f32
  %d = memref.subview %b[5] [1] [1] : memref<16xf32, 3> to memref<1xf32, strided<[1], offset: 5>, 3>
  %s = memref.subview %a[5] [1] [1] : memref<16xf32> to memref<1xf32, strided<[1], offset: 5>>
  asyncpipe.copy %s, %d queue 0 : memref<1xf32, strided<[1], offset: 5>> to memref<1xf32, strided<[1], offset: 5>, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %big step %c1 iter_args(%acc = %zero) -> (f32) {
    %j = scf.if %p -> index {
      scf.yield %c3 : index
    } else {
      scf.yield %c3 : index
    }
    %l = memref.load %b[%j] : memref<16xf32, 3>
    %n = arith.addf %acc, %l : f32
    scf.yield %n : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}
