// A bulk queue's ring sized through a nest of 64 loops of 2 trips, every
// level committing a group, the innermost body waiting for all
// (bench/scaling.py's outer("bulk", 64, 2)). At the innermost commit's first
// visit 64 older groups may be in flight (the one before the nest and one
// per enclosing level): a ring of 65 mbarriers. The in-flight bounds are
// memoized per loop and entry bound, so the nest costs its depth; before,
// they stopped at their budget from 32 levels and the ring was not sized.
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu=bulk-queues=1 | FileCheck %s
// CHECK: memref.alloc() : memref<65xi64, #gpu.address_space<workgroup>>

gpu.module @kernels {
gpu.func @f(%a: memref<4xf32>, %o: memref<4xf32>) kernel {
  %b = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2 : index
  asyncpipe.commit_queue 1 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
  }
  scf.for %i0 = %c0 to %n step %c1 {
    asyncpipe.commit_queue 1 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
    }
    scf.for %i1 = %c0 to %n step %c1 {
      asyncpipe.commit_queue 1 {
        asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
      }
      scf.for %i2 = %c0 to %n step %c1 {
        asyncpipe.commit_queue 1 {
          asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
        }
        scf.for %i3 = %c0 to %n step %c1 {
          asyncpipe.commit_queue 1 {
            asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
          }
          scf.for %i4 = %c0 to %n step %c1 {
            asyncpipe.commit_queue 1 {
              asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
            }
            scf.for %i5 = %c0 to %n step %c1 {
              asyncpipe.commit_queue 1 {
                asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
              }
              scf.for %i6 = %c0 to %n step %c1 {
                asyncpipe.commit_queue 1 {
                  asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                }
                scf.for %i7 = %c0 to %n step %c1 {
                  asyncpipe.commit_queue 1 {
                    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                  }
                  scf.for %i8 = %c0 to %n step %c1 {
                    asyncpipe.commit_queue 1 {
                      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                    }
                    scf.for %i9 = %c0 to %n step %c1 {
                      asyncpipe.commit_queue 1 {
                        asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                      }
                      scf.for %i10 = %c0 to %n step %c1 {
                        asyncpipe.commit_queue 1 {
                          asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                        }
                        scf.for %i11 = %c0 to %n step %c1 {
                          asyncpipe.commit_queue 1 {
                            asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                          }
                          scf.for %i12 = %c0 to %n step %c1 {
                            asyncpipe.commit_queue 1 {
                              asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                            }
                            scf.for %i13 = %c0 to %n step %c1 {
                              asyncpipe.commit_queue 1 {
                                asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                              }
                              scf.for %i14 = %c0 to %n step %c1 {
                                asyncpipe.commit_queue 1 {
                                  asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                }
                                scf.for %i15 = %c0 to %n step %c1 {
                                  asyncpipe.commit_queue 1 {
                                    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                  }
                                  scf.for %i16 = %c0 to %n step %c1 {
                                    asyncpipe.commit_queue 1 {
                                      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                    }
                                    scf.for %i17 = %c0 to %n step %c1 {
                                      asyncpipe.commit_queue 1 {
                                        asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                      }
                                      scf.for %i18 = %c0 to %n step %c1 {
                                        asyncpipe.commit_queue 1 {
                                          asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                        }
                                        scf.for %i19 = %c0 to %n step %c1 {
                                          asyncpipe.commit_queue 1 {
                                            asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                          }
                                          scf.for %i20 = %c0 to %n step %c1 {
                                            asyncpipe.commit_queue 1 {
                                              asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                            }
                                            scf.for %i21 = %c0 to %n step %c1 {
                                              asyncpipe.commit_queue 1 {
                                                asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                              }
                                              scf.for %i22 = %c0 to %n step %c1 {
                                                asyncpipe.commit_queue 1 {
                                                  asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                }
                                                scf.for %i23 = %c0 to %n step %c1 {
                                                  asyncpipe.commit_queue 1 {
                                                    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                  }
                                                  scf.for %i24 = %c0 to %n step %c1 {
                                                    asyncpipe.commit_queue 1 {
                                                      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                    }
                                                    scf.for %i25 = %c0 to %n step %c1 {
                                                      asyncpipe.commit_queue 1 {
                                                        asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                      }
                                                      scf.for %i26 = %c0 to %n step %c1 {
                                                        asyncpipe.commit_queue 1 {
                                                          asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                        }
                                                        scf.for %i27 = %c0 to %n step %c1 {
                                                          asyncpipe.commit_queue 1 {
                                                            asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                          }
                                                          scf.for %i28 = %c0 to %n step %c1 {
                                                            asyncpipe.commit_queue 1 {
                                                              asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                            }
                                                            scf.for %i29 = %c0 to %n step %c1 {
                                                              asyncpipe.commit_queue 1 {
                                                                asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                              }
                                                              scf.for %i30 = %c0 to %n step %c1 {
                                                                asyncpipe.commit_queue 1 {
                                                                  asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                }
                                                                scf.for %i31 = %c0 to %n step %c1 {
                                                                  asyncpipe.commit_queue 1 {
                                                                    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                  }
                                                                  scf.for %i32 = %c0 to %n step %c1 {
                                                                    asyncpipe.commit_queue 1 {
                                                                      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                    }
                                                                    scf.for %i33 = %c0 to %n step %c1 {
                                                                      asyncpipe.commit_queue 1 {
                                                                        asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                      }
                                                                      scf.for %i34 = %c0 to %n step %c1 {
                                                                        asyncpipe.commit_queue 1 {
                                                                          asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                        }
                                                                        scf.for %i35 = %c0 to %n step %c1 {
                                                                          asyncpipe.commit_queue 1 {
                                                                            asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                          }
                                                                          scf.for %i36 = %c0 to %n step %c1 {
                                                                            asyncpipe.commit_queue 1 {
                                                                              asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                            }
                                                                            scf.for %i37 = %c0 to %n step %c1 {
                                                                              asyncpipe.commit_queue 1 {
                                                                                asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                              }
                                                                              scf.for %i38 = %c0 to %n step %c1 {
                                                                                asyncpipe.commit_queue 1 {
                                                                                  asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                }
                                                                                scf.for %i39 = %c0 to %n step %c1 {
                                                                                  asyncpipe.commit_queue 1 {
                                                                                    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                  }
                                                                                  scf.for %i40 = %c0 to %n step %c1 {
                                                                                    asyncpipe.commit_queue 1 {
                                                                                      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                    }
                                                                                    scf.for %i41 = %c0 to %n step %c1 {
                                                                                      asyncpipe.commit_queue 1 {
                                                                                        asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                      }
                                                                                      scf.for %i42 = %c0 to %n step %c1 {
                                                                                        asyncpipe.commit_queue 1 {
                                                                                          asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                        }
                                                                                        scf.for %i43 = %c0 to %n step %c1 {
                                                                                          asyncpipe.commit_queue 1 {
                                                                                            asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                          }
                                                                                          scf.for %i44 = %c0 to %n step %c1 {
                                                                                            asyncpipe.commit_queue 1 {
                                                                                              asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                            }
                                                                                            scf.for %i45 = %c0 to %n step %c1 {
                                                                                              asyncpipe.commit_queue 1 {
                                                                                                asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                              }
                                                                                              scf.for %i46 = %c0 to %n step %c1 {
                                                                                                asyncpipe.commit_queue 1 {
                                                                                                  asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                }
                                                                                                scf.for %i47 = %c0 to %n step %c1 {
                                                                                                  asyncpipe.commit_queue 1 {
                                                                                                    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                  }
                                                                                                  scf.for %i48 = %c0 to %n step %c1 {
                                                                                                    asyncpipe.commit_queue 1 {
                                                                                                      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                    }
                                                                                                    scf.for %i49 = %c0 to %n step %c1 {
                                                                                                      asyncpipe.commit_queue 1 {
                                                                                                        asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                      }
                                                                                                      scf.for %i50 = %c0 to %n step %c1 {
                                                                                                        asyncpipe.commit_queue 1 {
                                                                                                          asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                        }
                                                                                                        scf.for %i51 = %c0 to %n step %c1 {
                                                                                                          asyncpipe.commit_queue 1 {
                                                                                                            asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                          }
                                                                                                          scf.for %i52 = %c0 to %n step %c1 {
                                                                                                            asyncpipe.commit_queue 1 {
                                                                                                              asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                            }
                                                                                                            scf.for %i53 = %c0 to %n step %c1 {
                                                                                                              asyncpipe.commit_queue 1 {
                                                                                                                asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                              }
                                                                                                              scf.for %i54 = %c0 to %n step %c1 {
                                                                                                                asyncpipe.commit_queue 1 {
                                                                                                                  asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                }
                                                                                                                scf.for %i55 = %c0 to %n step %c1 {
                                                                                                                  asyncpipe.commit_queue 1 {
                                                                                                                    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                  }
                                                                                                                  scf.for %i56 = %c0 to %n step %c1 {
                                                                                                                    asyncpipe.commit_queue 1 {
                                                                                                                      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                    }
                                                                                                                    scf.for %i57 = %c0 to %n step %c1 {
                                                                                                                      asyncpipe.commit_queue 1 {
                                                                                                                        asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                      }
                                                                                                                      scf.for %i58 = %c0 to %n step %c1 {
                                                                                                                        asyncpipe.commit_queue 1 {
                                                                                                                          asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                        }
                                                                                                                        scf.for %i59 = %c0 to %n step %c1 {
                                                                                                                          asyncpipe.commit_queue 1 {
                                                                                                                            asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                          }
                                                                                                                          scf.for %i60 = %c0 to %n step %c1 {
                                                                                                                            asyncpipe.commit_queue 1 {
                                                                                                                              asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                            }
                                                                                                                            scf.for %i61 = %c0 to %n step %c1 {
                                                                                                                              asyncpipe.commit_queue 1 {
                                                                                                                                asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                              }
                                                                                                                              scf.for %i62 = %c0 to %n step %c1 {
                                                                                                                                asyncpipe.commit_queue 1 {
                                                                                                                                  asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                                }
                                                                                                                                scf.for %i63 = %c0 to %n step %c1 {
                                                                                                                                  asyncpipe.commit_queue 1 {
                                                                                                                                    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>>
                                                                                                                                  }
                                                                                                                                  asyncpipe.wait_queue 1, 0
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
  asyncpipe.wait_queue 1, 0
  gpu.return
}
}
