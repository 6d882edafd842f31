// A function split into cases of its run-time arguments starts no new case
// once a quarter of its step budget is spent; the rest analyzes it once over
// every value. Here a loop of run-time lower bound (%arg6 to 16) whose
// counts grow for its first iterations was split into one case per trip
// count, each run from the function's entry: quadratic, and the whole
// budget (5,000,000 steps then: 20 s in a debug build) spent before a
// verdict, or with this budget no verdict at all ("the analysis stopped
// after 1000000 steps"). Fuzzer seed 4000, execution 218, on
// asyncpipe-synchronize's output. Now the races are reported, at their
// accesses.
// RUN: not asyncpipe-opt %s --asyncpipe-verify-sync=max-steps=1000000 -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK-NOT: stopped after
// CHECK: :57:15: error: accesses memory that an asynchronous operation may still be writing
// CHECK: :77:10: error: accesses memory that an asynchronous operation may still be writing
// CHECK: :79:10: error: accesses memory that an asynchronous operation may still be writing
func.func @f0(%arg0: memref<2xi8>, %arg1: memref<2xi8>, %arg2: memref<2xi8, #gpu.address_space<workgroup>>, %arg3: memref<2xi8, #gpu.address_space<workgroup>>, %arg4: memref<64x8xf32>, %arg5: memref<64x8xf32>, %arg6: index, %arg7: i32, %arg8: i64, %arg9: i1) {
    %c100 = arith.constant 100 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    scf.execute_region {
      %2 = memref.load %arg2[%c100] : memref<2xi8, #gpu.address_space<workgroup>>
      cf.cond_br %arg9, ^bb1, ^bb1
    ^bb1:  // 2 preds: ^bb0, ^bb0
      asyncpipe.copy %arg1, %arg2 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
      cf.br ^bb2
    ^bb2:  // pred: ^bb1
      asyncpipe.commit 100
      cf.br ^bb3
    ^bb3:  // pred: ^bb2
      asyncpipe.copy %arg0, %arg2 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
      scf.yield
    }
    asyncpipe.copy %arg0, %arg3 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
    asyncpipe.commit 100
    asyncpipe.commit 7
    asyncpipe.wait_queue 100, %arg6
    scf.for %arg10 = %arg6 to %c16 step %c1 {
      scf.execute_region {
        asyncpipe.copy %arg0, %arg3 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
        asyncpipe.commit 100
        cf.br ^bb1
      ^bb1:  // pred: ^bb0
        asyncpipe.wait_queue 5, 2
        cf.br ^bb2
      ^bb2:  // pred: ^bb1
        scf.if %arg9 {
          asyncpipe.copy %arg0, %arg3 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
          asyncpipe.commit 100
          asyncpipe.commit_queue 5 {
            asyncpipe.copy %arg0, %arg2 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
          }
          asyncpipe.copy %arg0, %arg2 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
          asyncpipe.commit 100
          asyncpipe.commit_queue 5 {
            asyncpipe.async_scope {
              %2 = memref.load %arg0[%c100] : memref<2xi8>
              memref.store %2, %arg2[%c100] : memref<2xi8, #gpu.address_space<workgroup>>
            }
            asyncpipe.copy %arg1, %arg2 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
          }
          asyncpipe.commit_queue 5 {
            asyncpipe.copy %arg0, %arg2 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
            asyncpipe.copy %arg0, %arg2 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
          }
        }
        asyncpipe.commit_queue 100 {
          asyncpipe.copy %arg0, %arg3 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
        }
        scf.yield
      }
      asyncpipe.commit_queue 5 {
        asyncpipe.copy %arg0, %arg3 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
      }
      asyncpipe.copy %arg0, %arg2 queue 100 : memref<2xi8> to memref<2xi8, #gpu.address_space<workgroup>>
      asyncpipe.commit 100
    }
    %0 = memref.load %arg3[%c100] : memref<2xi8, #gpu.address_space<workgroup>>
    asyncpipe.wait_queue 5, 1
    %1 = memref.load %arg2[%c100] : memref<2xi8, #gpu.address_space<workgroup>>
    asyncpipe.wait_queue 100, 100
    asyncpipe.wait_queue 5, 100
    return
  }
