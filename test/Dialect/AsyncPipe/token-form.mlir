// RUN: asyncpipe-opt %s | FileCheck %s
// Round trip, then parse the printed form again: the output must be stable.
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s

// CHECK-LABEL: func.func @copy_commit_wait
func.func @copy_commit_wait(%g: memref<4x8xf32>, %s: memref<4x8xf32, 3>) {
  // CHECK: %[[T0:.*]] = asyncpipe.copy %{{.*}}, %{{.*}} : memref<4x8xf32> to memref<4x8xf32, 3> -> !asyncpipe.token
  %t0 = asyncpipe.copy %g, %s : memref<4x8xf32> to memref<4x8xf32, 3> -> !asyncpipe.token
  // CHECK: %[[T1:.*]] = asyncpipe.async_scope -> !asyncpipe.token {
  %t1 = asyncpipe.async_scope -> !asyncpipe.token {
    %c0 = arith.constant 0 : index
    %v = memref.load %g[%c0, %c0] : memref<4x8xf32>
    memref.store %v, %s[%c0, %c0] : memref<4x8xf32, 3>
  }
  // CHECK: %[[G:.*]] = asyncpipe.commit_group queue 0 (%[[T0]], %[[T1]])
  %grp = asyncpipe.commit_group queue 0 (%t0, %t1)
  // CHECK: asyncpipe.wait %[[G]]
  asyncpipe.wait %grp
  return
}

// CHECK-LABEL: func.func @region_group
func.func @region_group(%g: memref<4xf32>, %s: memref<4xf32, 3>) -> !asyncpipe.group {
  // CHECK: asyncpipe.commit_group queue 1 {
  // CHECK-NEXT: asyncpipe.copy %{{.*}}, %{{.*}} : memref<4xf32> to memref<4xf32, 3>
  // CHECK-NEXT: }
  %grp = asyncpipe.commit_group queue 1 {
    asyncpipe.copy %g, %s : memref<4xf32> to memref<4xf32, 3>
  }
  return %grp : !asyncpipe.group
}
