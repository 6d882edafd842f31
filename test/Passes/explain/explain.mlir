// asyncpipe-explain, one test per kind of remark: at each wait, the group
// it completes and the newer ones its count leaves in flight (the main
// example after the pipeliner); at each multi-buffered allocation, its
// versions and the groups in flight per buffer; at each block barrier, the
// hazard it orders (the cooperative kernel: the completion of every
// thread's copies before reads, and reads before a version is refilled).
// Off unless run: the pipeliner alone prints no remark.
// RUN: asyncpipe-opt %S/../../../examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAIT
// WAIT: stream_dot.mlir:34:7: remark: waits until at most 3 groups are in flight on queue 0: here it completes the group committed at line 34 in the prologue (version 1 of buf0); the newer groups committed at line 34 in the prologue (version 2 of buf0), line 34 in iteration 0 (version 3 of buf0), line 34 in iteration 1 (version 0 of buf0) may stay in flight
// WAIT: remark: waits until at most 2 groups are in flight on queue 1: here it completes the group committed at line 34 in the prologue (version 1 of buf1)
// WAIT: remark: waits until at most 0 groups are in flight on queue 0: here it completes the group committed at line 34 in iteration 60 (version 3 of buf0), and none stays in flight
// RUN: asyncpipe-opt %S/../../../examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUFFER
// BUFFER: stream_dot.mlir:26:13: remark: buf0: 4 versions: up to 4 of its groups are in flight at once
// BUFFER: stream_dot.mlir:27:13: remark: buf1: 3 versions: up to 3 of its groups are in flight at once
// RUN: asyncpipe-opt %S/../software-pipeline/cooperative.mlir --asyncpipe-software-pipeline --asyncpipe-explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARRIER
// BARRIER: remark: orders the completion of every thread's copies into version {{[0-9]}} of buf0 (each thread's wait at line {{[0-9]+}}) before any thread reads them: a wait completes only its own thread's copies
// RUN: asyncpipe-opt %S/../../../examples/stream_dot.mlir --asyncpipe-software-pipeline -o /dev/null 2>&1 | count 0
