// The main example and the seed's pipelines with their synchronization
// stripped (test/tools/strip-sync.py), synchronized again by the pass:
// every result verifies, with fewer waits on as many queues as by hand
// (main example: 6 against 8, 2 queues). The pass tells the versions of a
// multi-buffered tile apart (analysis/version_slices.rs), so a copy into
// the next version does not wait for the read of the current one; but it
// waits for each group within one iteration of its copy, where the
// hand-written pipeline keeps up to 3 groups in flight (README,
// "asyncpipe-synchronize"). The checks below are that README table's
// figures.
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --mlir-print-unique-ssa-ids | %strip-sync > %t.main.mlir
// RUN: not asyncpipe-opt %t.main.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %t.main.mlir --asyncpipe-synchronize --asyncpipe-verify-sync | FileCheck %s --check-prefix=MAIN
// In the main loop each copy's wait follows the compute that reads the
// other versions (version_slices proves the rows apart), at the end of the
// iteration for queue 0, at the top of the next one for queue 1:
// MAIN:         scf.for %{{.*}} = %c3
// MAIN:           asyncpipe.copy {{.*}} queue 0
// MAIN-NEXT:      asyncpipe.commit 0
// MAIN-NOT:       asyncpipe.wait_queue 0
// MAIN:           asyncpipe.wait_queue 1, 0
// MAIN-NEXT:      asyncpipe.copy {{.*}} queue 1
// MAIN-NEXT:      asyncpipe.commit 1
// MAIN-NOT:       asyncpipe.wait_queue
// MAIN:           scf.for
// MAIN:           }
// MAIN-NEXT:      asyncpipe.wait_queue 0, 0
// MAIN-NEXT:    }
// RUN: asyncpipe-opt %S/../verify-sync/seed-pipelines.mlir --mlir-print-unique-ssa-ids | %strip-sync > %t.seed.mlir
// RUN: not asyncpipe-opt %t.seed.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %t.seed.mlir --asyncpipe-synchronize --asyncpipe-verify-sync | FileCheck %s --check-prefix=SEED
// SEED-LABEL: func.func @two_stage
// SEED-COUNT-2: asyncpipe.wait_queue 0, 0
// SEED-LABEL: func.func @four_buffers_dynamic
// SEED-COUNT-2: asyncpipe.wait_queue 0, 0
// SEED-NOT:     asyncpipe.wait_queue
