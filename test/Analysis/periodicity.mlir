// Loop trip counts and periods alone (asyncpipe-test-print-periodicity):
// the period of the indices a loop body's accesses use is how the models
// follow a loop for any trip count. A slot `i mod 3` repeats every 3
// iterations; an index that grows has no period; one that does not depend
// on the iteration has period 1. A trip count is a constant, or unknown
// here where deciding it needs the models' split of the arguments' values
// (the sign of n).
// RUN: asyncpipe-opt %s --asyncpipe-test-print-periodicity -verify-diagnostics

func.func @f(%n: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{trips unknown; period 3}}
  scf.for %i = %c0 to %n step %c1 {
    %s = arith.remui %i, %c3 : index
    %x = memref.load %a[%s] : memref<?xf32>
  }
  // expected-remark @below {{trips 4; no period}}
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
  }
  // expected-remark @below {{trips 1; period 1}}
  scf.for %i = %c1 to %c4 step %c3 {
    %x = memref.load %a[%c0] : memref<?xf32>
  }
  return
}
