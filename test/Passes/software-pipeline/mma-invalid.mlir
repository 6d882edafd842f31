// An MMA in a pipelined loop is written synchronous: its stage's place in
// async_stages makes it async. One already on a queue is an error at it.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline -verify-diagnostics

func.func @async_mma(%a: memref<64x32xf16, 3>, %b: memref<32x64xf16, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  scf.for %k = %c0 to %c4 step %c1 {
    // expected-error @below {{an MMA in a pipelined loop is written synchronous (no queue, no token): the stage's place in async_stages makes it async, on the stage's queue}}
    asyncpipe.mma %a, %b, %acc queue 1 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<64x32xf16, 3>, memref<32x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  } {asyncpipe.async_stages = array<i64: 0>}
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  return
}
