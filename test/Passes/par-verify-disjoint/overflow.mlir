// Forms near and past i128 in par-verify-disjoint's slices (issue 40's audit:
// each panicked with an overflow in a debug build): an answer, never a crash.
// (The offsets are computed without index wrap-around, so products past 2^64
// read as huge numbers rather than wrapped ones: a known imprecision.)
// RUN: not asyncpipe-opt %s -split-input-file --par-verify-disjoint 2>&1 | FileCheck %s
// CHECK-NOT: panicked
// CHECK: error: cannot tell which part of the shared value each thread of the enclosing 'par.foreach_thread' accesses here: offset #0 overflows over its loop
// CHECK: error: threads (0) and (1) of 'par.foreach_thread' overlap
// CHECK-NOT: panicked

func.func @f(%C: memref<?xf32>, %v: f32) {
  %c2 = arith.constant 2 : index
  %lo = arith.constant -6917529027641081856 : index
  %hi = arith.constant 6917529027641081856 : index
  %st = arith.constant 1 : index
  %big = arith.constant 4294967296 : index
  par.foreach_thread (%t) in (%c2) {
    scf.for %k = %lo to %hi step %st {
      %a = arith.muli %k, %big : index
      %b = arith.muli %a, %big : index
      %r = arith.addi %b, %t : index
      memref.store %v, %C[%r] : memref<?xf32>
    }
  }
  return
}

// -----

func.func @f(%C: memref<?xf32>, %v: f32) {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %m = arith.constant -9223372036854775808 : index
  %big = arith.constant 4294967296 : index
  par.foreach_thread (%t) in (%c2) {
    %a = arith.muli %m, %big : index
    %s = arith.muli %a, %big : index
    %sv = memref.subview %C[%t] [%s] [2] : memref<?xf32> to memref<?xf32, strided<[2], offset: ?>>
    memref.store %v, %sv[%c0] : memref<?xf32, strided<[2], offset: ?>>
  }
  return
}

// -----

func.func @f(%C: memref<?xf32>, %v: f32) {
  %c2 = arith.constant 2 : index
  %m = arith.constant -9223372036854775808 : index
  %big = arith.constant 4294967296 : index
  par.foreach_thread (%t) in (%c2) {
    %a = arith.muli %m, %big : index
    %s = arith.muli %a, %big : index
    %o = affine.apply affine_map<(d0) -> (d0 ceildiv 2)>(%s)
    memref.store %v, %C[%o] : memref<?xf32>
  }
  return
}
