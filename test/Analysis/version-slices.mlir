// The version-slices analysis alone (asyncpipe-test-print-version-slices):
// which rows of a multi-buffered buffer's leading dimension each subview
// selects, as (a*x + b) mod m in the loop's counter (named by the value it
// is). asyncpipe-synchronize keeps the versions apart with it: the copy of
// iteration i + 1 goes to row (i + 1) mod 3 while row i mod 3 is read.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-version-slices -verify-diagnostics

func.func @ring(%a: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %buf = memref.alloc() : memref<3x8xf32, 3>
  // expected-remark @below {{rows 0, 1 row}}
  %first = memref.subview %buf[0, 0] [1, 8] [1, 1] : memref<3x8xf32, 3> to memref<8xf32, strided<[1]>, 3>
  asyncpipe.copy %a, %first queue 0 : memref<8xf32> to memref<8xf32, strided<[1]>, 3>
  asyncpipe.commit 0
  scf.for %i = %c0 to %n step %c1 {
    %next = arith.addi %i, %c1 : index
    %slot = arith.remui %next, %c3 : index
    // expected-remark @below {{rows (1*(block argument 0 at line 17) + 1) mod 3, 1 row}}
    %v = memref.subview %buf[%slot, 0] [1, 8] [1, 1] : memref<3x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    asyncpipe.copy %a, %v queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>, 3>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 1
    %cur = arith.remui %i, %c3 : index
    // expected-remark @below {{rows (1*(block argument 0 at line 17) + 0) mod 3, 1 row}}
    %w = memref.subview %buf[%cur, 0] [1, 8] [1, 1] : memref<3x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    %x = memref.load %w[%c0] : memref<8xf32, strided<[1], offset: ?>, 3>
  }
  asyncpipe.wait_queue 0, 0
  return
}
