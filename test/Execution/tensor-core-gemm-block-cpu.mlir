// The tensor-core GEMM (examples/tensor_core_gemm.mlir: 128 x 128 block
// tiles of f16 inputs, K steps of 64, 3 stages, cp.async tile loads and an
// async MMA stage) pipelined, proven by verify-sync, its MMAs lowered to ldmatrix
// and mma.sync for sm_80 and its copies to cp.async, then run on the CPU
// block model of asyncpipe-lower-block against linalg.matmul: 256 threads
// a block, one at a time between barriers, the warp collectives (ldmatrix,
// mma.sync) with PTX's fragment layouts, each lane stopping until its warp
// has arrived.
// RUN: asyncpipe-opt %examples/tensor_core_gemm.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync \
// RUN:   --asyncpipe-lower-mma=chip=sm_80 --asyncpipe-to-nvgpu | %unwrap-module > %t.kernel.mlir
// RUN: cat %t.kernel.mlir %S/Inputs/tensor-core-gemm-main.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s --input-file %t.out
// Every barrier and every wait is needed: without any one barrier, or with
// any one wait allowing one group more in flight, some schedule computes a
// wrong C.
// RUN: %each-sync-needed --expected %t.out %t.kernel.mlir \
// RUN:   'cat - %S/Inputs/tensor-core-gemm-main.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=NEEDED
// The lowering's ldmatrix, mma.sync and stores are what the model runs:
// RUN: FileCheck %s --input-file %t.kernel.mlir --check-prefix=KERNEL
// KERNEL-COUNT-4: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// KERNEL-COUNT-4: nvgpu.ldmatrix %{{.*}} {numTiles = 2 : i32, transpose = true} : memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<2x2xf16>
// KERNEL-COUNT-16: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>

// All 16 blocks (threads in order, copies late), then blocks 0, 5, 10 and
// 15 in 5 orders with copies late and 5 with copies early, and in 5
// starving schedules with copies late and 5 with copies early: no output
// differs from linalg.matmul's.
// CHECK-COUNT-21: {{^0$}}
// CHECK-NOT: {{.}}

// NEEDED: barrier 1 (line {{[0-9]+}}) removed: result changed
// NEEDED: barrier 2 (line {{[0-9]+}}) removed: result changed
// NEEDED: barrier 3 (line {{[0-9]+}}) removed: result changed
// NEEDED: wait 1 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: wait 2 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: wait 3 (line {{[0-9]+}}) one group weaker: result changed
// NEEDED: 6 mutants, 6 changed the result
