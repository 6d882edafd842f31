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
// CHAINS: <title>group 0 on the chains' lane: </title>
// CHAINS: <title>group 1 on the chains' lane: </title>
// CHAINS: <title>group 2 on the chains' lane: </title>
// Both first chains are started before the first done.
// CHAINS: completes g0</title>
// CHAINS: wait done
// CHAINS: completes g1</title>
// RUN: asyncpipe-opt %S/../par-to-async/lower.mlir --par-to-async --asyncpipe-timeline="output=%t example-trip-count=5" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file %t/fill.timeline.svg --check-prefix=TASKS
// TASKS: assumed: the loop at lower.mlir:{{[0-9]+}} runs 5 iterations (its trip count is not a constant)
// TASKS: >async tasks<
// TASKS: <title>group 4 on the tasks' lane: </title>
// TASKS: completes g0 g1 g2 g3 g4</title>
// TASKS: wait await
// RUN: not asyncpipe-opt %S/../par-to-scf/lower.mlir --asyncpipe-timeline=output=%t 2>&1 | FileCheck %s --check-prefix=NOTHING
// NOTHING: error: asyncpipe-timeline: no function here has async work to draw (asyncpipe commits or waits)
// RUN: not asyncpipe-opt %S/../par-to-async/lower.mlir --par-to-async --asyncpipe-timeline=example-trip-count=0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: asyncpipe-timeline: example-trip-count=0, a loop is drawn with at least one iteration
