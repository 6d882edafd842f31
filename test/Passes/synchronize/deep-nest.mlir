// Copies with no group or wait, one before a nest of 64 loops of 2 trips and
// one at every level (into a second buffer), read innermost
// (bench/scaling.py's outer("unguarded", 64, 2)). asyncpipe-synchronize
// places a group after each copy and a wait before each conflicting access,
// then tightens each wait against verify-sync (one proof for a wait that is
// needed as placed: loosening it by one group fails, so removing it would
// too). Before: the in-flight bounds of its optimize-waits step doubled per
// level (stopping at their budget from 32 levels) and its tightening asked
// two proofs a wait. Each level's copy must wait for the previous one into
// the same buffer: one wait per level, verify-sync proves the result.
// RUN: asyncpipe-opt %s --asyncpipe-synchronize | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-synchronize --asyncpipe-verify-sync -o /dev/null
// CHECK-COUNT-64: asyncpipe.wait_queue 0, 0
// CHECK-NOT: asyncpipe.wait_queue

func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 3>, %o: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2 : index
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  scf.for %i0 = %c0 to %n step %c1 {
    asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
    scf.for %i1 = %c0 to %n step %c1 {
      asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
      scf.for %i2 = %c0 to %n step %c1 {
        asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
        scf.for %i3 = %c0 to %n step %c1 {
          asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
          scf.for %i4 = %c0 to %n step %c1 {
            asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
            scf.for %i5 = %c0 to %n step %c1 {
              asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
              scf.for %i6 = %c0 to %n step %c1 {
                asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                scf.for %i7 = %c0 to %n step %c1 {
                  asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                  scf.for %i8 = %c0 to %n step %c1 {
                    asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                    scf.for %i9 = %c0 to %n step %c1 {
                      asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                      scf.for %i10 = %c0 to %n step %c1 {
                        asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                        scf.for %i11 = %c0 to %n step %c1 {
                          asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                          scf.for %i12 = %c0 to %n step %c1 {
                            asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                            scf.for %i13 = %c0 to %n step %c1 {
                              asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                              scf.for %i14 = %c0 to %n step %c1 {
                                asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                scf.for %i15 = %c0 to %n step %c1 {
                                  asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                  scf.for %i16 = %c0 to %n step %c1 {
                                    asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                    scf.for %i17 = %c0 to %n step %c1 {
                                      asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                      scf.for %i18 = %c0 to %n step %c1 {
                                        asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                        scf.for %i19 = %c0 to %n step %c1 {
                                          asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                          scf.for %i20 = %c0 to %n step %c1 {
                                            asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                            scf.for %i21 = %c0 to %n step %c1 {
                                              asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                              scf.for %i22 = %c0 to %n step %c1 {
                                                asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                scf.for %i23 = %c0 to %n step %c1 {
                                                  asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                  scf.for %i24 = %c0 to %n step %c1 {
                                                    asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                    scf.for %i25 = %c0 to %n step %c1 {
                                                      asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                      scf.for %i26 = %c0 to %n step %c1 {
                                                        asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                        scf.for %i27 = %c0 to %n step %c1 {
                                                          asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                          scf.for %i28 = %c0 to %n step %c1 {
                                                            asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                            scf.for %i29 = %c0 to %n step %c1 {
                                                              asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                              scf.for %i30 = %c0 to %n step %c1 {
                                                                asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                scf.for %i31 = %c0 to %n step %c1 {
                                                                  asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                  scf.for %i32 = %c0 to %n step %c1 {
                                                                    asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                    scf.for %i33 = %c0 to %n step %c1 {
                                                                      asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                      scf.for %i34 = %c0 to %n step %c1 {
                                                                        asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                        scf.for %i35 = %c0 to %n step %c1 {
                                                                          asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                          scf.for %i36 = %c0 to %n step %c1 {
                                                                            asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                            scf.for %i37 = %c0 to %n step %c1 {
                                                                              asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                              scf.for %i38 = %c0 to %n step %c1 {
                                                                                asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                scf.for %i39 = %c0 to %n step %c1 {
                                                                                  asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                  scf.for %i40 = %c0 to %n step %c1 {
                                                                                    asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                    scf.for %i41 = %c0 to %n step %c1 {
                                                                                      asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                      scf.for %i42 = %c0 to %n step %c1 {
                                                                                        asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                        scf.for %i43 = %c0 to %n step %c1 {
                                                                                          asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                          scf.for %i44 = %c0 to %n step %c1 {
                                                                                            asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                            scf.for %i45 = %c0 to %n step %c1 {
                                                                                              asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                              scf.for %i46 = %c0 to %n step %c1 {
                                                                                                asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                scf.for %i47 = %c0 to %n step %c1 {
                                                                                                  asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                  scf.for %i48 = %c0 to %n step %c1 {
                                                                                                    asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                    scf.for %i49 = %c0 to %n step %c1 {
                                                                                                      asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                      scf.for %i50 = %c0 to %n step %c1 {
                                                                                                        asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                        scf.for %i51 = %c0 to %n step %c1 {
                                                                                                          asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                          scf.for %i52 = %c0 to %n step %c1 {
                                                                                                            asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                            scf.for %i53 = %c0 to %n step %c1 {
                                                                                                              asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                              scf.for %i54 = %c0 to %n step %c1 {
                                                                                                                asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                scf.for %i55 = %c0 to %n step %c1 {
                                                                                                                  asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                  scf.for %i56 = %c0 to %n step %c1 {
                                                                                                                    asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                    scf.for %i57 = %c0 to %n step %c1 {
                                                                                                                      asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                      scf.for %i58 = %c0 to %n step %c1 {
                                                                                                                        asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                        scf.for %i59 = %c0 to %n step %c1 {
                                                                                                                          asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                          scf.for %i60 = %c0 to %n step %c1 {
                                                                                                                            asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                            scf.for %i61 = %c0 to %n step %c1 {
                                                                                                                              asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                              scf.for %i62 = %c0 to %n step %c1 {
                                                                                                                                asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                                scf.for %i63 = %c0 to %n step %c1 {
                                                                                                                                  asyncpipe.copy %a, %c queue 0 : memref<4xf32> to memref<4xf32, 3>
                                                                                                                                  %v = memref.load %b[%c0] : memref<4xf32, 3>
                                                                                                                                  memref.store %v, %o[%c0] : memref<4xf32>
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
