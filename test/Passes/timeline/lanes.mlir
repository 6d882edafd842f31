// asyncpipe-timeline's other lanes and cases: block barriers (the
// cooperative kernel after the pipeliner), asyncop chains (two matmuls in
// flight at once after asyncop-schedule), async tasks (par-to-async's
// tasks until the group's await), a loop without a constant trip count
// (drawn with example-trip-count iterations, said in the picture), and the
// errors: nothing to draw, example-trip-count=0.
// RUN: rm -rf %t && mkdir -p %t
// RUN: asyncpipe-opt %S/../software-pipeline/cooperative.mlir --asyncpipe-software-pipeline --asyncpipe-timeline=output=%t -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file %t/cooperative.timeline.svg --check-prefix=BARRIER
// BARRIER: <line class="barrier"
// BARRIER-SAME: <title>block barrier at cooperative.mlir:
// BARRIER: >barrier<
// RUN: asyncpipe-opt %S/../asyncop-schedule/schedule.mlir -split-input-file --asyncop-schedule --asyncpipe-timeline=output=%t -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file %t/overlap.timeline.svg --check-prefix=CHAINS
// CHAINS: >asyncop chains<
// Both first chains are started before the first done: group 1 is
// committed (step 1) before group 0 completes (step 2).
// CHAINS: <title>group 0 on the chains' lane: committed at step 0, completed at step 2</title>
// CHAINS: <title>group 1 on the chains' lane: committed at step 1, completed at step 3</title>
// CHAINS: <title>group 2 on the chains' lane: committed at step 4, completed at step 5</title>
// CHAINS: completes g0</title>
// CHAINS: wait done
// CHAINS: completes g1</title>
// RUN: asyncpipe-opt %S/../par-to-async/lower.mlir --par-to-async --asyncpipe-timeline="output=%t example-trip-count=5" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file %t/fill.timeline.svg --check-prefix=TASKS
// TASKS: assumed: the loop at lower.mlir:{{[0-9]+}} runs 5 iterations (its trip count is not a constant)
// TASKS: >async tasks<
// All five tasks run until the group's await (step 5).
// TASKS: <title>group 0 on the tasks' lane: committed at step 0, completed at step 5</title>
// TASKS: <title>group 4 on the tasks' lane: committed at step 4, completed at step 5</title>
// TASKS: completes g0 g1 g2 g3 g4</title>
// TASKS: wait await
// RUN: not asyncpipe-opt %S/../par-to-scf/lower.mlir --asyncpipe-timeline=output=%t 2>&1 | FileCheck %s --check-prefix=NOTHING
// NOTHING: error: asyncpipe-timeline: no function here has async work to draw (asyncpipe commits or waits)
// RUN: not asyncpipe-opt %S/../par-to-async/lower.mlir --par-to-async --asyncpipe-timeline=example-trip-count=0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: asyncpipe-timeline: example-trip-count=0, a loop is drawn with at least one iteration
// Bulk queues: each lane is a ring of mbarriers, one per group in flight at
// a wait plus the one filling (4 and 3 here, the rings asyncpipe-to-nvgpu
// makes for this kernel).
// RUN: asyncpipe-opt %S/../../../examples/stream_dot.mlir --asyncpipe-software-pipeline=bulk-queues=0,1 --asyncpipe-timeline="output=%t/bulk bulk-queues=0,1" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file %t/bulk/stream_dot.timeline.svg --check-prefix=BULK
// BULK: >queue 0<
// BULK-NEXT: mbarrier ring of 4<
// BULK: >queue 1<
// BULK-NEXT: mbarrier ring of 3<
// A function without async work beside ones with it: a remark, no file.
// RUN: asyncpipe-opt %S/../asyncop-schedule/schedule.mlir -split-input-file --asyncop-schedule --asyncpipe-timeline=output=%t/quiet -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET: remark: no timeline for @mm: it has no async work (asyncpipe commits or waits, asyncop chains, async tasks)
// RUN: not ls %t/quiet/mm.timeline.svg
