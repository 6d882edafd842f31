#!/usr/bin/env bash
# The main job: installs what is missing, builds, then
# 0. takes the tiled GEMM examples/tiled_gemm.mlir (threads load A and B tiles
#    cooperatively) through the pipeliner, verify-sync and asyncpipe-to-ptx
#    (target/ptx/tiled_gemm.*.ptx, ptxas's registers, shared memory and
#    barriers), printing how many block barriers it got and where, and runs
#    it on the CPU block model (asyncpipe-lower-block: 256 threads one at a
#    time between barriers, 21 schedules) against linalg.matmul, and again
#    with its tiles on a bulk queue (pipelined for it: one barrier a K step;
#    the block model's threads wait on the block's mbarriers);
# 1. takes the GPU kernel examples/stream_dot.mlir from its annotated scf.for
#    through the software pipeliner, token-to-count on the single cp.async
#    queue and asyncpipe-to-ptx, writing target/ptx/stream_dot.sm_{80,90}.ptx
#    and, with bulk queues (cp.async.bulk and mbarriers), stream_dot.sm_90.bulk.ptx,
#    and a summary (stages, groups, waits and counts; ptxas when installed);
# 2. runs that kernel on the CPU through the same nvgpu lowering, and through
#    the bulk-queue lowering against a model of the mbarrier protocol, each
#    against its unpipelined form;
# 3. runs the seed's GEMM pipeline through wait optimization and verify-sync
#    and on the CPU against linalg.matmul;
# 4. takes the tensor-core GEMMs (f16 inputs, f32 accumulation, an async MMA
#    stage on its own queue) to PTX: examples/tensor_core_gemm.mlir for sm_80
#    (cp.async, ldmatrix, mma.sync) and examples/tensor_core_gemm_tma.mlir
#    for sm_90a (tensor-map copies on an mbarrier ring, wgmma)
#    (scripts/gemm_ptx.sh: ptxas's figures and the groups each queue keeps
#    in flight), runs both on the CPU block model against linalg.matmul with
#    every barrier and wait shown needed, and the wgmma GEMM's pipeline and
#    an MMA pipeline on the deferred model (copies and MMAs landing as late
#    as the waits allow).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if ! command -v cargo >/dev/null 2>&1; then . "$HOME/.cargo/env"; fi
cargo build --bin asyncpipe-opt --example kernel_to_ptx --example pipeline

llvm=/usr/lib/llvm-22
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo
echo "=== 0. examples/tiled_gemm.mlir: a GEMM with cooperative tile loads, annotated loop to PTX"
cargo run --quiet --example kernel_to_ptx -- examples/tiled_gemm.mlir --out target/ptx --chips sm_80,sm_90

# gemm_on_block_model NAME PIPELINE-FLAGS...: the tiled GEMM through the
# given passes to nvgpu, run on the CPU block model in 21 schedules (all 64
# blocks in order; then 4 blocks x 5 orders x copies late/early) against
# linalg.matmul; stops the demo when any output differs.
gemm_on_block_model() {
  local name=$1
  shift
  target/debug/asyncpipe-opt examples/tiled_gemm.mlir "$@" \
    | sed -e '/^module attributes {gpu.container_module} {$/d' -e '/^}$/d' > "$work/$name.mlir"
  echo "gpu.barrier: $(grep -c gpu.barrier "$work/$name.mlir")"
  cat "$work/$name.mlir" test/Execution/Inputs/tiled-gemm-main.mlir test/Execution/Inputs/block-sim.mlir \
    | target/debug/asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block $(cat test/tools/lower-to-llvm.flags) \
    | "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
        -shared-libs="$llvm/lib/libmlir_runner_utils.so,$llvm/lib/libmlir_c_runner_utils.so" > "$work/$name.out"
  echo "wrong outputs per schedule (all 64 blocks in order; then 4 blocks x 5 orders x copies late/early; then 4 blocks x 5 starving seeds x copies late/early): $(tr '\n' ' ' < "$work/$name.out")"
  [ "$(tr -d ' 0\n' < "$work/$name.out")" = "" ] && [ "$(wc -l < "$work/$name.out")" = 21 ] \
    || { echo "error: the GEMM ($name) computed a different C on the block model" >&2; exit 1; }
  echo "every schedule gives linalg.matmul's C exactly"
}

echo
echo "== the pipelined GEMM on the CPU block model against linalg.matmul (barriers: one a K step, two in the epilogue)"
gemm_on_block_model gemm --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-to-nvgpu

echo
echo "== the same GEMM with its tiles on a bulk queue (barriers: the rings' initialization, one a K step); threads stop at mbarrier waits until every thread has arrived"
gemm_on_block_model gemm_bulk --asyncpipe-software-pipeline=bulk-queues=0 --asyncpipe-verify-sync=bulk-queues=0 \
  --asyncpipe-to-nvgpu=bulk-queues=0

echo
echo "=== 1. examples/stream_dot.mlir: annotated loop to PTX"
cargo run --quiet --example kernel_to_ptx -- examples/stream_dot.mlir --out target/ptx --chips sm_80,sm_90

echo
echo "== its timeline (asyncpipe-timeline: groups per queue from commit to the wait that completes them), and why each wait has its count"
target/debug/asyncpipe-opt examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-timeline=output=target/timeline -o /dev/null 2>&1 \
  | grep -o "timeline of .*"
target/debug/asyncpipe-opt examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-explain -o /dev/null 2>&1 \
  | grep -o "remark: waits until at most [0-9] groups are in flight on queue [0-9]: .*" | head -2

echo
echo "=== 2. the same kernel on the CPU against its unpipelined form: cp.async run as loads and stores,"
echo "       and bulk queues against an mbarrier model whose copies land only when a wait completes them"
/usr/lib/llvm-22/bin/lit -v test/Execution/stream-dot-cpu.mlir test/Execution/stream-dot-bulk-cpu.mlir | grep -E "^(PASS|FAIL)"

echo
echo "=== 3. the seed's GEMM pipeline"
cargo run --quiet --example pipeline -- examples/tvm_gemm_pipeline.mlir

echo
echo "== running the pipelined kernel on the CPU (asyncpipe-lower-sequential, mlir-runner)"
cat test/Execution/Inputs/gemm-main.mlir examples/tvm_gemm_pipeline.mlir > "$work/gemm.mlir"
target/debug/asyncpipe-opt "$work/gemm.mlir" \
  --asyncpipe-optimize-waits --asyncpipe-verify-sync --asyncpipe-lower-sequential \
  $(cat test/tools/lower-to-llvm.flags) \
  | "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
      -shared-libs="$llvm/lib/libmlir_runner_utils.so,$llvm/lib/libmlir_c_runner_utils.so" \
  > "$work/out.txt"
read -r diff sum < <(tail -1 "$work/out.txt" | tr -d '[],')
echo "16x2048 by 2048x16 GEMM: largest |C - linalg.matmul| = $diff, checksum $sum"
[ "$diff" = "0" ] || { echo "error: the pipelined kernel computed a different result" >&2; exit 1; }

echo
echo "=== 4. examples/tensor_core_gemm.mlir (sm_80) and tensor_core_gemm_tma.mlir (sm_90a): tensor cores as an async compute queue"
bash scripts/gemm_ptx.sh sm_80 target/ptx
bash scripts/gemm_ptx.sh sm_90a target/ptx
echo
echo "== on the CPU block model (mma.sync: warp collectives; wgmma: the warpgroup's, checked when its group completes; tensor-map copies swizzled; roles, setmaxnreg), and on the deferred model"
"$llvm/bin/lit" -v test/Execution/tensor-core-gemm-block-cpu.mlir test/Execution/tensor-core-gemm-tma-block-cpu.mlir \
  test/Execution/tile-gemm-block-cpu.mlir test/Execution/warp-specialized-gemm-block-cpu.mlir \
  test/Execution/tensor-core-gemm-tma-deferred-cpu.mlir test/Execution/mma-pipeline-deferred-cpu.mlir | grep -E "^(PASS|FAIL)"
