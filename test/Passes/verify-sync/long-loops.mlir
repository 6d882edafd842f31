// A double-buffered loop of 257 trips (past the simulation budget) in a
// function that also has a token-form wait: the wait declares "any memory"
// only to order other ops, so it does not make every async read a possible
// race; the loop settles on its cycle and verifies (found by the fuzzer).
// RUN: asyncpipe-opt %s --asyncpipe-verify-sync | FileCheck %s
// CHECK-LABEL: func.func @f
func.func @f(%src: memref<512x8xf32>, %out: memref<512x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 257 : index
  %buf = memref.alloc() : memref<2x8xf32, 3>
  %s0 = memref.subview %src[0, 0] [1, 8] [1, 1] : memref<512x8xf32> to memref<8xf32, strided<[1]>>
  %d0 = memref.subview %buf[0, 0] [1, 8] [1, 1] : memref<2x8xf32, 3> to memref<8xf32, strided<[1]>, 3>
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %s0, %d0 : memref<8xf32, strided<[1]>> to memref<8xf32, strided<[1]>, 3>
  }
  scf.for %i = %c1 to %n step %c1 {
    %slot = arith.remui %i, %c2 : index
    %s = memref.subview %src[%i, 0] [1, 8] [1, 1] : memref<512x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %d = memref.subview %buf[%slot, 0] [1, 8] [1, 1] : memref<2x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %s, %d : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, 3>
    }
    asyncpipe.wait_queue 0, 1
    %p = arith.subi %i, %c1 : index
    %pslot = arith.remui %p, %c2 : index
    %r = memref.subview %buf[%pslot, 0] [1, 8] [1, 1] : memref<2x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    %o = memref.subview %out[%p, 0] [1, 8] [1, 1] : memref<512x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %r, %o : memref<8xf32, strided<[1], offset: ?>, 3> to memref<8xf32, strided<[1], offset: ?>>
  }
  asyncpipe.wait_queue 0, 0
  %g = asyncpipe.commit_group queue 1 {
  }
  asyncpipe.wait %g
  return
}
