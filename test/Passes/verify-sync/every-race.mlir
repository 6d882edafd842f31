// verify-sync reports every race of a function, each at its access with
// the asynchronous access it races with (it used to stop at the first, so
// a race behind another stayed hidden until the first was fixed); an
// access in a loop is reported once, not once an iteration.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

func.func @two_races(%a: memref<4xf32>, %b: memref<4xf32>, %sa: memref<4xf32, 3>, %sb: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %sa queue 0 : memref<4xf32> to memref<4xf32, 3>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %b, %sb queue 1 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  asyncpipe.commit 1
  // expected-error @below {{may still be writing}}
  %x = memref.load %sa[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 0
  // expected-error @below {{may still be writing}}
  %y = memref.load %sb[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 1, 0
  %z = memref.load %sb[%c0] : memref<4xf32, 3>
  %s = arith.addf %x, %y : f32
  %t = arith.addf %s, %z : f32
  return %t : f32
}

// -----

// In a loop: the read races in every iteration but is reported once; the
// write after the loop is a second race (the last copy is in flight).
func.func @loop_then_after(%a: memref<4xf32>, %s: memref<2x4xf32, 3>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %slot = arith.remui %i, %c2 : index
    %dst = memref.subview %s[%slot, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %a, %dst queue 0 : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>, 3>
    asyncpipe.commit 0
    // expected-error @below {{may still be writing}}
    %x = memref.load %s[%slot, %c0] : memref<2x4xf32, 3>
    asyncpipe.wait_queue 0, 1
  }
  // expected-error @below {{may still be writing}}
  memref.store %v, %s[%c1, %c0] : memref<2x4xf32, 3>
  asyncpipe.wait_queue 0, 0
  return
}
