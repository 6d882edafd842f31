// The main job's kernel with its tiles on a bulk queue (the sm_90 variant:
// cp.async.bulk copies completing on a ring of mbarriers), pipelined for it
// (one barrier a K step, before the copies into the version read one step
// earlier; none after the waits, whose mbarrier phases complete every
// thread's copies), proven by verify-sync{bulk-queues=0}, lowered, and run
// on the CPU block model against linalg.matmul: the mbarriers are the
// block's, and a thread whose wait finds its phase incomplete lets the
// others run.
// RUN: asyncpipe-opt %examples/tiled_gemm.mlir --asyncpipe-software-pipeline=bulk-queues=0 \
// RUN:   --asyncpipe-verify-sync=bulk-queues=0 --asyncpipe-to-nvgpu=bulk-queues=0 | %unwrap-module > %t.kernel.mlir
// RUN: cat %t.kernel.mlir %S/Inputs/tiled-gemm-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s --input-file %t.out
// Every barrier and every mbarrier wait is needed:
// (Each wait's mutants run with ASYNCPIPE_LONG_TESTS=1 since 2026-11-29:
// the test command neared 10 minutes; the cp.async variants' mutants,
// tensor-core-gemm-block-cpu.mlir and tiled-gemm-block-cpu.mlir, run by default.)
// RUN: %if long-tests %{ %each-sync-needed --expected %t.out %t.kernel.mlir \
// RUN:   'cat - %S/Inputs/tiled-gemm-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED %}

// All 64 blocks (threads in order, copies late), then blocks 0, 21, 42 and
// 63 in 5 orders with copies late and 5 with copies early: no output differs
// from linalg.matmul's.
// CHECK-COUNT-21: {{^0$}}
// CHECK-NOT: {{.}}

// NEEDED: barrier 1 (line {{[0-9]+}}) removed: the model stopped the run (block-sim: an mbarrier used before it was initialized)
// NEEDED: barrier 2 (line {{[0-9]+}}) removed: result changed
// NEEDED: mbarrier wait 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: mbarrier wait 2 (line {{[0-9]+}}) removed: result changed
// NEEDED: mbarrier wait 3 (line {{[0-9]+}}) removed: result changed
// NEEDED: 5 mutants, 5 changed the result
