// The main example and the seed's pipelines with their synchronization
// stripped (test/tools/strip-sync.py), synchronized again by the pass:
// every result verifies (with ordered-writes too), with as many waits or
// fewer on as many queues as by hand (main example: 5 against 8, 2 queues;
// the seed's: 1 against 2, 3 against 3). The pass
// tells the versions of a multi-buffered tile apart
// (analysis/version_slices.rs), so a copy stays in flight until the read of
// its own version, several iterations later, and the prologue's copies are
// left to the loop's waits; the epilogue drains where the pipeliner counts
// down (README, "asyncpipe-synchronize"). The checks below are that README
// table's figures.
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --mlir-print-unique-ssa-ids | %strip-sync > %t.main.mlir
// RUN: not asyncpipe-opt %t.main.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %t.main.mlir --asyncpipe-synchronize --asyncpipe-verify-sync=ordered-writes=true | FileCheck %s --check-prefix=MAIN
// In the main loop each copy stays in flight until the compute that reads
// its version, 3 iterations later on queue 0 (four versions) and 2 on
// queue 1 (three): version_slices proves the rows apart until then, and the
// waits count the groups committed between, as the pipeliner's do. The
// prologue's copies need no wait before the loop: the loop's own waits
// complete each before its first reader, in the iteration that reads it.
// MAIN-NOT:     asyncpipe.wait_queue
// MAIN:         scf.for %{{.*}} = %c3
// MAIN:           asyncpipe.copy {{.*}} queue 0
// MAIN-NEXT:      asyncpipe.commit 0
// MAIN-NOT:       asyncpipe.wait_queue
// MAIN:           asyncpipe.copy {{.*}} queue 1
// MAIN-NEXT:      asyncpipe.commit 1
// MAIN-NOT:       asyncpipe.wait_queue
// MAIN:           asyncpipe.wait_queue 0, 3
// MAIN-NEXT:      asyncpipe.wait_queue 1, 2
// MAIN-NEXT:      scf.for
// RUN: asyncpipe-opt %S/../verify-sync/seed-pipelines.mlir --mlir-print-unique-ssa-ids | %strip-sync > %t.seed.mlir
// RUN: not asyncpipe-opt %t.seed.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %t.seed.mlir --asyncpipe-synchronize --asyncpipe-verify-sync=ordered-writes=true | FileCheck %s --check-prefix=SEED
// SEED-LABEL: func.func @two_stage
// SEED-COUNT-1: asyncpipe.wait_queue 0, 0
// SEED-NOT:     asyncpipe.wait_queue
// SEED-LABEL: func.func @four_buffers_dynamic
// SEED:         scf.for
// SEED-NOT:       asyncpipe.wait_queue
// SEED:         }
// SEED-NEXT:    asyncpipe.wait_queue 0, 2
// SEED-NEXT:    scf.for
// SEED:           asyncpipe.wait_queue 0, 2
// SEED:         asyncpipe.wait_queue 0, 0
// SEED-NEXT:    memref.dealloc
// SEED-NOT:     asyncpipe.wait_queue
