// Two wgmma accumulators in flight at once on the CPU block model
// (Inputs/wgmma-two-accumulators.mlir, lowered for sm_90a): the model tells
// the values in flight apart by the registers' homes, so C1 = 2 A B and
// C2 = A B; and each wait is needed (without the drain, or with it one group
// weaker, C is read before the wgmma that writes it completes).
// RUN: asyncpipe-opt %S/Inputs/wgmma-two-accumulators.mlir --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu=bulk-queues=0 \
// RUN:   | %unwrap-module > %t.kernel.mlir
// RUN: cat %t.kernel.mlir %S/Inputs/wgmma-two-accumulators-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s --input-file %t.out
// RUN: %each-sync-needed --expected %t.out %t.kernel.mlir \
// RUN:   'cat - %S/Inputs/wgmma-two-accumulators-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED

// Threads in order, then in reverse: no element of C1 or C2 wrong.
// CHECK-COUNT-4: {{^0$}}
// CHECK-NOT: {{.}}

// NEEDED: barrier 1 (line {{[0-9]+}}) removed: the model stopped the run (block-sim: an mbarrier used before it was initialized)
// NEEDED: mbarrier wait 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: wgmma wait 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: wgmma wait 1 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: 4 mutants, 4 changed the result
