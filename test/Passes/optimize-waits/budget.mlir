// A nest of 14 loops of 3 trips, each committing a group, with nothing
// waited for inside: the in-flight bounds grow every iteration, so no loop
// state repeats and the simulation would take 3^14 iterations. The analysis
// stops at its budget: optimize-waits then removes no wait (and says so at
// the function), and to-nvgpu cannot size a bulk queue's ring (an error).
// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits 2>&1 | FileCheck %s --check-prefix=WAITS
// WAITS: warning: the analysis of groups in flight stopped at its budget (loops nested too deep to simulate): no wait is removed as never blocking
// WAITS: asyncpipe.wait_queue 0, 9223372036854775807
// RUN: not asyncpipe-opt %s --asyncpipe-to-nvgpu=bulk-queues=0 2>&1 | FileCheck %s --check-prefix=BULK
// BULK: error: the analysis of groups in flight stopped at its budget (loops nested too deep to simulate), so the bulk queues' mbarrier rings cannot be sized

func.func @exponential(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  asyncpipe.wait_queue 0, 0
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
