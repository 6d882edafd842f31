// Async compute on the CPU, completing as late as the waits allow: the GEMM
// of Inputs/mma-gemm.mlir (a copy stage and an MMA stage, each an async
// queue) pipelined and proven by verify-sync, then run by
// asyncpipe-lower-deferred against linalg.matmul with copies and MMAs that
// land when a wait retires them, that read their sources when issued and
// write when retired, and that complete at once.
// RUN: asyncpipe-opt %S/Inputs/mma-gemm.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   | sed -e '/^module {$/d' -e '/^}$/d' > %t.mlir
// RUN: cat %t.mlir %S/Inputs/mma-gemm-main.mlir %S/Inputs/deferred-sim.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu | FileCheck %s
// Every wait is needed, on both queues: without any one of them, or with
// any one allowing one group more in flight, verify-sync rejects the
// program, and (run without asking it) the model computes a wrong C.
// RUN: %each-sync-needed --verify 'asyncpipe-opt --asyncpipe-verify-sync' %t.mlir \
// RUN:   'cat - %S/Inputs/mma-gemm-main.mlir %S/Inputs/deferred-sim.mlir | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=REJECTED
// RUN: %each-sync-needed %t.mlir \
// RUN:   'cat - %S/Inputs/mma-gemm-main.mlir %S/Inputs/deferred-sim.mlir | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=CHANGED

// Late, reads early, early: C equals linalg.matmul's.
// CHECK-COUNT-3: {{^0$}}
// CHECK-NOT: {{.}}

// REJECTED: wait 1 on queue 1 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 1 on queue 1 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: wait 2 on queue 0 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 2 on queue 0 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: wait 3 on queue 0 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 3 on queue 0 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: wait 4 on queue 1 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 4 on queue 1 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: 8 mutants, 8 changed the result or were rejected

// CHANGED: wait 1 on queue 1 (line {{[0-9]+}}) removed: result changed
// CHANGED: wait 1 on queue 1 (line {{[0-9]+}}) one group weaker: result changed
// CHANGED: wait 2 on queue 0 (line {{[0-9]+}}) removed: result changed
// CHANGED: wait 2 on queue 0 (line {{[0-9]+}}) one group weaker: result changed
// CHANGED: wait 3 on queue 0 (line {{[0-9]+}}) removed: result changed
// CHANGED: wait 3 on queue 0 (line {{[0-9]+}}) one group weaker: result changed
// CHANGED: wait 4 on queue 1 (line {{[0-9]+}}) removed: result changed
// CHANGED: wait 4 on queue 1 (line {{[0-9]+}}) one group weaker: result changed
// CHANGED: 8 mutants, 8 changed the result
