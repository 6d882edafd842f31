// Fuzzer seed 4000, execution 6151 (generated kernel; scf.execute_region CFG).
// asyncpipe-opt --asyncpipe-place-barriers %s
// Runs past 10 s (debug build).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @f0(%a: memref<4xi8>, %a2: memref<4xi8>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) kernel attributes {known_block_size = array<i32: 2, 1, 1>} {
      %b = memref.alloc() : memref<4xi8, #gpu.address_space<workgroup>>
      %b2 = memref.alloc() : memref<4xi8, #gpu.address_space<workgroup>>
      %k0_index = arith.constant 0 : index
      %k1_index = arith.constant 3 : index
      %k2_index = arith.constant 2 : index
      %k3_i64 = arith.constant 0 : i64
      %k4_i64 = arith.constant 2 : i64
      %k5_index = arith.constant 1 : index
      %k6_index = arith.constant 4 : index
      %k7_index = arith.constant 7 : index
      %k8_index = arith.constant 4611686018427387904 : index
        %v1 = memref.load %b[%k1_index] : memref<4xi8, #gpu.address_space<workgroup>>
        %c2 = asyncpipe.completed
        %c3 = asyncpipe.completed
        cf.br ^bb1(%c2, %c3 : !asyncpipe.group, !asyncpipe.group)
      ^bb1(%bg4: !asyncpipe.group, %bg5: !asyncpipe.group):
        asyncpipe.wait %bg5
        %v6 = memref.load %b[%k0_index] : memref<4xi8, #gpu.address_space<workgroup>>
        asyncpipe.wait %bg4
        cf.cond_br %cond, ^bb4(%k2_index, %bg4 : index, !asyncpipe.group), ^bb2
      ^bb2:
        scf.execute_region {
          %v7 = memref.load %b[%k0_index] : memref<4xi8, #gpu.address_space<workgroup>>
          cf.br ^bb1
        ^bb1:
          scf.for %i8 = %k3_i64 to %m64 step %k4_i64 : i64 {
            %t9 = asyncpipe.copy %a2, %b : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>> -> !asyncpipe.token
            %t10 = asyncpipe.copy %a2, %b : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>> -> !asyncpipe.token
            %g11 = asyncpipe.commit_group queue 0 (%t9, %t10)
            %t12 = asyncpipe.copy %a, %b2 : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>> -> !asyncpipe.token
            %g13 = asyncpipe.commit_group queue 0 (%t12)
            %t14 = asyncpipe.copy %a, %b : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>> -> !asyncpipe.token
            %g15 = asyncpipe.commit_group queue 0 (%t14)
          }
          cf.br ^bb2
        ^bb2:
          scf.for %i16 = %k0_index to %n step %k2_index {
            %g17 = asyncpipe.commit_group queue 0 {
              asyncpipe.copy %a, %b2 : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>>
            }
          }
          scf.yield
        }
        scf.for %i18 = %k5_index to %k6_index step %k7_index {
          scf.if %cond {
            %v19 = memref.load %b[%k1_index] : memref<4xi8, #gpu.address_space<workgroup>>
            %t20 = asyncpipe.copy %a2, %b : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>> -> !asyncpipe.token
            %t21 = asyncpipe.copy %a, %b : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>> -> !asyncpipe.token
            %g22 = asyncpipe.commit_group queue 0 (%t20, %t21)
            %v23 = memref.load %b2[%k0_index] : memref<4xi8, #gpu.address_space<workgroup>>
            %v24 = memref.load %b2[%k0_index] : memref<4xi8, #gpu.address_space<workgroup>>
            %v25 = memref.load %b[%k1_index] : memref<4xi8, #gpu.address_space<workgroup>>
          }
        }
        %t26 = asyncpipe.copy %a, %b : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>> -> !asyncpipe.token
        %g27 = asyncpipe.commit_group queue 0 (%t26)
        cf.br ^bb3
      ^bb3:
        %t28 = asyncpipe.copy %a, %b : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>> -> !asyncpipe.token
        %g29 = asyncpipe.commit_group queue 0 (%t28)
        asyncpipe.wait %g29
        %g30 = asyncpipe.commit_group queue 0 {
          asyncpipe.copy %a2, %b : memref<4xi8> to memref<4xi8, #gpu.address_space<workgroup>>
        }
        %c31 = asyncpipe.completed
        cf.cond_br %cond, ^bb4(%n, %c31 : index, !asyncpipe.group), ^bb3
      ^bb4(%bi32: index, %bg33: !asyncpipe.group):
        %v34 = memref.load %b[%k0_index] : memref<4xi8, #gpu.address_space<workgroup>>
        gpu.return
    }
  }
}
