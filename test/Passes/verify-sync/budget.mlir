// A nest whose loop states never repeat (each level commits a group and the
// only wait allows 2^63 - 1 in flight, so the counts of groups committed
// after each copy keep growing) costs time exponential in the depth: the
// analysis stops at its budget with an error at the function, instead of
// running for hours. The budget is an option (here a small one, to keep the
// test short); an invalid value is an error.
// RUN: asyncpipe-opt %s -verify-diagnostics --asyncpipe-verify-sync=max-steps=200000
// RUN: not asyncpipe-opt %s --asyncpipe-verify-sync=max-steps=lots 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: invalid value 'lots' for pass option 'max-steps'

// expected-error @below {{the analysis stopped after 200000 steps}}
func.func @exponential(%a: memref<8xf32>, %b: memref<8xf32, 3>, %b2: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i0 = %c0 to %c3 step %c1 {
    asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 0
    scf.for %i1 = %c0 to %c3 step %c1 {
      asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
      asyncpipe.commit 0
      scf.for %i2 = %c0 to %c3 step %c1 {
        asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
        asyncpipe.commit 0
        scf.for %i3 = %c0 to %c3 step %c1 {
          asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
          asyncpipe.commit 0
          scf.for %i4 = %c0 to %c3 step %c1 {
            asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
            asyncpipe.commit 0
            scf.for %i5 = %c0 to %c3 step %c1 {
              asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
              asyncpipe.commit 0
              scf.for %i6 = %c0 to %c3 step %c1 {
                asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
                asyncpipe.commit 0
                scf.for %i7 = %c0 to %c3 step %c1 {
                  asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
                  asyncpipe.commit 0
                  scf.for %i8 = %c0 to %c3 step %c1 {
                    asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
                    asyncpipe.commit 0
                    scf.for %i9 = %c0 to %c3 step %c1 {
                      asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
                      asyncpipe.commit 0
                      scf.for %i10 = %c0 to %c3 step %c1 {
                        asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
                        asyncpipe.commit 0
                        scf.for %i11 = %c0 to %c3 step %c1 {
                          asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
                          asyncpipe.commit 0
                          scf.for %i12 = %c0 to %c3 step %c1 {
                            asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
                            asyncpipe.commit 0
                            scf.for %i13 = %c0 to %c3 step %c1 {
                              asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
                              asyncpipe.commit 0
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  asyncpipe.wait_queue 0, 9223372036854775807
  return
}
