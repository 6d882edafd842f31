// The attention kernels' every wait shown needed on the CPU model: without
// any one of the 40 waits of the pipelined kernels (examples/attention.mlir,
// the three kernels: Q on queue 4, K and V on queue 0, S = Q K^T on queue
// 1, O += P V on queue 3; the causal kernel's short trip counts' loop waits
// for its copies), or with any
// one allowing one group more in flight, the deferred model computes
// another O, and verify-sync rejects it (about two minutes of CPU: a long
// test).
// REQUIRES: long-tests
// RUN: %gpu-kernel-to-cpu %examples/attention.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   | sed -e '/^module {$/d' -e '/^}$/d' > %t.mlir
// RUN: %each-sync-needed --verify 'asyncpipe-opt --asyncpipe-verify-sync' %t.mlir true | FileCheck %s --check-prefix=REJECTED
// RUN: %each-sync-needed %t.mlir \
// RUN:   'cat - %S/Inputs/attention-deferred-main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/deferred-sim.mlir | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s

// REJECTED-COUNT-80: rejected by the verifier
// REJECTED: 80 mutants, 80 changed the result or were rejected

// CHECK-COUNT-80: result changed
// CHECK: 80 mutants, 80 changed the result
