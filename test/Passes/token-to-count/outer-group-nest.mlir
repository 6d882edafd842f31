// A group committed before a nest of 64 loops of 2 trips, every level
// committing a group of its own, the innermost body waiting for the group
// from outside (bench/scaling.py's outer("token", 64, 2)). The wait's
// distance differs at each of its 2^64 visits; the analyses summarize each
// loop once, with the live-ins' distances as variables (in-flight
// analysis), or memoize it by an entry that forgets groups no one waits on
// (verify-sync), so the nest costs its depth. Before: token-to-count and
// verify-sync doubled their time per level (17 levels: 13 s; 20: over 30 s)
// and 64 levels never ended; optimize-waits stopped at its budget from 32.
// At the first visit 64 groups were committed after the awaited one (one per
// level): the largest safe count.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count --asyncpipe-optimize-waits 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: asyncpipe-opt %s --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count --asyncpipe-verify-sync -o /dev/null
// explain walks the nest as it runs, to its budget of ops: linear in them
// (it searched every token bound so far at each wait: 16 levels took 17 s
// in a debug build, 64 would not end).
// RUN: asyncpipe-opt %s --asyncpipe-explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: remark: the trace stopped after 200000 ops
// EXPLAIN: remark: waits for its group on queue 0: here it completes the group committed at line {{[0-9]+}} in the prologue
// CHECK: asyncpipe.wait_queue 0, 64
// OPT-NOT: budget
// OPT: asyncpipe.wait_queue 0, 64

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
                                                  scf.for %i24 = %c0 to %n step %c1 {
                                                    %t24 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                    %g24 = asyncpipe.commit_group queue 0 (%t24)
                                                    scf.for %i25 = %c0 to %n step %c1 {
                                                      %t25 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                      %g25 = asyncpipe.commit_group queue 0 (%t25)
                                                      scf.for %i26 = %c0 to %n step %c1 {
                                                        %t26 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                        %g26 = asyncpipe.commit_group queue 0 (%t26)
                                                        scf.for %i27 = %c0 to %n step %c1 {
                                                          %t27 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                          %g27 = asyncpipe.commit_group queue 0 (%t27)
                                                          scf.for %i28 = %c0 to %n step %c1 {
                                                            %t28 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                            %g28 = asyncpipe.commit_group queue 0 (%t28)
                                                            scf.for %i29 = %c0 to %n step %c1 {
                                                              %t29 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                              %g29 = asyncpipe.commit_group queue 0 (%t29)
                                                              scf.for %i30 = %c0 to %n step %c1 {
                                                                %t30 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                %g30 = asyncpipe.commit_group queue 0 (%t30)
                                                                scf.for %i31 = %c0 to %n step %c1 {
                                                                  %t31 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                  %g31 = asyncpipe.commit_group queue 0 (%t31)
                                                                  scf.for %i32 = %c0 to %n step %c1 {
                                                                    %t32 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                    %g32 = asyncpipe.commit_group queue 0 (%t32)
                                                                    scf.for %i33 = %c0 to %n step %c1 {
                                                                      %t33 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                      %g33 = asyncpipe.commit_group queue 0 (%t33)
                                                                      scf.for %i34 = %c0 to %n step %c1 {
                                                                        %t34 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                        %g34 = asyncpipe.commit_group queue 0 (%t34)
                                                                        scf.for %i35 = %c0 to %n step %c1 {
                                                                          %t35 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                          %g35 = asyncpipe.commit_group queue 0 (%t35)
                                                                          scf.for %i36 = %c0 to %n step %c1 {
                                                                            %t36 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                            %g36 = asyncpipe.commit_group queue 0 (%t36)
                                                                            scf.for %i37 = %c0 to %n step %c1 {
                                                                              %t37 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                              %g37 = asyncpipe.commit_group queue 0 (%t37)
                                                                              scf.for %i38 = %c0 to %n step %c1 {
                                                                                %t38 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                %g38 = asyncpipe.commit_group queue 0 (%t38)
                                                                                scf.for %i39 = %c0 to %n step %c1 {
                                                                                  %t39 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                  %g39 = asyncpipe.commit_group queue 0 (%t39)
                                                                                  scf.for %i40 = %c0 to %n step %c1 {
                                                                                    %t40 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                    %g40 = asyncpipe.commit_group queue 0 (%t40)
                                                                                    scf.for %i41 = %c0 to %n step %c1 {
                                                                                      %t41 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                      %g41 = asyncpipe.commit_group queue 0 (%t41)
                                                                                      scf.for %i42 = %c0 to %n step %c1 {
                                                                                        %t42 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                        %g42 = asyncpipe.commit_group queue 0 (%t42)
                                                                                        scf.for %i43 = %c0 to %n step %c1 {
                                                                                          %t43 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                          %g43 = asyncpipe.commit_group queue 0 (%t43)
                                                                                          scf.for %i44 = %c0 to %n step %c1 {
                                                                                            %t44 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                            %g44 = asyncpipe.commit_group queue 0 (%t44)
                                                                                            scf.for %i45 = %c0 to %n step %c1 {
                                                                                              %t45 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                              %g45 = asyncpipe.commit_group queue 0 (%t45)
                                                                                              scf.for %i46 = %c0 to %n step %c1 {
                                                                                                %t46 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                %g46 = asyncpipe.commit_group queue 0 (%t46)
                                                                                                scf.for %i47 = %c0 to %n step %c1 {
                                                                                                  %t47 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                  %g47 = asyncpipe.commit_group queue 0 (%t47)
                                                                                                  scf.for %i48 = %c0 to %n step %c1 {
                                                                                                    %t48 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                    %g48 = asyncpipe.commit_group queue 0 (%t48)
                                                                                                    scf.for %i49 = %c0 to %n step %c1 {
                                                                                                      %t49 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                      %g49 = asyncpipe.commit_group queue 0 (%t49)
                                                                                                      scf.for %i50 = %c0 to %n step %c1 {
                                                                                                        %t50 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                        %g50 = asyncpipe.commit_group queue 0 (%t50)
                                                                                                        scf.for %i51 = %c0 to %n step %c1 {
                                                                                                          %t51 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                          %g51 = asyncpipe.commit_group queue 0 (%t51)
                                                                                                          scf.for %i52 = %c0 to %n step %c1 {
                                                                                                            %t52 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                            %g52 = asyncpipe.commit_group queue 0 (%t52)
                                                                                                            scf.for %i53 = %c0 to %n step %c1 {
                                                                                                              %t53 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                              %g53 = asyncpipe.commit_group queue 0 (%t53)
                                                                                                              scf.for %i54 = %c0 to %n step %c1 {
                                                                                                                %t54 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                %g54 = asyncpipe.commit_group queue 0 (%t54)
                                                                                                                scf.for %i55 = %c0 to %n step %c1 {
                                                                                                                  %t55 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                  %g55 = asyncpipe.commit_group queue 0 (%t55)
                                                                                                                  scf.for %i56 = %c0 to %n step %c1 {
                                                                                                                    %t56 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                    %g56 = asyncpipe.commit_group queue 0 (%t56)
                                                                                                                    scf.for %i57 = %c0 to %n step %c1 {
                                                                                                                      %t57 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                      %g57 = asyncpipe.commit_group queue 0 (%t57)
                                                                                                                      scf.for %i58 = %c0 to %n step %c1 {
                                                                                                                        %t58 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                        %g58 = asyncpipe.commit_group queue 0 (%t58)
                                                                                                                        scf.for %i59 = %c0 to %n step %c1 {
                                                                                                                          %t59 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                          %g59 = asyncpipe.commit_group queue 0 (%t59)
                                                                                                                          scf.for %i60 = %c0 to %n step %c1 {
                                                                                                                            %t60 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                            %g60 = asyncpipe.commit_group queue 0 (%t60)
                                                                                                                            scf.for %i61 = %c0 to %n step %c1 {
                                                                                                                              %t61 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                              %g61 = asyncpipe.commit_group queue 0 (%t61)
                                                                                                                              scf.for %i62 = %c0 to %n step %c1 {
                                                                                                                                %t62 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                                %g62 = asyncpipe.commit_group queue 0 (%t62)
                                                                                                                                scf.for %i63 = %c0 to %n step %c1 {
                                                                                                                                  %t63 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
                                                                                                                                  %g63 = asyncpipe.commit_group queue 0 (%t63)
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
