// The Hopper tensor-core GEMM (examples/tensor_core_gemm_tma.mlir: whole-tile
// copies on queue 0, which become tensor-map copies, and an async MMA stage
// on queue 2, which becomes wgmma) as the pipeliner leaves it and
// verify-sync proves it, run by asyncpipe-lower-deferred against
// linalg.matmul with copies and MMAs that land as late as the waits allow,
// that read their sources when issued, and that complete at once. Its waits
// on the MMA queue are the kernel's wgmma.wait_group with the same counts
// (asyncpipe-lower-mma maps them one to one; test/Passes/lower-mma/wgmma.mlir),
// its waits on queue 0 the mbarrier waits of the tile copies.
// RUN: %gpu-kernel-to-cpu %examples/tensor_core_gemm_tma.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   | sed -e '/^module {$/d' -e '/^}$/d' > %t.mlir
// RUN: cat %t.mlir %S/Inputs/tensor-core-gemm-tma-deferred-main.mlir %S/Inputs/deferred-sim.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu | FileCheck %s
// Every wait is needed, the wgmma waits (queue 2) among them: without any
// one, or with any one allowing one group more in flight, verify-sync
// rejects the program, and (run without asking it) the model computes a
// wrong C.
// RUN: %each-sync-needed --verify 'asyncpipe-opt --asyncpipe-verify-sync' %t.mlir \
// RUN:   'cat - %S/Inputs/tensor-core-gemm-tma-deferred-main.mlir %S/Inputs/deferred-sim.mlir | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=REJECTED
// The K step's block barrier: the model runs one thread, so verify-sync (at
// block scope, in the kernel) shows it needed: without it a tile version is
// overwritten (by the copy, one thread's tensor-map copy on the GPU) while
// other threads' (the other warpgroup's) MMAs may still read it.
// RUN: asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-software-pipeline | sed -e '/gpu.barrier/d' \
// RUN:   | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=BARRIER
// RUN: %each-sync-needed %t.mlir \
// RUN:   'cat - %S/Inputs/tensor-core-gemm-tma-deferred-main.mlir %S/Inputs/deferred-sim.mlir | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=CHANGED

// Late, reads early, early: C equals linalg.matmul's.
// CHECK-COUNT-3: {{^0$}}
// CHECK-NOT: {{.}}

// BARRIER: error: writes workgroup memory that other threads may still be reading: no barrier since their read
// BARRIER: note: the read (in other threads)

// REJECTED: wait 1 on queue 2 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 1 on queue 2 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: wait 2 on queue 0 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 2 on queue 0 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: wait 3 on queue 0 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 3 on queue 0 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: wait 4 on queue 0 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 4 on queue 0 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: wait 5 on queue 2 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 5 on queue 2 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: 10 mutants, 10 changed the result or were rejected

// CHANGED: wait 1 on queue 2 (line {{[0-9]+}}) removed: result changed
// CHANGED: wait 1 on queue 2 (line {{[0-9]+}}) one group weaker: result changed
// CHANGED: wait 2 on queue 0 (line {{[0-9]+}}) removed: result changed
// CHANGED: wait 2 on queue 0 (line {{[0-9]+}}) one group weaker: result changed
// CHANGED: wait 3 on queue 0 (line {{[0-9]+}}) removed: result changed
// CHANGED: wait 3 on queue 0 (line {{[0-9]+}}) one group weaker: result changed
// CHANGED: wait 4 on queue 0 (line {{[0-9]+}}) removed: result changed
// CHANGED: wait 4 on queue 0 (line {{[0-9]+}}) one group weaker: result changed
// CHANGED: wait 5 on queue 2 (line {{[0-9]+}}) removed: result changed
// CHANGED: wait 5 on queue 2 (line {{[0-9]+}}) one group weaker: result changed
// CHANGED: 10 mutants, 10 changed the result
