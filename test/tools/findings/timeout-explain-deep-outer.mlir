// bench/scaling.py outer('token', 16, 2): the fuzzer's deep shape (gen_outer), 16 levels.
// asyncpipe-opt --asyncpipe-explain %s   (also --asyncpipe-timeline=output=DIR)
// Runs past 10 s at 16 levels (debug build; 0.75 s at 12, 0.08 s at 8): exponential in depth.
func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 3>, %o: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2 : index
  %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g = asyncpipe.commit_group queue 0 (%t)
  scf.for %i0 = %c0 to %n step %c1 {
    %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %g0 = asyncpipe.commit_group queue 0 (%t0)
    scf.for %i1 = %c0 to %n step %c1 {
      %t1 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
      %g1 = asyncpipe.commit_group queue 0 (%t1)
      scf.for %i2 = %c0 to %n step %c1 {
        %t2 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
        %g2 = asyncpipe.commit_group queue 0 (%t2)
        scf.for %i3 = %c0 to %n step %c1 {
          %t3 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
          %g3 = asyncpipe.commit_group queue 0 (%t3)
          scf.for %i4 = %c0 to %n step %c1 {
            %t4 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
            %g4 = asyncpipe.commit_group queue 0 (%t4)
            scf.for %i5 = %c0 to %n step %c1 {
              %t5 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
              %g5 = asyncpipe.commit_group queue 0 (%t5)
              scf.for %i6 = %c0 to %n step %c1 {
                %t6 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                %g6 = asyncpipe.commit_group queue 0 (%t6)
                scf.for %i7 = %c0 to %n step %c1 {
                  %t7 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                  %g7 = asyncpipe.commit_group queue 0 (%t7)
                  scf.for %i8 = %c0 to %n step %c1 {
                    %t8 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                    %g8 = asyncpipe.commit_group queue 0 (%t8)
                    scf.for %i9 = %c0 to %n step %c1 {
                      %t9 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                      %g9 = asyncpipe.commit_group queue 0 (%t9)
                      scf.for %i10 = %c0 to %n step %c1 {
                        %t10 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                        %g10 = asyncpipe.commit_group queue 0 (%t10)
                        scf.for %i11 = %c0 to %n step %c1 {
                          %t11 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                          %g11 = asyncpipe.commit_group queue 0 (%t11)
                          scf.for %i12 = %c0 to %n step %c1 {
                            %t12 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                            %g12 = asyncpipe.commit_group queue 0 (%t12)
                            scf.for %i13 = %c0 to %n step %c1 {
                              %t13 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                              %g13 = asyncpipe.commit_group queue 0 (%t13)
                              scf.for %i14 = %c0 to %n step %c1 {
                                %t14 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                %g14 = asyncpipe.commit_group queue 0 (%t14)
                                scf.for %i15 = %c0 to %n step %c1 {
                                  %t15 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                  %g15 = asyncpipe.commit_group queue 0 (%t15)
                                  asyncpipe.wait %g
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
  }
  return
}
