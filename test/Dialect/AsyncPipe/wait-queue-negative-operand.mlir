// An index count below 0 waits as 0 does (every group completes), and a
// constant one is valid IR: canonicalize inlines a loop of one iteration at
// i = -3 into `asyncpipe.wait_queue 0, %c-3`, which the verifier rejected,
// so a valid input came out of an upstream pass as IR that did not verify (a
// fuzzer finding, 100k campaign). The static attribute is never negative.
// RUN: asyncpipe-opt %s --canonicalize | FileCheck %s
// RUN: asyncpipe-opt %s --canonicalize --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-verify-sync -o /dev/null

// CHECK-LABEL: func.func @one_iteration
// CHECK: %[[N:.*]] = arith.constant -3 : index
// CHECK: asyncpipe.wait_queue 0, %[[N]]
// CHECK-NOT: scf.for
func.func @one_iteration(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %lb = arith.constant -3 : index
  %ub = arith.constant -2 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  scf.for %i = %lb to %ub step %c1 {
    asyncpipe.wait_queue 0, %i
  }
  // Proven: the wait's count is -3, below 0, so the copy has completed.
  %v = memref.load %b[%c0] : memref<4xf32, 3>
  return %v : f32
}
