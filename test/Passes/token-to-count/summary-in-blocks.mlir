// A region op (an scf.execute_region holding blocks) inside a region of
// blocks, visited twice by the outer region's iteration: its summary starts
// from the live-ins alone, so a value it does not set keeps what an earlier
// visit left, and debug builds compare the summary with the op's analysis
// from the same entry without those stale values (the fuzzer found the
// summary dropping the op's result there, and the check failing).
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count -o /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count=single-hw-queue=true -o /dev/null

func.func @f0(%a: memref<4xf32>, %a2: memref<4xf32>, %b: memref<4xf32, #gpu.address_space<workgroup>>, %b2: memref<4xf32, #gpu.address_space<workgroup>>, %src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1) {
  %k2_index = arith.constant 3 : index
  scf.execute_region {
    %t1 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, #gpu.address_space<workgroup>> -> !asyncpipe.token
    %g2 = asyncpipe.commit_group queue 0 (%t1)
    cf.br ^bb1
  ^bb1:
    cf.br ^bb2
  ^bb2:
      %er41 = scf.execute_region -> !asyncpipe.group {
        cf.br ^bb3(%g2, %k2_index : !asyncpipe.group, index)
      ^bb3(%x37: !asyncpipe.group, %bi38: index):
        scf.yield %x37 : !asyncpipe.group
      }
    scf.yield
  }
  return
}
