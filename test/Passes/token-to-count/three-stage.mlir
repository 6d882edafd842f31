// The seed's three-stage pipeline: stage 0 (queue 0) produces B, stage 1
// (queue 1) consumes B and produces C, stage 2 consumes C. Each queue is its
// own hardware queue by default; with single-hw-queue both map onto one
// queue (PTX), so each count also includes the other queue's commits.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count | FileCheck %s --check-prefix=SEP
// RUN: asyncpipe-opt %s --pass-pipeline='builtin.module(asyncpipe-token-to-count{single-hw-queue=true})' | FileCheck %s --check-prefix=ONE

func.func @three_stage(%A: memref<16xf32>, %B: memref<2xf32>, %C: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c14 = arith.constant 14 : index
  // Prologue: B[0], B[1] on queue 0; C[0] on queue 1.
  %b0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %A, %A : memref<16xf32> to memref<16xf32>
  }
  %b1 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %A, %A : memref<16xf32> to memref<16xf32>
  }
  asyncpipe.wait %b0
  %cg0 = asyncpipe.commit_group queue 1 {
    asyncpipe.copy %B, %C : memref<2xf32> to memref<2xf32>
  }
  %r:3 = scf.for %i = %c0 to %c14 step %c1 iter_args(%bw = %b1, %cw = %cg0, %unused = %cg0)
      -> (!asyncpipe.group, !asyncpipe.group, !asyncpipe.group) {
    // Stage 0
    %bn = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %A, %A : memref<16xf32> to memref<16xf32>
    }
    // Stage 1: waits for B of the previous iteration, produces C.
    asyncpipe.wait %bw
    %cn = asyncpipe.commit_group queue 1 {
      asyncpipe.copy %B, %C : memref<2xf32> to memref<2xf32>
    }
    // Stage 2: waits for C of the previous iteration.
    asyncpipe.wait %cw
    scf.yield %bn, %cn, %cw : !asyncpipe.group, !asyncpipe.group, !asyncpipe.group
  }
  // Epilogue, unrolled. i = 0: stage 1 consumes B[15] and produces C[15];
  // stage 2 consumes C[14]. i = 1: stage 2 consumes C[15].
  asyncpipe.wait %r#0
  %c15 = asyncpipe.commit_group queue 1 {
    asyncpipe.copy %B, %C : memref<2xf32> to memref<2xf32>
  }
  asyncpipe.wait %r#1
  asyncpipe.wait %c15
  return
}
// The seed's async_wait_queue(0, 1) and async_wait_queue(1, 1).
// SEP: scf.for
// SEP: asyncpipe.wait_queue 0, 1
// SEP: asyncpipe.wait_queue 1, 1
// The seed's epilogue: async_wait_queue(0, 0), then (1, 1), then (1, 0).
// SEP: }
// SEP-NEXT: asyncpipe.wait_queue 0, 0
// SEP: asyncpipe.wait_queue 1, 1
// SEP-NEXT: asyncpipe.wait_queue 1, 0
// On one queue: after B(i+1) come B(i+2), C(i+1)... at stage 1 in iteration
// i: B(i+1) was followed by C(i) and B(i+2): 2. At stage 2: C(i) was followed
// by B(i+2) and C(i+1): 2 (the first iteration has C0 followed by B2, C1: 2).
// ONE: scf.for
// ONE: asyncpipe.wait_queue 0, 2
// ONE: asyncpipe.wait_queue 0, 2
// Epilogue on one queue: B[15] was followed by C[14]; C[14] by C[15].
// ONE: }
// ONE-NEXT: asyncpipe.wait_queue 0, 1
// ONE: asyncpipe.wait_queue 0, 1
// ONE-NEXT: asyncpipe.wait_queue 0, 0
