// Fuzzer seed 4000, execution 218 (generated, mutated; scf.execute_region CFGs).
// asyncpipe-opt --asyncpipe-synchronize %s | asyncpipe-opt --asyncpipe-verify-sync
// verify-sync on synchronize's output runs past 10 s (debug build).
func.func @f0(%a: memref<2xi8>, %a2: memref<2xi8>, %b: memref<2xi8, #gpu.address_space<workgroup>>, %b2: memref<2xi8, #gpu.address_space<workgroup>>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %k0_index = arith.constant 100 : index
  %k1_index = arith.constant 16 : index
  %k2_index = arith.constant 1 : index
  scf.execute_region {
    %v1 = memref.load %b[%k0_index] : memref<2xi8, #gpu.address_space<workgroup>>
    cf.cond_br %cond, ^bb1, ^bb1
  ^bb1:
    asyncpipe.copy %a2, %b queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
    cf.br ^bb2
  ^bb2:
    asyncpipe.commit 100
    cf.br ^bb3
  ^bb3:
    asyncpipe.copy %a, %b queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
    scf.yield
  }
  asyncpipe.copy %a, %b2 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
  asyncpipe.commit 100
  asyncpipe.commit 7
  asyncpipe.wait_queue 100, %n
  scf.for %i2 = %n to %k1_index step %k2_index {
    scf.execute_region {
      asyncpipe.copy %a, %b2 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
      asyncpipe.commit 100
      cf.br ^bb1
    ^bb1:
      asyncpipe.wait_queue 5, 2
      cf.br ^bb2
    ^bb2:
      scf.if %cond {
        asyncpipe.copy %a, %b2 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
        asyncpipe.commit 100
        asyncpipe.commit_queue 5 {
          asyncpipe.copy %a, %b : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
        }
        asyncpipe.copy %a, %b queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
        asyncpipe.commit 100
        asyncpipe.commit_queue 5 {
          asyncpipe.async_scope {
            %s2 = memref.load %a[%k0_index] : memref<2xi8>
            memref.store %s2, %b[%k0_index] : memref<2xi8, #gpu.address_space<workgroup>>
          }
          asyncpipe.copy %a2, %b : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
        }
        asyncpipe.commit_queue 5 {
          asyncpipe.copy %a, %b : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
          asyncpipe.copy %a, %b : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
        }
      }
      asyncpipe.commit_queue 100 {
        asyncpipe.copy %a, %b2 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
      }
      scf.yield
    }
    asyncpipe.commit_queue 5 {
      asyncpipe.copy %a, %b2 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
    }
    asyncpipe.copy %a, %b queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
    asyncpipe.commit 100
  }
  %v4 = memref.load %b2[%k0_index] : memref<2xi8, #gpu.address_space<workgroup>>
  asyncpipe.wait_queue 5, 1
  %v5 = memref.load %b[%k0_index] : memref<2xi8, #gpu.address_space<workgroup>>
  asyncpipe.wait_queue 100, 100
  asyncpipe.wait_queue 5, 100
  return
}
func.func @f1(%a: memref<4xf64>, %a2: memref<4xf64>, %b: memref<4xf64, 3>, %b2: memref<4xf64, 3>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %k0_index = arith.constant 100 : index
  %k1_index = arith.constant 3 : index
  %k2_index = arith.constant 2 : index
  %k3_index = arith.constant 1 : index
  %k4_index = arith.constant 7 : index
  %k5_i32 = arith.constant 100 : i32
  %k6_i32 = arith.constant 3 : i32
  %k7_index = arith.constant 5 : index
  %k8_index = arith.constant 4 : index
  %k9_index = arith.constant 2147483647 : index
  %k10_i32 = arith.constant -2147483648 : i32
  %k11_i32 = arith.constant 65 : i32
  %k12_i32 = arith.constant 1 : i32
  scf.if %cond {
    %t1 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
    %t2 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
    %g3 = asyncpipe.commit_group queue 100 (%t1, %t2)
    %t4 = asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
    %g5 = asyncpipe.commit_group queue 100 (%t4)
    %v6 = memref.load %b2[%k0_index] : memref<4xf64, 3>
    asyncpipe.wait %g3
    scf.if %cond {
      asyncpipe.wait %g3
      %er20 = scf.execute_region -> !asyncpipe.group {
        cf.cond_br %cond, ^bb1(%g5, %k1_index : !asyncpipe.group, index), ^bb1(%g3, %k2_index : !asyncpipe.group, index)
      ^bb1(%x7: !asyncpipe.group, %bi8: index):
        %t9 = asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
        %g10 = asyncpipe.commit_group queue 100 (%t9)
        cf.br ^bb2(%x7, %k3_index : !asyncpipe.group, index)
      ^bb2(%x11: !asyncpipe.group, %bi12: index):
        scf.execute_region {
          %t13 = asyncpipe.copy %a2, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g14 = asyncpipe.commit_group queue 100 (%t13)
          %t15 = asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %t16 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g17 = asyncpipe.commit_group queue 100 (%t15, %t16)
          cf.br ^bb1
        ^bb1:
          cf.br ^bb2
        ^bb2:
          cf.br ^bb3
        ^bb3:
          asyncpipe.wait %g14
          %t18 = asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g19 = asyncpipe.commit_group queue 100 (%t18)
          scf.yield
        }
        scf.yield %x11 : !asyncpipe.group
      }
      %r45 = scf.for %i21 = %k3_index to %k1_index step %k4_index iter_args(%x22 = %er20) -> (!asyncpipe.group) {
        %r30:2 = scf.for %i23 = %k0_index to %n step %n iter_args(%x24 = %x22, %x25 = %g5) -> (!asyncpipe.group, !asyncpipe.group) {
          asyncpipe.wait %x25
          %g26 = asyncpipe.commit_group queue 100 {
            asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3>
          }
          %v27 = memref.load %b2[%k0_index] : memref<4xf64, 3>
          %g28 = asyncpipe.commit_group queue 100 {
            asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3>
          }
          %g29 = asyncpipe.commit_group queue 100 {
            asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3>
          }
          asyncpipe.wait %x24
          scf.yield %g29, %x25 : !asyncpipe.group, !asyncpipe.group
        }
        asyncpipe.wait %er20
        %er41 = scf.execute_region -> !asyncpipe.group {
          cf.cond_br %cond, ^bb1(%g3, %k0_index : !asyncpipe.group, index), ^bb2(%g3, %k0_index : !asyncpipe.group, index)
        ^bb1(%x31: !asyncpipe.group, %bi32: index):
          %g33 = asyncpipe.commit_group queue 100 {
            asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3>
          }
          cf.cond_br %cond, ^bb2(%r30#1, %k0_index : !asyncpipe.group, index), ^bb3(%r30#0, %k1_index : !asyncpipe.group, index)
        ^bb2(%x34: !asyncpipe.group, %bi35: index):
          asyncpipe.wait %x34
          cf.br ^bb3(%r30#1, %k2_index : !asyncpipe.group, index)
        ^bb3(%x36: !asyncpipe.group, %bi37: index):
          %t38 = asyncpipe.copy %a2, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g39 = asyncpipe.commit_group queue 100 (%t38)
          %v40 = memref.load %b[%k0_index] : memref<4xf64, 3>
          scf.yield %x36 : !asyncpipe.group
        }
        %t42 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
        %g43 = asyncpipe.commit_group queue 100 (%t42)
        %g44 = asyncpipe.commit_group queue 100 {
          asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3>
        }
        asyncpipe.wait %x22
        scf.yield %g44 : !asyncpipe.group
      }
      %g46 = asyncpipe.commit_group queue 100 {
        asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3>
      }
      %er55 = scf.execute_region -> !asyncpipe.group {
        %g47 = scf.if %cond -> (!asyncpipe.group) {
          %g48 = asyncpipe.commit_group queue 100 {
            asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3>
          }
          scf.yield %g3 : !asyncpipe.group
        } else {
          scf.yield %g3 : !asyncpipe.group
        }
        %g49 = asyncpipe.commit_group queue 100 {
          asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3>
        }
        %t50 = asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
        %t51 = asyncpipe.copy %a, %b zero_fill : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
        %g52 = asyncpipe.commit_group queue 100 (%t50, %t51)
        cf.br ^bb1(%g3, %k3_index : !asyncpipe.group, index)
      ^bb1(%x53: !asyncpipe.group, %bi54: index):
        scf.yield %g3 : !asyncpipe.group
      }
    }
  } else {
    scf.for %i56 = %k3_index to %k3_index step %k1_index {
      scf.for %i57 = %k5_i32 to %m step %k6_i32 : i32 {
        %t58 = asyncpipe.copy %a2, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
        %g59 = asyncpipe.commit_group queue 100 (%t58)
        %g60 = asyncpipe.commit_group queue 100 {
          asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3>
        }
      }
      %t61 = asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
      %g62 = asyncpipe.commit_group queue 100 (%t61)
      asyncpipe.wait %g62
    }
    scf.for %i63 = %k0_index to %k7_index step %k2_index {
      %v64 = memref.load %b2[%k1_index] : memref<4xf64, 3>
      %t65 = asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
      %t66 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
      %g67 = asyncpipe.commit_group queue 100 (%t65, %t66)
      %t68 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
      %t69 = asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
      %g70 = asyncpipe.commit_group queue 100 (%t68, %t69)
      asyncpipe.wait %g67
      scf.for %i71 = %k7_index to %k8_index step %k3_index {
        %r80 = scf.for %i72 = %k0_index to %k9_index step %k4_index iter_args(%x73 = %g70) -> (!asyncpipe.group) {
          asyncpipe.wait %g67
          %t74 = asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %t75 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g76 = asyncpipe.commit_group queue 100 (%t74, %t75)
          %v77 = memref.load %b2[%k1_index] : memref<4xf64, 3>
          %v78 = memref.load %b[%k0_index] : memref<4xf64, 3>
          %g79 = asyncpipe.commit_group queue 100 {
            asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3>
          }
          scf.yield %g79 : !asyncpipe.group
        }
        scf.if %cond {
          %t81 = asyncpipe.copy %a2, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %t82 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g83 = asyncpipe.commit_group queue 100 (%t81, %t82)
          %t84 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %t85 = asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g86 = asyncpipe.commit_group queue 100 (%t84, %t85)
          asyncpipe.wait %g86
          %t87 = asyncpipe.copy %a, %b zero_fill : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g88 = asyncpipe.commit_group queue 100 (%t87)
          %t89 = asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g90 = asyncpipe.commit_group queue 100 (%t89)
          asyncpipe.wait %g86
        } else {
          %v91 = memref.load %b[%k0_index] : memref<4xf64, 3>
          %v92 = memref.load %b[%k0_index] : memref<4xf64, 3>
        }
        scf.if %cond {
          %v93 = memref.load %b2[%k0_index] : memref<4xf64, 3>
          asyncpipe.wait %g67
          %t94 = asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g95 = asyncpipe.commit_group queue 100 (%t94)
          asyncpipe.wait %g67
        } else {
          %v96 = memref.load %b[%k0_index] : memref<4xf64, 3>
          asyncpipe.wait %g70
          asyncpipe.wait %g67
          %v97 = memref.load %b[%k0_index] : memref<4xf64, 3>
          %t98 = asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
          %g99 = asyncpipe.commit_group queue 100 (%t98)
        }
      }
    }
    %v100 = memref.load %b[%k1_index] : memref<4xf64, 3>
    %t101 = asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
    %t102 = asyncpipe.copy %a2, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
    %g103 = asyncpipe.commit_group queue 100 (%t101, %t102)
    %t104 = asyncpipe.copy %a2, %b : memref<4xf64> to memref<4xf64, 3> -> !asyncpipe.token
    %g105 = asyncpipe.commit_group queue 100 (%t104)
  }
  scf.for %i106 = %k10_i32 to %k11_i32 step %k12_i32 : i32 {
    %g107 = asyncpipe.commit_group queue 100 {
      asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, 3>
    }
    %v108 = memref.load %b2[%k0_index] : memref<4xf64, 3>
  }
  return
}
