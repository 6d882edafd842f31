// asyncpipe-synchronize on upstream's unguarded form, judged by the CPU
// block model: the kernel of Inputs/unguarded-row.mlir (two nvgpu copies a
// thread, no group, no wait; each thread reads its neighbour's row)
// synchronized (a group after each copy, cp.async.wait_group 1 before the
// read of the first copy's columns, a barrier after it) computes the right
// rows in 10 schedules; without its barrier, or with its wait allowing one
// group more in flight, some schedule does not. The drain before the
// return (nothing in flight past the kernel) changes no result: the script
// says so and exits 1 (hence `not`).
// RUN: asyncpipe-opt %S/Inputs/unguarded-row.mlir --asyncpipe-synchronize | %unwrap-module | sed 's/@unguarded_row/@k/' > %t.kernel.mlir
// RUN: FileCheck %s --input-file %t.kernel.mlir --check-prefix=KERNEL
// RUN: asyncpipe-opt %t.kernel.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: sed -e 's/SHIFT/1/' -e 's/COLUMN/0/' %S/Inputs/row-main.mlir > %t.main.mlir
// RUN: cat %t.kernel.mlir %t.main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu | FileCheck %s
// RUN: not %each-sync-needed %t.kernel.mlir \
// RUN:   'cat - %t.main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED

// KERNEL: nvgpu.device_async_copy
// KERNEL-NEXT: nvvm.cp.async.commit.group
// KERNEL-NEXT: nvgpu.device_async_copy
// KERNEL-NEXT: nvvm.cp.async.commit.group
// KERNEL: nvvm.cp.async.wait.group 1
// KERNEL-NEXT: gpu.barrier
// KERNEL-NEXT: memref.load
// KERNEL: nvvm.cp.async.wait.group 0
// KERNEL-NEXT: gpu.return

// CHECK-COUNT-10: {{^0$}}
// CHECK-NOT: {{.}}

// NEEDED: barrier 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: wait 1 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: wait 2 (line {{[0-9]+}}) one group weaker: same result (not shown to be needed)
// NEEDED: 3 mutants, 2 changed the result
