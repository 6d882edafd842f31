// The main job's kernel (examples/tiled_gemm.mlir: 64 x 64 block tiles, K
// steps of 16, 3 stages, A and B tiles loaded cooperatively with cp.async)
// pipelined, proven by verify-sync and lowered to nvgpu, then run on the CPU
// block model of asyncpipe-lower-block against linalg.matmul: 256 threads a
// block, one at a time from barrier to barrier.
// RUN: asyncpipe-opt %examples/tiled_gemm.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-to-nvgpu \
// RUN:   | %unwrap-module > %t.kernel.mlir
// RUN: cat %t.kernel.mlir %S/Inputs/tiled-gemm-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s --input-file %t.out
// Every barrier and every wait is needed: without any one barrier, or with
// any one wait allowing one group more in flight, some schedule computes a
// wrong C.
// RUN: %each-sync-needed --expected %t.out %t.kernel.mlir \
// RUN:   'cat - %S/Inputs/tiled-gemm-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED

// All 64 blocks (threads in order, copies late), then blocks 0, 21, 42 and
// 63 in 5 orders with copies late and 5 with copies early: no output differs
// from linalg.matmul's.
// CHECK-COUNT-21: {{^0$}}
// CHECK-NOT: {{.}}

// NEEDED: barrier 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: barrier 2 (line {{[0-9]+}}) removed: result changed
// NEEDED: barrier 3 (line {{[0-9]+}}) removed: result changed
// NEEDED: wait 1 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: wait 2 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: wait 3 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: 6 mutants, 6 changed the result
