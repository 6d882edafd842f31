#!/usr/bin/env bash
# The main job: installs what is missing, builds, then
# 1. takes the GPU kernel examples/stream_dot.mlir from its annotated scf.for
#    through the software pipeliner, token-to-count on the single cp.async
#    queue and asyncpipe-to-ptx, writing target/ptx/stream_dot.sm_{80,90}.ptx
#    and, with bulk queues (cp.async.bulk and mbarriers), stream_dot.sm_90.bulk.ptx,
#    and a summary (stages, groups, waits and counts; ptxas when installed);
# 2. runs that kernel on the CPU through the same nvgpu lowering, and through
#    the bulk-queue lowering against a model of the mbarrier protocol, each
#    against its unpipelined form;
# 3. runs the seed's GEMM pipeline through wait optimization and verify-sync
#    and on the CPU against linalg.matmul.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if ! command -v cargo >/dev/null 2>&1; then . "$HOME/.cargo/env"; fi
cargo build --bin asyncpipe-opt --example kernel_to_ptx --example pipeline

echo
echo "=== 1. examples/stream_dot.mlir: annotated loop to PTX"
cargo run --quiet --example kernel_to_ptx -- examples/stream_dot.mlir --out target/ptx --chips sm_80,sm_90

echo
echo "=== 2. the same kernel on the CPU against its unpipelined form: cp.async run as loads and stores,"
echo "       and bulk queues against an mbarrier model whose copies land only when a wait completes them"
/usr/lib/llvm-22/bin/lit -v test/Execution/stream-dot-cpu.mlir test/Execution/stream-dot-bulk-cpu.mlir | grep -E "^(PASS|FAIL)"

echo
echo "=== 3. the seed's GEMM pipeline"
cargo run --quiet --example pipeline -- examples/tvm_gemm_pipeline.mlir

echo
echo "== running the pipelined kernel on the CPU (asyncpipe-lower-sequential, mlir-runner)"
llvm=/usr/lib/llvm-22
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
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
