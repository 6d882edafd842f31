// The seed's interleaved producers: A and B copies on queue 0 with their
// consumer between them (stage [0, 0, 3], order [0, 2, 1]). In steady state
// the count at compute is 5 (the seed's figure). With the seed's prologue,
// which commits A and B together as one group per iteration, the first body
// iteration has only 3 groups after the one it waits for (P0: P1, P2, A3):
// 5 would let P0 stay in flight there, so the exact single count is 3.
// Committing the prologue's A and B separately makes 5 exact.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @seed_prologue
func.func @seed_prologue(%a: memref<16xf32>, %sa: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %p0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  %p1 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  %p2 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  %r:6 = scf.for %i = %c0 to %c13 step %c1
      iter_args(%a0 = %p0, %a1 = %p1, %a2 = %p2, %b0 = %p0, %b1 = %p1, %b2 = %p2)
      -> (!asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group) {
    %ga = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
    }
    // CHECK: asyncpipe.wait_queue 0, 3
    asyncpipe.wait %a0, %b0
    %gb = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
    }
    scf.yield %a1, %a2, %ga, %b1, %b2, %gb : !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group
  }
  return
}

// CHECK-LABEL: func.func @separate_prologue_groups
func.func @separate_prologue_groups(%a: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %pa0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  %pb0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  %pa1 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  %pb1 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  %pa2 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  %pb2 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
  }
  %r:6 = scf.for %i = %c0 to %c13 step %c1
      iter_args(%a0 = %pa0, %a1 = %pa1, %a2 = %pa2, %b0 = %pb0, %b1 = %pb1, %b2 = %pb2)
      -> (!asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group) {
    %ga = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
    }
    // The seed's count: ((i + 3) - i) + (((i - 1) + 3) - i) = 3 + 2.
    // CHECK: asyncpipe.wait_queue 0, 5
    asyncpipe.wait %a0, %b0
    %gb = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %a, %a : memref<16xf32> to memref<16xf32>
    }
    scf.yield %a1, %a2, %ga, %b1, %b2, %gb : !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group, !asyncpipe.group
  }
  return
}
