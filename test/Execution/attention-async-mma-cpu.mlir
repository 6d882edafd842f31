// Attention with both MMAs asynchronous (Inputs/attention-async-mma.mlir:
// S = Q K^T of the next step issued before the softmax of this one, P V
// left in flight while the next row maxima and sums are computed), proven
// by verify-sync and run by asyncpipe-lower-deferred against
// softmax(Q K^T / 8) V in f32 with MMAs that land as late as the waits
// allow, that read their operands (P's registers among them) when issued,
// and that complete at once.
// RUN: asyncpipe-opt --asyncpipe-verify-sync %S/Inputs/attention-async-mma.mlir | sed -e '/^module {$/d' -e '/^}$/d' > %t.mlir
// RUN: cat %t.mlir %S/Inputs/attention-async-mma-main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/deferred-sim.mlir \
// RUN:   | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s < %t.out
// Both waits are needed: without either, or with either allowing one group
// more in flight, verify-sync rejects the program (reading S before its MMA
// completes; rescaling O, or overwriting P, while P V may still run), and,
// run without asking it, the model computes another O.
// RUN: %each-sync-needed --expected %t.out --verify 'asyncpipe-opt --asyncpipe-verify-sync' %t.mlir \
// RUN:   'cat - %S/Inputs/attention-async-mma-main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/deferred-sim.mlir | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=REJECTED
// RUN: %each-sync-needed --expected %t.out %t.mlir \
// RUN:   'cat - %S/Inputs/attention-async-mma-main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/deferred-sim.mlir | asyncpipe-opt --asyncpipe-lower-deferred %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=CHANGED
// Each race, named where it is (the messages at the reads and writes of
// registers):
// RUN: sed -e 's/asyncpipe.wait_queue 1, 1/asyncpipe.wait_queue 1, 2/' %t.mlir | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=S-EARLY
// RUN: sed -e '/^ *asyncpipe.wait_queue 1, 0$/{x;s/^/x/;/^x$/{x;d};x}' %t.mlir | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=P-O

// Late, reads early, early: the largest error, then 1 (within 0.001).
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}
// CHECK: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$}}
// CHECK-NEXT: {{^1$}}

// REJECTED: wait 1 on queue 1 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 1 on queue 1 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: wait 2 on queue 1 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 2 on queue 1 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: wait 3 on queue 1 (line {{[0-9]+}}) removed: rejected by the verifier
// REJECTED: wait 3 on queue 1 (line {{[0-9]+}}) one group weaker: rejected by the verifier
// REJECTED: 6 mutants, 6 changed the result or were rejected

// CHANGED-COUNT-6: result changed
// CHANGED: 6 mutants, 6 changed the result

// S-EARLY: error: accesses an accumulator that an asynchronous MMA may still be writing
// S-EARLY: note: the asynchronous MMA into the accumulator
// S-EARLY-NEXT: asyncpipe.mma %{{.*}} transpose_b

// P-O: error: accesses an accumulator that an asynchronous MMA may still be writing
// P-O-NEXT: asyncpipe.accumulator_map %{{.*}}(%{{.*}}) : !asyncpipe.accumulator<128x64xf32>
// P-O: note: the asynchronous MMA into the accumulator
// P-O: error: overwrites registers that an asynchronous MMA may still be reading as its operand
// P-O-NEXT: asyncpipe.accumulator_convert
// P-O: note: the asynchronous MMA reading them
