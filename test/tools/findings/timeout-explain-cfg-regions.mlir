// Fuzzer seed 4000, execution 2839 (generated; scf.execute_region CFGs).
// asyncpipe-opt --asyncpipe-explain %s
// Runs past 10 s (debug build).
func.func @f0(%a: memref<4xf64>, %a2: memref<4xf64>, %b: memref<4xf64, #gpu.address_space<workgroup>>, %b2: memref<4xf64, #gpu.address_space<workgroup>>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %k0_index = arith.constant -3 : index
  %k1_index = arith.constant 1000000000000 : index
  %k2_index = arith.constant 1 : index
  %k3_index = arith.constant 0 : index
  %k4_index = arith.constant 5 : index
  %k5_index = arith.constant 1005 : index
  %k6_index = arith.constant 4611686018427387904 : index
  %k7_index = arith.constant 65 : index
  %k8_index = arith.constant 7 : index
  %k9_index = arith.constant 3 : index
  asyncpipe.commit_queue 5 {
    asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>>
  }
  asyncpipe.wait_queue 0, 0
  %t1 = asyncpipe.copy %a2, %b : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>> -> !asyncpipe.token
  %t2 = asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>> -> !asyncpipe.token
  %g3 = asyncpipe.commit_group queue 5 (%t1, %t2)
  asyncpipe.wait %g3
  asyncpipe.wait_queue 0, 9223372036854775807
  scf.for %i4 = %k0_index to %k1_index step %k2_index {
    scf.for %i5 = %k3_index to %n step %k2_index {
      %v6 = memref.load %b2[%k3_index] : memref<4xf64, #gpu.address_space<workgroup>>
      scf.for %i7 = %k4_index to %k5_index step %k2_index {
        %er10 = scf.execute_region -> !asyncpipe.group {
          cf.br ^bb1(%g3, %k6_index : !asyncpipe.group, index)
        ^bb1(%x8: !asyncpipe.group, %bi9: index):
          asyncpipe.commit_queue 0 {
            asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>>
          }
          asyncpipe.commit_queue 5 {
            asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>>
          }
          scf.yield %x8 : !asyncpipe.group
        }
        asyncpipe.wait %g3
        asyncpipe.commit_queue 0 {
          asyncpipe.copy %a, %b2 : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>>
          asyncpipe.copy %a2, %b2 : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>>
        }
        asyncpipe.commit 0
        %r15 = scf.for %i11 = %k4_index to %k7_index step %k8_index iter_args(%x12 = %g3) -> (!asyncpipe.group) {
          asyncpipe.wait %er10
          %v13 = memref.load %b2[%k9_index] : memref<4xf64, #gpu.address_space<workgroup>>
          asyncpipe.commit_queue 0 {
            asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>>
          }
          asyncpipe.wait %x12
          %g14 = asyncpipe.commit_group queue 5 {
            asyncpipe.copy %a2, %b : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>>
          }
          scf.yield %g14 : !asyncpipe.group
        }
      }
    }
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %b : memref<4xf64> to memref<4xf64, #gpu.address_space<workgroup>>
    }
    scf.execute_region {
      asyncpipe.wait_queue 5, 1
      cf.cond_br %cond, ^bb1, ^bb2
    ^bb1:
      asyncpipe.wait %g3
      cf.br ^bb2
    ^bb2:
      scf.yield
    }
  }
  asyncpipe.wait_queue 5, 2
  asyncpipe.wait %g3
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 5, 0
  return
}
