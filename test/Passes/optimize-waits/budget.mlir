// The in-flight bounds' budget: a nest of 14 loops of 3 trips whose
// innermost body commits only when the sum of the induction variables is 0.
// Every loop's result depends on the values of the loops around it (its
// memo key holds them), so the nest costs the product of the trip counts.
// The analysis stops at its budget: optimize-waits removes no wait and says
// so at the function; to-nvgpu cannot size the ring (an error).
// (saturating.mlir: the same nest without the branch costs its depth.)
// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits 2>&1 | FileCheck %s --check-prefix=WAITS
// WAITS: warning: the analysis of groups in flight stopped at its budget (loops nested too deep to simulate): no wait is removed as never blocking
// WAITS-LABEL: func.func @branching
// WAITS: asyncpipe.wait_queue 0, 0
// WAITS: asyncpipe.wait_queue 0, 0
// RUN: not asyncpipe-opt %s --asyncpipe-to-nvgpu=bulk-queues=0 2>&1 | FileCheck %s --check-prefix=BULK
// BULK: error: the analysis of groups in flight stopped at its budget (loops nested too deep to simulate), so the bulk queues' mbarrier rings cannot be sized
func.func @branching(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  asyncpipe.wait_queue 0, 0
  scf.for %i0 = %c0 to %c3 step %c1 {
    scf.for %i1 = %c0 to %c3 step %c1 {
      scf.for %i2 = %c0 to %c3 step %c1 {
        scf.for %i3 = %c0 to %c3 step %c1 {
          scf.for %i4 = %c0 to %c3 step %c1 {
            scf.for %i5 = %c0 to %c3 step %c1 {
              scf.for %i6 = %c0 to %c3 step %c1 {
                scf.for %i7 = %c0 to %c3 step %c1 {
                  scf.for %i8 = %c0 to %c3 step %c1 {
                    scf.for %i9 = %c0 to %c3 step %c1 {
                      scf.for %i10 = %c0 to %c3 step %c1 {
                        scf.for %i11 = %c0 to %c3 step %c1 {
                          scf.for %i12 = %c0 to %c3 step %c1 {
                            scf.for %i13 = %c0 to %c3 step %c1 {
                              %s1 = arith.addi %i0, %i1 : index
                              %s2 = arith.addi %s1, %i2 : index
                              %s3 = arith.addi %s2, %i3 : index
                              %s4 = arith.addi %s3, %i4 : index
                              %s5 = arith.addi %s4, %i5 : index
                              %s6 = arith.addi %s5, %i6 : index
                              %s7 = arith.addi %s6, %i7 : index
                              %s8 = arith.addi %s7, %i8 : index
                              %s9 = arith.addi %s8, %i9 : index
                              %s10 = arith.addi %s9, %i10 : index
                              %s11 = arith.addi %s10, %i11 : index
                              %s12 = arith.addi %s11, %i12 : index
                              %s13 = arith.addi %s12, %i13 : index
                              %zero = arith.cmpi eq, %s13, %c0 : index
                              scf.if %zero {
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
  }
  asyncpipe.wait_queue 0, 0
  return
}
