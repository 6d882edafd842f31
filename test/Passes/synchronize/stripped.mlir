// The main example and the seed's pipelines with their synchronization
// stripped (test/tools/strip-sync.py), synchronized again by the pass:
// every result verifies, with as many waits on as many queues as by hand
// (main example: 8 waits, 2 queues; fewer on the seed's four-buffer
// pipeline, where optimize-waits finds one implied). Every wait drains its
// queue, though, where the hand-written ones leave up to 3 groups in
// flight: the pass compares whole buffers, and the versions of a
// multi-buffered tile are one buffer (README, "asyncpipe-synchronize").
// The checks below are that README table's figures: a pass that keeps the
// overlap changes both.
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --mlir-print-unique-ssa-ids | %strip-sync > %t.main.mlir
// RUN: not asyncpipe-opt %t.main.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %t.main.mlir --asyncpipe-synchronize --asyncpipe-verify-sync | FileCheck %s --check-prefix=MAIN
// MAIN-COUNT-8: asyncpipe.wait_queue {{[01]}}, 0
// MAIN-NOT:     asyncpipe.wait_queue
// RUN: asyncpipe-opt %S/../verify-sync/seed-pipelines.mlir --mlir-print-unique-ssa-ids | %strip-sync > %t.seed.mlir
// RUN: not asyncpipe-opt %t.seed.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %t.seed.mlir --asyncpipe-synchronize --asyncpipe-verify-sync | FileCheck %s --check-prefix=SEED
// SEED-LABEL: func.func @two_stage
// SEED-COUNT-2: asyncpipe.wait_queue 0, 0
// SEED-LABEL: func.func @four_buffers_dynamic
// SEED-COUNT-2: asyncpipe.wait_queue 0, 0
// SEED-NOT:     asyncpipe.wait_queue
