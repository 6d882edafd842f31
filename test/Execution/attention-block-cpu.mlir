// Attention (examples/attention.mlir) as scripts/attention_ptx.sh lowers it
// for sm_90a, run on the CPU block model against softmax(Q K^T / sqrt(d)) V
// in f32: the software pipeliner's stages, verify-sync's proof at block
// scope, asyncpipe-lower-mma's wgmma (S = Q K^T with K as a K-major B; O +=
// P V with P from registers, inline PTX), the online softmax per thread in
// wgmma's accumulator layout (row maxima and sums over a quad with
// gpu.shuffle, exp2 as ex2.approx), the tensor-map copies of Q, K and V.
// The model runs the block's 256 threads in 8 schedules (in order,
// reverse, random, starving, and warpgroup 1 held back while warpgroup 0
// can run, copies late and early), each
// shuffle and each wgmma with A from registers a warp collective (a lane
// waits for its warp; a thread's rows of P V need its quad's P), the A
// registers' homes checked unchanged until the wgmma.wait_group that
// completes them, as PTX requires.
// RUN: asyncpipe-opt %examples/attention.mlir --asyncpipe-software-pipeline=bulk-queues=0,4 \
// RUN:   --asyncpipe-verify-sync=bulk-queues=0,4 --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu=bulk-queues=0,4 \
// RUN:   --asyncpipe-verify-sync | %unwrap-module > %t.kernel.mlir
// RUN: FileCheck %s --input-file %t.kernel.mlir --check-prefix=KERNEL
// RUN: cp %S/Inputs/attention-block-main.mlir %t.main.mlir
// RUN: cat %t.kernel.mlir %t.main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/block-sim.mlir \
// RUN:   | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu > %t.out
// RUN: FileCheck %s --input-file %t.out
//
// What the model runs of the lowered kernel:
// KERNEL: gpu.func @attention(
// KERNEL: nvvm.cp.async.bulk.tensor.shared.cluster.global
// KERNEL: nvvm.wgmma.mma_async {{.*}}<m = 64, n = 64, k = 16>{{.*}}B[<f16>, <one>, <col>]
// KERNEL: gpu.shuffle  xor
// KERNEL: llvm.inline_asm "ex2.approx.f32 $0, $1;"
// KERNEL: llvm.inline_asm has_side_effects {{.*}}wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
//
// The full kernel, the causal one and the full one at head dim 128, each in
// 8 schedules over blocks 0 and 13: the largest |O - reference|, then 1
// (within 0.001).
// CHECK-COUNT-24: {{^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?}}{{$[[:space:]]}}1
// CHECK-NOT: {{.}}
//
// verify-sync proves the lowered kernels at the nvgpu level too (above: the
// causal one over cases of the block id, which decides whether its
// pipelined loop runs); attention-block-mutants-cpu.mlir shows it reject
// @attention without the loop's block barrier.
//
// One of its waits shown needed here (the wait after the softmax, for step
// i's P V before O is rescaled and P overwritten), allowing one group more
// in flight: the next step's softmax writes P while the wgmma may still
// read it, which the model stops. Every barrier and wait of the three
// kernels, removed or weakened: attention-block-mutants-cpu.mlir
// (a long test; among them the loop's block barrier, which only order 4
// shows needed: warpgroup 0's copy lands under warpgroup 1's S = Q K^T).
// RUN: %each-sync-needed --expected %t.out --kernel attention --only '^wgmma wait 3 .*weaker' %t.kernel.mlir \
// RUN:   'cat - %t.main.mlir %S/Inputs/attention-reference.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm | %run-cpu' \
// RUN:   | FileCheck %s --check-prefix=MUTANTS
// MUTANTS: wgmma wait 3 (line {{[0-9]+}}) one group weaker: the model stopped the run (block-sim: an A register of a wgmma (its home) changed before the wgmma.wait_group that completes it)
// MUTANTS-NEXT: 1 mutants, 1 changed the result
