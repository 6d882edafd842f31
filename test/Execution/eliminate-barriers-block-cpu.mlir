// The kernels of the barrier-elimination table (README,
// "asyncpipe-eliminate-barriers") judged by the block model: each as
// written, after asyncpipe-eliminate-barriers and after upstream
// -gpu-eliminate-barriers (on the kernel as func.func), lowered to nvgpu
// (which places no barrier: every result is race-free for verify-sync, and
// the counts are checked) and run in 10 schedules. Every one computes the
// right rows; the shared-row kernel without its barrier does not.
// RUN: awk 'BEGIN{RS="// -----\n"} NR==1' %S/../Passes/eliminate-barriers/eliminate.mlir > %t.private.mlir
// RUN: awk 'BEGIN{RS="// -----\n"} NR==2' %S/../Passes/eliminate-barriers/eliminate.mlir > %t.shared.mlir
// RUN: sed 's/SHIFT/0/' %S/Inputs/row-main.mlir > %t.private-main.mlir
// RUN: sed 's/SHIFT/1/' %S/Inputs/row-main.mlir > %t.shared-main.mlir

// Thread-private staging: written with 1 barrier; ours keeps 0, upstream 1.
// RUN: asyncpipe-opt %t.private.mlir --asyncpipe-to-nvgpu | %unwrap-module | sed 's/@thread_private/@k/' > %t.p0.mlir
// RUN: asyncpipe-opt %t.private.mlir --asyncpipe-eliminate-barriers --asyncpipe-to-nvgpu | %unwrap-module | sed 's/@thread_private/@k/' > %t.p1.mlir
// RUN: %kernel-to-func %t.private.mlir | asyncpipe-opt --pass-pipeline='builtin.module(builtin.module(func.func(gpu-eliminate-barriers)))' \
// RUN:   | %func-to-kernel | asyncpipe-opt --asyncpipe-to-nvgpu | %unwrap-module | sed 's/@thread_private/@k/' > %t.p2.mlir
// RUN: grep -c gpu.barrier %t.p0.mlir %t.p1.mlir %t.p2.mlir | FileCheck %s --check-prefix=PRIVATE-COUNT
// PRIVATE-COUNT: p0.mlir:1{{$}}
// PRIVATE-COUNT: p1.mlir:0{{$}}
// PRIVATE-COUNT: p2.mlir:1{{$}}
// RUN: cat %t.p0.mlir %t.private-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: cat %t.p1.mlir %t.private-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: cat %t.p2.mlir %t.private-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s

// The next thread's row: written with 3 barriers; ours and upstream keep 1.
// RUN: asyncpipe-opt %t.shared.mlir --asyncpipe-to-nvgpu | %unwrap-module | sed 's/@shared_row/@k/' > %t.s0.mlir
// RUN: asyncpipe-opt %t.shared.mlir --asyncpipe-eliminate-barriers --asyncpipe-to-nvgpu | %unwrap-module | sed 's/@shared_row/@k/' > %t.s1.mlir
// RUN: %kernel-to-func %t.shared.mlir | asyncpipe-opt --pass-pipeline='builtin.module(builtin.module(func.func(gpu-eliminate-barriers)))' \
// RUN:   | %func-to-kernel | asyncpipe-opt --asyncpipe-to-nvgpu | %unwrap-module | sed 's/@shared_row/@k/' > %t.s2.mlir
// RUN: grep -c gpu.barrier %t.s0.mlir %t.s1.mlir %t.s2.mlir | FileCheck %s --check-prefix=SHARED-COUNT
// SHARED-COUNT: s0.mlir:3{{$}}
// SHARED-COUNT: s1.mlir:1{{$}}
// SHARED-COUNT: s2.mlir:1{{$}}
// RUN: cat %t.s0.mlir %t.shared-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: cat %t.s1.mlir %t.shared-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: cat %t.s2.mlir %t.shared-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// The barrier both keep is needed:
// RUN: %each-sync-needed %t.s1.mlir \
// RUN:   'cat - %t.shared-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED
// NEEDED: barrier 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: wait 1 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: 2 mutants, 2 changed the result

// CHECK-COUNT-10: {{^0$}}
// CHECK-NOT: {{.}}
