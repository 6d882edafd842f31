// The kernels of the barrier-elimination table (README,
// "asyncpipe-eliminate-barriers") judged by the block model: each as
// written, after asyncpipe-eliminate-barriers and after upstream
// -gpu-eliminate-barriers (on the kernel as func.func), lowered to nvgpu
// (which places no barrier: every result is race-free for verify-sync, and
// the counts are checked) and run in 10 schedules. Every one computes the
// right rows; the shared-row kernel without its barrier does not, nor does
// the plain-store kernel without its (a race between plain accesses, which
// verify-sync does not model: both passes keep the barrier).
// RUN: awk 'BEGIN{RS="// -----\n"} NR==1' %S/../Passes/eliminate-barriers/eliminate.mlir > %t.private.mlir
// RUN: awk 'BEGIN{RS="// -----\n"} NR==2' %S/../Passes/eliminate-barriers/eliminate.mlir > %t.shared.mlir
// RUN: awk 'BEGIN{RS="// -----\n"} NR==3' %S/../Passes/eliminate-barriers/eliminate.mlir > %t.plain.mlir
// RUN: awk 'BEGIN{RS="// -----\n"} NR==3' %S/../Passes/place-barriers/placement.mlir > %t.loop.mlir
// RUN: sed -e 's/SHIFT/0/' -e 's/COLUMN/0/' %S/Inputs/row-main.mlir > %t.private-main.mlir
// RUN: sed -e 's/SHIFT/1/' -e 's/COLUMN/0/' %S/Inputs/row-main.mlir > %t.shared-main.mlir
// RUN: sed -e 's/SHIFT/1/' -e 's/COLUMN/7/' %S/Inputs/row-main.mlir > %t.loop-main.mlir

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

// The unpipelined loop (copy, wait, read the next thread's row, 4 times)
// with the 2 barriers an iteration asyncpipe-place-barriers gives it: both
// passes keep both.
// RUN: asyncpipe-opt %t.loop.mlir --asyncpipe-place-barriers > %t.loop-placed.mlir
// RUN: asyncpipe-opt %t.loop-placed.mlir --asyncpipe-to-nvgpu | %unwrap-module | sed 's/@loop_copy_then_wait/@k/' > %t.l0.mlir
// RUN: asyncpipe-opt %t.loop-placed.mlir --asyncpipe-eliminate-barriers --asyncpipe-to-nvgpu | %unwrap-module | sed 's/@loop_copy_then_wait/@k/' > %t.l1.mlir
// RUN: %kernel-to-func %t.loop-placed.mlir | asyncpipe-opt --pass-pipeline='builtin.module(builtin.module(func.func(gpu-eliminate-barriers)))' \
// RUN:   | %func-to-kernel | asyncpipe-opt --asyncpipe-to-nvgpu | %unwrap-module | sed 's/@loop_copy_then_wait/@k/' > %t.l2.mlir
// RUN: grep -c gpu.barrier %t.l0.mlir %t.l1.mlir %t.l2.mlir | FileCheck %s --check-prefix=LOOP-COUNT
// LOOP-COUNT: l0.mlir:2{{$}}
// LOOP-COUNT: l1.mlir:2{{$}}
// LOOP-COUNT: l2.mlir:2{{$}}
// RUN: cat %t.l0.mlir %t.loop-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: cat %t.l1.mlir %t.loop-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: cat %t.l2.mlir %t.loop-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s

// A plain store, a barrier, a read of the next thread's row: both keep it
// (ours because it does not judge plain stores), and the model shows it is
// needed.
// RUN: asyncpipe-opt %t.plain.mlir | %unwrap-module | sed 's/@plain_store/@k/' > %t.n0.mlir
// RUN: asyncpipe-opt %t.plain.mlir --asyncpipe-eliminate-barriers | %unwrap-module | sed 's/@plain_store/@k/' > %t.n1.mlir
// RUN: %kernel-to-func %t.plain.mlir | asyncpipe-opt --pass-pipeline='builtin.module(builtin.module(func.func(gpu-eliminate-barriers)))' \
// RUN:   | %func-to-kernel | %unwrap-module | sed 's/@plain_store/@k/' > %t.n2.mlir
// RUN: grep -c gpu.barrier %t.n0.mlir %t.n1.mlir %t.n2.mlir | FileCheck %s --check-prefix=PLAIN-COUNT
// PLAIN-COUNT: n0.mlir:1{{$}}
// PLAIN-COUNT: n1.mlir:1{{$}}
// PLAIN-COUNT: n2.mlir:1{{$}}
// RUN: cat %t.n0.mlir %S/Inputs/plain-store-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: cat %t.n1.mlir %S/Inputs/plain-store-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: cat %t.n2.mlir %S/Inputs/plain-store-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: %each-sync-needed %t.n1.mlir \
// RUN:   'cat - %S/Inputs/plain-store-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=PLAIN-NEEDED
// PLAIN-NEEDED: barrier 1 (line {{[0-9]+}}) removed: result changed
// PLAIN-NEEDED: 1 mutants, 1 changed the result

// CHECK-COUNT-10: {{^0$}}
// CHECK-NOT: {{.}}
