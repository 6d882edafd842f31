// The cooperative rows example (test/Passes/par-to-gpu/block-threads.mlir:
// a block-mapped foreach_thread with a workgroup tile, one thread-mapped op
// copying rows asynchronously, one reading the next thread's row) through
// par-to-gpu (its host function made private, so that symbol-dce drops it
// and the launch with it), asyncpipe-eliminate-barriers (which drops the barrier after
// the last op, before the return) and asyncpipe-to-nvgpu, on the CPU block
// model: every order and copy timing gives the right sums; removing the
// remaining barrier, or letting the wait allow one group more in flight,
// gives wrong ones in some run.
// RUN: sed -e 's/^func.func @rows(/func.func private @rows(/' %S/../Passes/par-to-gpu/block-threads.mlir | asyncpipe-opt --par-to-gpu --symbol-dce --asyncpipe-eliminate-barriers --asyncpipe-to-nvgpu \
// RUN:   | %unwrap-module > %t.kernel.mlir
// RUN: FileCheck %s --check-prefix=KERNEL < %t.kernel.mlir
// RUN: cat %t.kernel.mlir %S/Inputs/rows-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: %each-sync-needed %t.kernel.mlir \
// RUN:   'cat - %S/Inputs/rows-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED

// KERNEL-COUNT-1: gpu.barrier
// KERNEL-NOT: gpu.barrier

// Copies late, then early; orders forward, reverse, random x3.
// CHECK-COUNT-10: {{^0$}}
// CHECK-NOT: {{.}}

// NEEDED: barrier 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: wait 1 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: 2 mutants, 2 changed the result
