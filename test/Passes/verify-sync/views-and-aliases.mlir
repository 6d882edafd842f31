// Memrefs that are not plain subviews of one buffer: a view that changes
// coordinates (a reshape) is an access anywhere in its root; a memref carried
// by a loop may be any buffer that flows into it; a token names the latest
// run of its copy, not an earlier one. Each racy case has a safe twin.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics

// Element (2, 0) of the 4x4 view is b[8], which the copy writes.
func.func @reshape(%a: memref<8xf32>, %b: memref<16xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %hi = memref.subview %b[8] [8] [1] : memref<16xf32, 3> to memref<8xf32, strided<[1], offset: 8>, 3>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %hi queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: 8>, 3>
  asyncpipe.commit 0
  %e = memref.expand_shape %b [[0, 1]] output_shape [4, 4] : memref<16xf32, 3> into memref<4x4xf32, 3>
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %v = memref.load %e[%c2, %c0] : memref<4x4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %v : f32
}

// -----

// A cast keeps the root's coordinates: b[0] is not in the copied half.
func.func @cast_keeps_coordinates(%a: memref<8xf32>, %b: memref<16xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %hi = memref.subview %b[8] [8] [1] : memref<16xf32, 3> to memref<8xf32, strided<[1], offset: 8>, 3>
  asyncpipe.copy %a, %hi queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: 8>, 3>
  asyncpipe.commit 0
  %d = memref.cast %b : memref<16xf32, 3> to memref<?xf32, 3>
  %v = memref.load %d[%c0] : memref<?xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %v : f32
}

// -----

func.func @reshape_after_wait(%a: memref<8xf32>, %b: memref<16xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %hi = memref.subview %b[8] [8] [1] : memref<16xf32, 3> to memref<8xf32, strided<[1], offset: 8>, 3>
  asyncpipe.copy %a, %hi queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: 8>, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  %e = memref.expand_shape %b [[0, 1]] output_shape [4, 4] : memref<16xf32, 3> into memref<4x4xf32, 3>
  %v = memref.load %e[%c2, %c0] : memref<4x4xf32, 3>
  return %v : f32
}

// -----

// %m is %b in every iteration.
func.func @carried_memref(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r:2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%m = %b, %acc = %z) -> (memref<4xf32, 3>, f32) {
    // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
    %v = memref.load %m[%c0] : memref<4xf32, 3>
    scf.yield %m, %v : memref<4xf32, 3>, f32
  }
  asyncpipe.wait_queue 0, 0
  return %r#1 : f32
}

// -----

// Ping-pong buffers: %x is %b0 or %b1 (the analysis does not tell which), and
// the result %r#0 too.
func.func @ping_pong(%a: memref<4xf32>, %b0: memref<4xf32, 3>, %b1: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %b0, %y = %b1) -> (memref<4xf32, 3>, memref<4xf32, 3>) {
    scf.yield %y, %x : memref<4xf32, 3>, memref<4xf32, 3>
  }
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %r#0 queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  %v = memref.load %b1[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %v : f32
}

// -----

func.func @carried_memref_after_wait(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  %r:2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%m = %b, %acc = %z) -> (memref<4xf32, 3>, f32) {
    %v = memref.load %m[%c0] : memref<4xf32, 3>
    scf.yield %m, %v : memref<4xf32, 3>, f32
  }
  return %r#1 : f32
}

// -----

// The group commits the token of iteration 1 only: the copy of iteration 0
// (into row 0) is never committed, so no wait completes it.
func.func @earlier_run(%a: memref<4xf32>, %b: memref<2x4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %half = memref.subview %b[%i, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
    // expected-note @below {{the asynchronous write}}
    %t = asyncpipe.copy %a, %half : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>, 3> -> !asyncpipe.token
    %last = arith.cmpi eq, %i, %c1 : index
    scf.if %last {
      %g = asyncpipe.commit_group queue 0 (%t)
      asyncpipe.wait %g
    }
  }
  // expected-error @below {{before the group holding it is committed}}
  %v = memref.load %b[%c0, %c0] : memref<2x4xf32, 3>
  return %v : f32
}

// -----

// Each run commits and waits for its own token.
func.func @every_run(%a: memref<4xf32>, %b: memref<2x4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %half = memref.subview %b[%i, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
    %t = asyncpipe.copy %a, %half : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>, 3> -> !asyncpipe.token
    %g = asyncpipe.commit_group queue 0 (%t)
    asyncpipe.wait %g
  }
  %v = memref.load %b[%c0, %c0] : memref<2x4xf32, 3>
  return %v : f32
}

// -----

// A negative stride walks down from the offset: elements 3 and 2.
func.func @negative_stride(%a: memref<2xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c2 = arith.constant 2 : index
  %v = memref.subview %b[3] [2] [-1] : memref<4xf32, 3> to memref<2xf32, strided<[-1], offset: 3>, 3>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %v queue 0 : memref<2xf32> to memref<2xf32, strided<[-1], offset: 3>, 3>
  asyncpipe.commit 0
  // expected-error @below {{may still be writing}}
  %l = memref.load %b[%c2] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}

// -----

// A memref that arith.select picks is either operand.
func.func @select_either(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 3>, %p: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %m = arith.select %p, %b, %c : memref<4xf32, 3>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{may still be writing}}
  %l = memref.load %m[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}

// -----

// Two memref.get_global of one global: a memref from nowhere may be any
// buffer.
memref.global "private" @buf : memref<4xf32, 3>
func.func @get_global_twice(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %g1 = memref.get_global @buf : memref<4xf32, 3>
  %g2 = memref.get_global @buf : memref<4xf32, 3>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %g1 queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{may still be writing}}
  %l = memref.load %g2[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}

// -----

// Through an unrealized cast.
func.func @unrealized_cast(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %m = builtin.unrealized_conversion_cast %b : memref<4xf32, 3> to memref<4xf32, 3>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{may still be writing}}
  %l = memref.load %m[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}

// -----

// An scf.index_switch result is any of its yields.
func.func @index_switch_result(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 3>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %m = scf.index_switch %n -> memref<4xf32, 3>
  case 0 {
    scf.yield %b : memref<4xf32, 3>
  }
  default {
    scf.yield %c : memref<4xf32, 3>
  }
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{may still be writing}}
  %l = memref.load %m[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return %l : f32
}

