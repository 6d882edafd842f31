// optimize-waits/budget.mlir's nest after the pipeliner and canonicalize:
// branches on every level's induction variable make each binding another
// summary, so token-to-count ran for minutes (a fuzzer finding, seed 4000,
// execution 6566). Past its step budget loops are joined over every trip
// count instead of simulated: the counts stay safe (lower bounds, only
// smaller), and the output verifies. (verify-sync stops at its own budget
// on this nest: 28 s in a debug build.)
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count | asyncpipe-opt -o /dev/null
module {
  func.func @branching(%arg0: memref<8xf32>, %arg1: memref<8xf32, 3>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    asyncpipe.wait_queue 0, 0
    scf.for %arg2 = %c0 to %c3 step %c1 {
      scf.for %arg3 = %c0 to %c3 step %c1 {
        scf.for %arg4 = %c0 to %c3 step %c1 {
          scf.for %arg5 = %c0 to %c3 step %c1 {
            scf.for %arg6 = %c0 to %c3 step %c1 {
              scf.for %arg7 = %c0 to %c3 step %c1 {
                scf.for %arg8 = %c0 to %c3 step %c1 {
                  scf.for %arg9 = %c0 to %c3 step %c1 {
                    scf.for %arg10 = %c0 to %c3 step %c1 {
                      scf.for %arg11 = %c0 to %c3 step %c1 {
                        scf.for %arg12 = %c0 to %c3 step %c1 {
                          scf.for %arg13 = %c0 to %c3 step %c1 {
                            scf.for %arg14 = %c0 to %c3 step %c1 {
                              scf.for %arg15 = %c0 to %c3 step %c1 {
                                %0 = arith.addi %arg2, %arg3 : index
                                %1 = arith.addi %0, %arg4 : index
                                %2 = arith.addi %1, %arg5 : index
                                %3 = arith.addi %2, %arg6 : index
                                %4 = arith.addi %3, %arg7 : index
                                %5 = arith.addi %4, %arg8 : index
                                %6 = arith.addi %5, %arg9 : index
                                %7 = arith.addi %6, %arg10 : index
                                %8 = arith.addi %7, %arg11 : index
                                %9 = arith.addi %8, %arg12 : index
                                %10 = arith.addi %9, %arg13 : index
                                %11 = arith.addi %10, %arg14 : index
                                %12 = arith.addi %11, %arg15 : index
                                %13 = arith.cmpi eq, %12, %c0 : index
                                scf.if %13 {
                                  asyncpipe.copy %arg0, %arg1 queue 0 : memref<8xf32> to memref<8xf32, 3>
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
}

