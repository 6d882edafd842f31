// Forms near and past the index width in par-verify-disjoint's slices
// (issue 40's audit: each panicked with an overflow in a debug build).
// Index arithmetic wraps at 64 bits and the forms do not: a form that
// passes the type's width is unknown, and said so (before, a product of
// 2^64 read as a huge offset, and @wraps_to_own_row, whose index wraps to
// each thread's own element, was reported as a race).
// RUN: not asyncpipe-opt %s -split-input-file --par-verify-disjoint 2>&1 | FileCheck %s
// CHECK-NOT: panicked
// CHECK-COUNT-4: accesses here: {{index|size}} #0 is computed past its type's width (the program wraps around there, the analysis does not)
// CHECK-NOT: overlap

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

func.func @wraps_to_own_row(%C: memref<?xf32>, %v: f32) {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %hi = arith.constant 4611686018427387904 : index
  %st = arith.constant 1 : index
  %big = arith.constant 4294967296 : index
  par.foreach_thread (%t) in (%c2) {
    scf.for %k = %c0 to %hi step %st {
      %k2 = arith.addi %k, %hi : index
      %a = arith.muli %k2, %big : index
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
