// asyncpipe-synchronize: async work written without commits and waits gets
// its group committed right after it and waited for just before the first
// op of its block that conflicts with it, counting the groups committed in
// between; verify-sync proves every result.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-synchronize | FileCheck %s
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-synchronize --asyncpipe-verify-sync -o /dev/null
// Without the pass, every function that reads or writes the copies' memory
// races (all but @to_the_end):
// RUN: not asyncpipe-opt %s -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=RACES
// RACES: error: accesses memory that an asynchronous operation may still be writing, before the group holding it is committed
// RACES: error: writes memory that an asynchronous operation may still be reading, before the group holding it is committed
// RACES-COUNT-3: error: accesses memory that an asynchronous operation may still be writing, before the group holding it is committed

// Two copies, then reads of each: the first read waits until at most one
// group (the second copy's) is in flight; an unrelated load does not wait.
// CHECK-LABEL: func.func @two_copies
// CHECK:         asyncpipe.copy %{{.*}}, %[[S:.*]] queue 0
// CHECK-NEXT:    asyncpipe.commit 0
// CHECK-NEXT:    asyncpipe.copy %{{.*}}, %[[T:.*]] queue 0
// CHECK-NEXT:    asyncpipe.commit 0
// CHECK-NEXT:    memref.load %arg4
// CHECK-NEXT:    asyncpipe.wait_queue 0, 1
// CHECK-NEXT:    memref.load %[[S]]
// CHECK-NEXT:    asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    memref.load %[[T]]
func.func @two_copies(%a: memref<8xf32>, %b: memref<8xf32>, %s: memref<8xf32, 3>, %t: memref<8xf32, 3>, %o: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.copy %b, %t queue 0 : memref<8xf32> to memref<8xf32, 3>
  %x = memref.load %o[%c0] : memref<8xf32>
  %v = memref.load %s[%c0] : memref<8xf32, 3>
  %w = memref.load %t[%c0] : memref<8xf32, 3>
  %r = arith.addf %v, %w : f32
  %q = arith.addf %r, %x : f32
  return %q : f32
}

// -----

// Write-after-read: a store over the copy's source waits too.
// CHECK-LABEL: func.func @source_overwritten
// CHECK:         asyncpipe.copy
// CHECK-NEXT:    asyncpipe.commit 1
// CHECK-NEXT:    asyncpipe.wait_queue 1, 0
// CHECK-NEXT:    memref.store
func.func @source_overwritten(%a: memref<8xf32>, %s: memref<8xf32, 3>, %v: f32) {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %s queue 1 : memref<8xf32> to memref<8xf32, 3>
  memref.store %v, %a[%c0] : memref<8xf32>
  return
}

// -----

// In a loop body the wait stays in the iteration (before the read, here at
// the end of a nested loop that reads): nothing is left in flight past it.
// CHECK-LABEL: func.func @in_loop
// CHECK:         scf.for
// CHECK:           asyncpipe.copy
// CHECK-NEXT:      asyncpipe.commit 0
// CHECK-NEXT:      asyncpipe.wait_queue 0, 0
// CHECK-NEXT:      scf.for
func.func @in_loop(%a: memref<4x8xf32>, %s: memref<8xf32, 3>, %o: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %row = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    asyncpipe.copy %row, %s queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %s[%j] : memref<8xf32, 3>
      memref.store %v, %o[%j] : memref<8xf32>
    }
  }
  return
}

// -----

// Nothing conflicts before the end of the function: the wait goes before
// the return (no group is left in flight). A call, whose effects are not
// known, is waited for.
// CHECK-LABEL: func.func @to_the_end
// CHECK:         asyncpipe.commit 2
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    asyncpipe.wait_queue 2, 0
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @before_a_call
// CHECK:         asyncpipe.commit 2
// CHECK-NEXT:    asyncpipe.wait_queue 2, 0
// CHECK-NEXT:    call @opaque
func.func @to_the_end(%a: memref<8xf32>, %s: memref<8xf32, 3>, %x: f32) -> f32 {
  asyncpipe.copy %a, %s queue 2 : memref<8xf32> to memref<8xf32, 3>
  %y = arith.addf %x, %x : f32
  return %y : f32
}
func.func private @opaque()
func.func @before_a_call(%a: memref<8xf32>, %s: memref<8xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %s queue 2 : memref<8xf32> to memref<8xf32, 3>
  call @opaque() : () -> ()
  %v = memref.load %s[%c0] : memref<8xf32, 3>
  return %v : f32
}

// -----

// A queue the function already commits or waits on is synchronized by
// hand: the pass leaves it (queue 3) and synchronizes the other (queue 0).
// CHECK-LABEL: func.func @by_hand
// CHECK:         asyncpipe.copy %{{.*}} queue 3
// CHECK-NEXT:    asyncpipe.commit 3
// CHECK-NEXT:    asyncpipe.copy %{{.*}} queue 0
// CHECK-NEXT:    asyncpipe.commit 0
// CHECK-NEXT:    asyncpipe.wait_queue 3, 0
// CHECK-NEXT:    asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    memref.load
func.func @by_hand(%a: memref<8xf32>, %s: memref<8xf32, 3>, %t: memref<8xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %s queue 3 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 3
  asyncpipe.copy %a, %t queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.wait_queue 3, 0
  %v = memref.load %t[%c0] : memref<8xf32, 3>
  %w = memref.load %s[%c0] : memref<8xf32, 3>
  %r = arith.addf %v, %w : f32
  return %r : f32
}

// -----

// A copy at the end of an iteration whose data the next iteration reads
// after other work: the wait moves to the top of the next iteration, just
// before the read (the first iteration's wait finds nothing of the copy in
// flight and passes), and a drain follows the loop, before the read there.
// CHECK-LABEL: func.func @rotated
// CHECK:         scf.for
// CHECK-NEXT:      memref.load %{{.*}}[%{{.*}}] : memref<8xf32>
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      asyncpipe.wait_queue 0, 0
// CHECK-NEXT:      memref.load %{{.*}} : memref<8xf32, 3>
// CHECK:           asyncpipe.copy
// CHECK-NEXT:      asyncpipe.commit 0
// CHECK-NEXT:    }
// CHECK-NEXT:    asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    memref.load %{{.*}} : memref<8xf32, 3>
func.func @rotated(%g: memref<8xf32>, %s: memref<8xf32, 3>, %w: memref<8xf32>, %o: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %w[%i] : memref<8xf32>
    %y = arith.mulf %x, %x : f32
    memref.store %y, %w[%i] : memref<8xf32>
    %v = memref.load %s[%c0] : memref<8xf32, 3>
    memref.store %v, %o[%i] : memref<8xf32>
    asyncpipe.copy %g, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  }
  %last = memref.load %s[%c0] : memref<8xf32, 3>
  memref.store %last, %o[%c0] : memref<8xf32>
  return
}

// -----

// Versions of a multi-buffered buffer (the rows of its leading dimension
// that its first subview selects): a copy into row i mod 4 and a read of
// row (i + 2) mod 4 are apart in every iteration, so the read does not
// wait (the copy's wait goes to the end of the iteration); a read of row
// (3i + 2) mod 4 meets the copy's row when i is odd, and waits.
// CHECK-LABEL: func.func @versions
// CHECK:         scf.for
// CHECK:           asyncpipe.copy
// CHECK-NEXT:      asyncpipe.commit 0
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      arith.remui
// CHECK-NEXT:      memref.subview
// CHECK-NEXT:      memref.load
// CHECK:           asyncpipe.wait_queue 0, 0
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
func.func @versions(%g: memref<64x8xf32>, %buf: memref<4x8xf32, 3>, %o: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %src = memref.subview %g[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %r = arith.remui %i, %c4 : index
    %dst = memref.subview %buf[%r, 0] [1, 8] [1, 1] : memref<4x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, 3>
    %i2 = arith.addi %i, %c2 : index
    %p = arith.remui %i2, %c4 : index
    %other = memref.subview %buf[%p, 0] [1, 8] [1, 1] : memref<4x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    %a = memref.load %other[%c0] : memref<8xf32, strided<[1], offset: ?>, 3>
    %i3 = arith.muli %i, %c3 : index
    %i32 = arith.addi %i3, %c2 : index
    %q = arith.remui %i32, %c4 : index
    %odd = memref.subview %buf[%q, 0] [1, 8] [1, 1] : memref<4x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    %b = memref.load %odd[%c0] : memref<8xf32, strided<[1], offset: ?>, 3>
    %s = arith.addf %a, %b : f32
    memref.store %s, %o[%i] : memref<64xf32>
  }
  return
}

// -----

// A conflict inside one branch of an scf.if: the wait sinks into the
// branches, before the read in one and at the end of the other (one wait on
// each path, later on the path that does not read), not before the if
// (STRUCT, tighten=false). Tightened (the default), the else branch's wait
// goes: verify-sync proves the function without it, and the final drain
// before the return completes the copy on that path.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-synchronize=tighten=false | FileCheck %s --check-prefix=STRUCT
// STRUCT-LABEL: func.func @branches
// STRUCT:         asyncpipe.commit 0
// STRUCT-NEXT:    scf.if
// STRUCT-NEXT:      memref.load %{{.*}} : memref<8xf32>
// STRUCT-NEXT:      memref.store
// STRUCT-NEXT:      asyncpipe.wait_queue 0, 0
// STRUCT-NEXT:      memref.load %{{.*}} : memref<8xf32, 3>
// STRUCT:         } else {
// STRUCT:           memref.store
// STRUCT-NEXT:      asyncpipe.wait_queue 0, 0
// STRUCT-NEXT:    }
// STRUCT-NEXT:    return
// CHECK-LABEL: func.func @branches
// CHECK:         asyncpipe.commit 0
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      memref.load %{{.*}} : memref<8xf32>
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      asyncpipe.wait_queue 0, 0
// CHECK-NEXT:      memref.load %{{.*}} : memref<8xf32, 3>
// CHECK:         } else {
// CHECK-NOT:       asyncpipe.wait_queue
// CHECK:         }
// CHECK-NEXT:    asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    return
func.func @branches(%g: memref<8xf32>, %s: memref<8xf32, 3>, %w: memref<8xf32>, %o: memref<8xf32>, %p: i1) {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %g, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  scf.if %p {
    %x = memref.load %w[%c0] : memref<8xf32>
    memref.store %x, %o[%c0] : memref<8xf32>
    %v = memref.load %s[%c0] : memref<8xf32, 3>
    memref.store %v, %o[%c0] : memref<8xf32>
  } else {
    %y = arith.constant 1.0 : f32
    memref.store %y, %w[%c0] : memref<8xf32>
  }
  return
}

// -----

// A loop that commits on the copy's queue (its own copies, synchronized in
// each iteration) and does not touch the copy's memory: the wait goes past
// it, counting its groups (3 iterations, one commit each: wait_queue 0, 3
// before the read after it), where the loop's own waits, which drain the
// queue in each of its 3 iterations, imply it (optimize-waits removes it).
// Not counted through, the wait would stay before the loop.
// CHECK-LABEL: func.func @through_loop
// CHECK:         asyncpipe.copy
// CHECK-NEXT:    asyncpipe.commit 0
// CHECK-NEXT:    scf.for
// CHECK:           asyncpipe.wait_queue 0, 0
// CHECK:         }
// CHECK-NEXT:    memref.load %{{.*}} : memref<8xf32, 3>
func.func @through_loop(%g: memref<8xf32>, %s: memref<8xf32, 3>, %t: memref<8xf32, 3>, %o: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  asyncpipe.copy %g, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  scf.for %i = %c0 to %c3 step %c1 {
    asyncpipe.copy %g, %t queue 0 : memref<8xf32> to memref<8xf32, 3>
    %x = memref.load %o[%i] : memref<8xf32>
    %v = memref.load %t[%c0] : memref<8xf32, 3>
    %y = arith.addf %x, %v : f32
    memref.store %y, %o[%i] : memref<8xf32>
  }
  %w = memref.load %s[%c0] : memref<8xf32, 3>
  memref.store %w, %o[%c0] : memref<8xf32>
  return
}

// -----

// Freeing a buffer ends every access to it: the copy into it is waited for
// before the dealloc.
// CHECK-LABEL: func.func @freed
// CHECK:         asyncpipe.commit 0
// CHECK-NEXT:    memref.load
// CHECK-NEXT:    asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    memref.dealloc
func.func @freed(%g: memref<8xf32>, %o: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<8xf32, 3>
  asyncpipe.copy %g, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  %x = memref.load %o[%c0] : memref<8xf32>
  memref.dealloc %s : memref<8xf32, 3>
  return %x : f32
}
