// The pipelined cooperative tile with its queue as a bulk queue (sm_90:
// cp.async.bulk completing on a ring of mbarriers that expect one arrival
// per thread), on the CPU block model: the mbarriers are the block's, a
// thread whose wait finds its phase incomplete stops and lets the others
// run, and a bulk copy lands when issued (early) or when the first wait
// sees its phase complete (late).
//
// What the mbarrier guarantees every waiting thread: its phase completes
// only when every thread has arrived and all their copies have landed, so
// the reads of other threads' rows need no barrier after the wait: the
// kernel, pipelined with bulk-queues=0, has none there (the cp.async
// pipeline has two, after the epilogue's waits) and every order and copy
// timing gives the right sums. What still needs a barrier: the copies of
// the next tile overwrite the version other threads read one iteration
// earlier, and without the body's barrier early copies spoil those reads.
// Each mbarrier wait is needed too, and so is the barrier after the
// rings' initialization (without it, a thread that runs first uses an
// mbarrier before thread 0 has initialized it).
// RUN: asyncpipe-opt %S/../Passes/software-pipeline/cooperative.mlir --asyncpipe-software-pipeline=bulk-queues=0 \
// RUN:   --asyncpipe-verify-sync=bulk-queues=0 --asyncpipe-to-nvgpu=bulk-queues=0 | %unwrap-module > %t.kernel.mlir
// RUN: cat %t.kernel.mlir %S/Inputs/cooperative-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s --input-file %t.out
// RUN: %each-sync-needed --expected %t.out %t.kernel.mlir \
// RUN:   'cat - %S/Inputs/cooperative-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED

// Copies late, then early; orders forward, reverse, random x3; then the
// starving order x5, copies late, then early.
// CHECK-COUNT-20: {{^0$}}
// CHECK-NOT: {{.}}

// NEEDED: barrier 1 (line {{[0-9]+}}) removed: the model stopped the run (block-sim: an mbarrier used before it was initialized)
// NEEDED: barrier 2 (line {{[0-9]+}}) removed: result changed
// NEEDED: mbarrier wait 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: mbarrier wait 2 (line {{[0-9]+}}) removed: result changed
// NEEDED: mbarrier wait 3 (line {{[0-9]+}}) removed: result changed
// NEEDED: 5 mutants, 5 changed the result

// The same kernel pipelined for cp.async and lowered with bulk queues keeps
// the epilogue's two barriers; the model finds them needless (removing
// either changes nothing), which asyncpipe-eliminate-barriers{bulk-queues=0}
// agrees with (Passes/software-pipeline/cooperative-bulk.mlir).
// RUN: asyncpipe-opt %S/../Passes/software-pipeline/cooperative.mlir --asyncpipe-software-pipeline \
// RUN:   --asyncpipe-to-nvgpu=bulk-queues=0 | %unwrap-module > %t.extra.mlir
// RUN: not %each-sync-needed %t.extra.mlir \
// RUN:   'cat - %S/Inputs/cooperative-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=EXTRA
// EXTRA: barrier 2 (line {{[0-9]+}}) removed: result changed
// EXTRA: barrier 3 (line {{[0-9]+}}) removed: same result (not shown to be needed)
// EXTRA: barrier 4 (line {{[0-9]+}}) removed: same result (not shown to be needed)
// EXTRA: 7 mutants, 5 changed the result
