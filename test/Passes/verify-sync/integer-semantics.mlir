// Branch conditions and slots are evaluated with the semantics of their
// types: an i8 addition wraps at 8 bits, remui reads a negative index as
// unsigned, extui zero-extends. Each racy case has a safe twin.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics

// For %i = 1, %y = 1 + 127 wraps to -128 < 0: the load runs before the wait.
func.func @i8_wraps(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k127 = arith.constant 127 : i8
  %k0 = arith.constant 0 : i8
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = arith.index_cast %i : index to i8
    %y = arith.addi %x, %k127 : i8
    %neg = arith.cmpi slt, %y, %k0 : i8
    %v = scf.if %neg -> (f32) {
      // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
      %l = memref.load %b[%c0] : memref<4xf32, 3>
      scf.yield %l : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %v : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

// In i16, 1 + 127 = 128 does not wrap: the load never runs.
func.func @i16_does_not_wrap(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k127 = arith.constant 127 : i16
  %k0 = arith.constant 0 : i16
  %z = arith.constant 0.0 : f32
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = arith.index_cast %i : index to i16
    %y = arith.addi %x, %k127 : i16
    %neg = arith.cmpi slt, %y, %k0 : i16
    %v = scf.if %neg -> (f32) {
      %l = memref.load %b[%c0] : memref<4xf32, 3>
      scf.yield %l : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %v : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

// For %i = 1, 0 - 1 is 2^64 - 1 unsigned, and (2^64 - 1) mod 4 = 3.
func.func @remui_of_negative(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = arith.subi %c0, %i : index
    %y = arith.remui %x, %c4 : index
    %hit = arith.cmpi eq, %y, %c3 : index
    %v = scf.if %hit -> (f32) {
      // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
      %l = memref.load %b[%c0] : memref<4xf32, 3>
      scf.yield %l : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %v : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

// remsi keeps the sign: (0 - 1) rem 4 = -1, never 3.
func.func @remsi_of_negative(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = arith.subi %c0, %i : index
    %y = arith.remsi %x, %c4 : index
    %hit = arith.cmpi eq, %y, %c3 : index
    %v = scf.if %hit -> (f32) {
      %l = memref.load %b[%c0] : memref<4xf32, 3>
      scf.yield %l : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %v : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}

// -----

// extui of i1 true is 1, extsi is -1: the slot read is the one copied.
func.func @extui_of_true(%a: memref<4xf32>, %b: memref<2x4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %row1 = memref.subview %b[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %row1 queue 0 : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>, 3>
  asyncpipe.commit 0
  %one = arith.extui %true : i1 to i64
  %slot = arith.index_cast %one : i64 to index
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %v = memref.load %b[%slot, %c0] : memref<2x4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %v : f32
}

// -----

// divui by 1 of a negative value is that value (it used to be taken as
// 2^64 more, so slt 0 was false): the load runs for %n < 0.
func.func @divui_by_one(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %q = arith.divui %n, %c1 : index
  %neg = arith.cmpi slt, %q, %c0 : index
  %v = scf.if %neg -> (f32) {
    // expected-error @below {{may still be writing}}
    %l = memref.load %b[%c0] : memref<4xf32, 3>
    scf.yield %l : f32
  } else {
    scf.yield %z : f32
  }
  asyncpipe.wait_queue 0, 0
  return %v : f32
}

