// Bounded costs of the in-flight bounds (optimize-waits, to-nvgpu's ring
// sizing): a nest of 14 loops of 3 trips, each committing a group, with
// nothing waited for inside: the bounds grow every iteration (3^14
// iterations in all). They count up to 4096 and then read "more than 4096",
// and each loop is analyzed once per entry bound, so the nest costs the sum
// of its levels: no budget is reached; no wait is removed (the last one's
// count is above any exact bound) and to-nvgpu says the ring would be too
// large. (Before: the analysis simulated every iteration, stopped at its
// budget after 3.5 s and said only that; budget.mlir now reaches it through
// branches.)
// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits 2>&1 | FileCheck %s --check-prefix=WAITS
// WAITS-NOT: budget
// WAITS-LABEL: func.func @saturating
// WAITS: asyncpipe.wait_queue 0, 0
// WAITS: asyncpipe.wait_queue 0, 9223372036854775807
// RUN: not asyncpipe-opt %s --asyncpipe-to-nvgpu=bulk-queues=0 2>&1 | FileCheck %s --check-prefix=BULK
// BULK: error: more than 4096 groups may be in flight on bulk queue 0 here, so its ring would need more than 4097 mbarriers; the lowering allows at most 1024

func.func @saturating(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
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
