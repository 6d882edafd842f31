// The seed's 4x-buffered GEMM in counting form, back to token form: the loop
// carries a window of the last four groups (the seed's "circular buffer of
// tokens"), and each counting wait names the group it completes.
// RUN: asyncpipe-opt %s --asyncpipe-count-to-token | FileCheck %s

// CHECK-LABEL: func.func @gemm
// CHECK: %[[NONE:.*]] = asyncpipe.completed
// CHECK: %[[T0:.*]] = asyncpipe.copy {{.*}} -> !asyncpipe.token
// CHECK-NEXT: %[[P0:.*]] = asyncpipe.commit_group queue 0 (%[[T0]])
// CHECK: %[[P1:.*]] = asyncpipe.commit_group queue 0
// CHECK: %[[P2:.*]] = asyncpipe.commit_group queue 0
// CHECK: %[[R:.*]]:4 = scf.for {{.*}} iter_args(%[[W0:.*]] = %[[P2]], %[[W1:.*]] = %[[P1]], %[[W2:.*]] = %[[P0]], %[[W3:.*]] = %[[NONE]])
// CHECK: %[[N:.*]] = asyncpipe.commit_group queue 0
// The wait for at most 3 in flight completes tile i (committed 4 groups ago),
// the wait for at most 2 completes tile i + 1.
// CHECK-NEXT: asyncpipe.wait %[[W2]]
// CHECK-NEXT: asyncpipe.wait %[[W1]]
// CHECK-NEXT: scf.yield %[[N]], %[[W0]], %[[W1]], %[[W2]]
// CHECK: asyncpipe.wait %[[R]]#2
// CHECK-NEXT: asyncpipe.wait %[[R]]#1
// CHECK-NEXT: asyncpipe.wait %[[R]]#0
func.func @gemm(%g: memref<16xf32>, %s: memref<16xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c125 = arith.constant 125 : index
  asyncpipe.copy %g, %s queue 0 : memref<16xf32> to memref<16xf32, 3>
  asyncpipe.commit 0
  asyncpipe.copy %g, %s queue 0 : memref<16xf32> to memref<16xf32, 3>
  asyncpipe.commit 0
  asyncpipe.copy %g, %s queue 0 : memref<16xf32> to memref<16xf32, 3>
  asyncpipe.commit 0
  scf.for %i = %c0 to %c125 step %c1 {
    asyncpipe.copy %g, %s queue 0 : memref<16xf32> to memref<16xf32, 3>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 3
    asyncpipe.wait_queue 0, 2
  }
  asyncpipe.wait_queue 0, 2
  asyncpipe.wait_queue 0, 1
  asyncpipe.wait_queue 0, 0
  return
}
