// A nest of 24 loops, each committing a group, running the loop inside,
// then waiting for its group. With two iterations a level, the group of
// level d has 2^(24-d) - 2 groups committed after it: exact counts up to
// 2^24 - 2 without simulating 2^24 iterations (each loop's effect is
// summarized once per distinct entry, so the analysis is linear in the
// depth; simulating the nest took twice as long per level). With run-time
// trip counts every inner loop may run zero times: every count is 0.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count 2>/dev/null | FileCheck %s

// CHECK-LABEL: func.func @static_nest
func.func @static_nest(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i0 = %c0 to %c2 step %c1 {
    %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
    %g0 = asyncpipe.commit_group queue 0 (%t0)
    scf.for %i1 = %c0 to %c2 step %c1 {
      %t1 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
      %g1 = asyncpipe.commit_group queue 0 (%t1)
      scf.for %i2 = %c0 to %c2 step %c1 {
        %t2 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
        %g2 = asyncpipe.commit_group queue 0 (%t2)
        scf.for %i3 = %c0 to %c2 step %c1 {
          %t3 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
          %g3 = asyncpipe.commit_group queue 0 (%t3)
          scf.for %i4 = %c0 to %c2 step %c1 {
            %t4 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
            %g4 = asyncpipe.commit_group queue 0 (%t4)
            scf.for %i5 = %c0 to %c2 step %c1 {
              %t5 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
              %g5 = asyncpipe.commit_group queue 0 (%t5)
              scf.for %i6 = %c0 to %c2 step %c1 {
                %t6 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                %g6 = asyncpipe.commit_group queue 0 (%t6)
                scf.for %i7 = %c0 to %c2 step %c1 {
                  %t7 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                  %g7 = asyncpipe.commit_group queue 0 (%t7)
                  scf.for %i8 = %c0 to %c2 step %c1 {
                    %t8 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                    %g8 = asyncpipe.commit_group queue 0 (%t8)
                    scf.for %i9 = %c0 to %c2 step %c1 {
                      %t9 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                      %g9 = asyncpipe.commit_group queue 0 (%t9)
                      scf.for %i10 = %c0 to %c2 step %c1 {
                        %t10 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                        %g10 = asyncpipe.commit_group queue 0 (%t10)
                        scf.for %i11 = %c0 to %c2 step %c1 {
                          %t11 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                          %g11 = asyncpipe.commit_group queue 0 (%t11)
                          scf.for %i12 = %c0 to %c2 step %c1 {
                            %t12 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                            %g12 = asyncpipe.commit_group queue 0 (%t12)
                            scf.for %i13 = %c0 to %c2 step %c1 {
                              %t13 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                              %g13 = asyncpipe.commit_group queue 0 (%t13)
                              scf.for %i14 = %c0 to %c2 step %c1 {
                                %t14 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                %g14 = asyncpipe.commit_group queue 0 (%t14)
                                scf.for %i15 = %c0 to %c2 step %c1 {
                                  %t15 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                  %g15 = asyncpipe.commit_group queue 0 (%t15)
                                  scf.for %i16 = %c0 to %c2 step %c1 {
                                    %t16 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                    %g16 = asyncpipe.commit_group queue 0 (%t16)
                                    scf.for %i17 = %c0 to %c2 step %c1 {
                                      %t17 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                      %g17 = asyncpipe.commit_group queue 0 (%t17)
                                      scf.for %i18 = %c0 to %c2 step %c1 {
                                        %t18 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                        %g18 = asyncpipe.commit_group queue 0 (%t18)
                                        scf.for %i19 = %c0 to %c2 step %c1 {
                                          %t19 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                          %g19 = asyncpipe.commit_group queue 0 (%t19)
                                          scf.for %i20 = %c0 to %c2 step %c1 {
                                            %t20 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                            %g20 = asyncpipe.commit_group queue 0 (%t20)
                                            scf.for %i21 = %c0 to %c2 step %c1 {
                                              %t21 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                              %g21 = asyncpipe.commit_group queue 0 (%t21)
                                              scf.for %i22 = %c0 to %c2 step %c1 {
                                                %t22 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                %g22 = asyncpipe.commit_group queue 0 (%t22)
                                                scf.for %i23 = %c0 to %c2 step %c1 {
                                                  %t23 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                  %g23 = asyncpipe.commit_group queue 0 (%t23)
                                                  // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                                  asyncpipe.wait %g23
                                                }
                                                // CHECK: asyncpipe.wait_queue 0, 2{{$}}
                                                asyncpipe.wait %g22
                                              }
                                              // CHECK: asyncpipe.wait_queue 0, 6{{$}}
                                              asyncpipe.wait %g21
                                            }
                                            // CHECK: asyncpipe.wait_queue 0, 14{{$}}
                                            asyncpipe.wait %g20
                                          }
                                          // CHECK: asyncpipe.wait_queue 0, 30{{$}}
                                          asyncpipe.wait %g19
                                        }
                                        // CHECK: asyncpipe.wait_queue 0, 62{{$}}
                                        asyncpipe.wait %g18
                                      }
                                      // CHECK: asyncpipe.wait_queue 0, 126{{$}}
                                      asyncpipe.wait %g17
                                    }
                                    // CHECK: asyncpipe.wait_queue 0, 254{{$}}
                                    asyncpipe.wait %g16
                                  }
                                  // CHECK: asyncpipe.wait_queue 0, 510{{$}}
                                  asyncpipe.wait %g15
                                }
                                // CHECK: asyncpipe.wait_queue 0, 1022{{$}}
                                asyncpipe.wait %g14
                              }
                              // CHECK: asyncpipe.wait_queue 0, 2046{{$}}
                              asyncpipe.wait %g13
                            }
                            // CHECK: asyncpipe.wait_queue 0, 4094{{$}}
                            asyncpipe.wait %g12
                          }
                          // CHECK: asyncpipe.wait_queue 0, 8190{{$}}
                          asyncpipe.wait %g11
                        }
                        // CHECK: asyncpipe.wait_queue 0, 16382{{$}}
                        asyncpipe.wait %g10
                      }
                      // CHECK: asyncpipe.wait_queue 0, 32766{{$}}
                      asyncpipe.wait %g9
                    }
                    // CHECK: asyncpipe.wait_queue 0, 65534{{$}}
                    asyncpipe.wait %g8
                  }
                  // CHECK: asyncpipe.wait_queue 0, 131070{{$}}
                  asyncpipe.wait %g7
                }
                // CHECK: asyncpipe.wait_queue 0, 262142{{$}}
                asyncpipe.wait %g6
              }
              // CHECK: asyncpipe.wait_queue 0, 524286{{$}}
              asyncpipe.wait %g5
            }
            // CHECK: asyncpipe.wait_queue 0, 1048574{{$}}
            asyncpipe.wait %g4
          }
          // CHECK: asyncpipe.wait_queue 0, 2097150{{$}}
          asyncpipe.wait %g3
        }
        // CHECK: asyncpipe.wait_queue 0, 4194302{{$}}
        asyncpipe.wait %g2
      }
      // CHECK: asyncpipe.wait_queue 0, 8388606{{$}}
      asyncpipe.wait %g1
    }
    // CHECK: asyncpipe.wait_queue 0, 16777214{{$}}
    asyncpipe.wait %g0
  }
  return
}

// CHECK-LABEL: func.func @dynamic_nest
func.func @dynamic_nest(%a: memref<4xf32>, %b: memref<4xf32, 3>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
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
                                  scf.for %i16 = %c0 to %n step %c1 {
                                    %t16 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                    %g16 = asyncpipe.commit_group queue 0 (%t16)
                                    scf.for %i17 = %c0 to %n step %c1 {
                                      %t17 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                      %g17 = asyncpipe.commit_group queue 0 (%t17)
                                      scf.for %i18 = %c0 to %n step %c1 {
                                        %t18 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                        %g18 = asyncpipe.commit_group queue 0 (%t18)
                                        scf.for %i19 = %c0 to %n step %c1 {
                                          %t19 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                          %g19 = asyncpipe.commit_group queue 0 (%t19)
                                          scf.for %i20 = %c0 to %n step %c1 {
                                            %t20 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                            %g20 = asyncpipe.commit_group queue 0 (%t20)
                                            scf.for %i21 = %c0 to %n step %c1 {
                                              %t21 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                              %g21 = asyncpipe.commit_group queue 0 (%t21)
                                              scf.for %i22 = %c0 to %n step %c1 {
                                                %t22 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                %g22 = asyncpipe.commit_group queue 0 (%t22)
                                                scf.for %i23 = %c0 to %n step %c1 {
                                                  %t23 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                  %g23 = asyncpipe.commit_group queue 0 (%t23)
                                                  // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                                  asyncpipe.wait %g23
                                                }
                                                // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                                asyncpipe.wait %g22
                                              }
                                              // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                              asyncpipe.wait %g21
                                            }
                                            // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                            asyncpipe.wait %g20
                                          }
                                          // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                          asyncpipe.wait %g19
                                        }
                                        // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                        asyncpipe.wait %g18
                                      }
                                      // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                      asyncpipe.wait %g17
                                    }
                                    // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                    asyncpipe.wait %g16
                                  }
                                  // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                  asyncpipe.wait %g15
                                }
                                // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                                asyncpipe.wait %g14
                              }
                              // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                              asyncpipe.wait %g13
                            }
                            // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                            asyncpipe.wait %g12
                          }
                          // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                          asyncpipe.wait %g11
                        }
                        // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                        asyncpipe.wait %g10
                      }
                      // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                      asyncpipe.wait %g9
                    }
                    // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                    asyncpipe.wait %g8
                  }
                  // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                  asyncpipe.wait %g7
                }
                // CHECK: asyncpipe.wait_queue 0, 0{{$}}
                asyncpipe.wait %g6
              }
              // CHECK: asyncpipe.wait_queue 0, 0{{$}}
              asyncpipe.wait %g5
            }
            // CHECK: asyncpipe.wait_queue 0, 0{{$}}
            asyncpipe.wait %g4
          }
          // CHECK: asyncpipe.wait_queue 0, 0{{$}}
          asyncpipe.wait %g3
        }
        // CHECK: asyncpipe.wait_queue 0, 0{{$}}
        asyncpipe.wait %g2
      }
      // CHECK: asyncpipe.wait_queue 0, 0{{$}}
      asyncpipe.wait %g1
    }
    // CHECK: asyncpipe.wait_queue 0, 0{{$}}
    asyncpipe.wait %g0
  }
  return
}
