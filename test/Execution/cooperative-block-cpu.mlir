// The pipelined cooperative tile on the CPU block model: with the barriers
// asyncpipe places, every order and copy timing gives the right sums; with
// any one barrier removed, or any one wait allowing one group more in
// flight, some run gives wrong ones.
// RUN: asyncpipe-opt %S/../Passes/software-pipeline/cooperative.mlir --asyncpipe-software-pipeline --asyncpipe-to-nvgpu \
// RUN:   | %unwrap-module > %t.kernel.mlir
// RUN: cat %t.kernel.mlir %S/Inputs/cooperative-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: %each-sync-needed %t.kernel.mlir \
// RUN:   'cat - %S/Inputs/cooperative-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED

// Copies late, then early; orders forward, reverse, random x3; then the
// starving order x5, copies late, then early.
// CHECK-COUNT-20: {{^0$}}
// CHECK-NOT: {{.}}

// NEEDED: barrier 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: barrier 2 (line {{[0-9]+}}) removed: result changed
// NEEDED: barrier 3 (line {{[0-9]+}}) removed: result changed
// NEEDED: wait 1 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: wait 2 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: wait 3 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: 6 mutants, 6 changed the result
