// Token form with MMAs: each wait becomes a counting wait on the MMA's own
// queue, and back (count-to-token) to the same waits. With single-hw-queue
// the copies' queues share PTX's one cp.async queue but the MMA queue keeps
// its own (the tensor cores' group queue is not cp.async's): the wait for
// the first MMA still lets the second stay in flight, and the wait for the
// tile counts only the copies.
// RUN: asyncpipe-opt %s --asyncpipe-verify-sync --asyncpipe-token-to-count --asyncpipe-verify-sync | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count --asyncpipe-count-to-token --asyncpipe-verify-sync | FileCheck %s --check-prefix=BACK
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count=single-hw-queue=true --asyncpipe-verify-sync | FileCheck %s --check-prefix=SINGLE

// CHECK-LABEL: func.func @chain
// CHECK: asyncpipe.copy %{{.*}} queue 0
// CHECK-NEXT: asyncpipe.commit 0
// CHECK-NEXT: asyncpipe.copy %{{.*}} queue 2
// CHECK-NEXT: asyncpipe.commit 2
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: asyncpipe.mma %{{.*}} queue 1
// CHECK-NEXT: asyncpipe.commit 1
// CHECK-NEXT: asyncpipe.wait_queue 2, 0
// CHECK-NEXT: asyncpipe.mma %{{.*}} queue 1
// CHECK-NEXT: asyncpipe.commit 1
// CHECK-NEXT: asyncpipe.wait_queue 1, 1
// CHECK-NEXT: asyncpipe.copy %{{.*}} queue 0
// CHECK-NEXT: asyncpipe.commit 0
// CHECK-NEXT: asyncpipe.wait_queue 1, 0
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: asyncpipe.accumulator_store

// BACK-LABEL: func.func @chain
// BACK: %[[T:.*]] = asyncpipe.mma
// BACK-NEXT: %[[G:.*]] = asyncpipe.commit_group queue 1 (%[[T]])
// BACK: asyncpipe.commit_group queue 1
// BACK: asyncpipe.wait %[[G]]

// SINGLE-LABEL: func.func @chain
// SINGLE: asyncpipe.wait_queue 0, 1
// SINGLE-NEXT: asyncpipe.mma %{{.*}} queue 1
// SINGLE: asyncpipe.wait_queue 0, 0
// SINGLE-NEXT: asyncpipe.mma %{{.*}} queue 1
// SINGLE: asyncpipe.wait_queue 1, 1
func.func @chain(%g: memref<64x16xf16>, %a0: memref<64x16xf16, 3>, %a1: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>, %c: memref<64x64xf32>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  %t0 = asyncpipe.copy %g, %a0 : memref<64x16xf16> to memref<64x16xf16, 3> -> !asyncpipe.token
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  %t1 = asyncpipe.copy %g, %a1 : memref<64x16xf16> to memref<64x16xf16, 3> -> !asyncpipe.token
  %g1 = asyncpipe.commit_group queue 2 (%t1)
  asyncpipe.wait %g0
  %m0 = asyncpipe.mma %a0, %b, %acc : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32> -> !asyncpipe.token
  %h0 = asyncpipe.commit_group queue 1 (%m0)
  asyncpipe.wait %g1
  %m1 = asyncpipe.mma %a1, %b, %acc : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32> -> !asyncpipe.token
  %h1 = asyncpipe.commit_group queue 1 (%m1)
  // The first MMA has read a0: the next tile may land there.
  asyncpipe.wait %h0
  %t2 = asyncpipe.copy %g, %a0 : memref<64x16xf16> to memref<64x16xf16, 3> -> !asyncpipe.token
  %g2 = asyncpipe.commit_group queue 0 (%t2)
  asyncpipe.wait %h1
  asyncpipe.wait %g2
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
  return
}
