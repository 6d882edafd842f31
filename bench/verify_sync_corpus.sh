#!/usr/bin/env bash
# Benchmark: asyncpipe-verify-sync on the corpus's largest kernels (IREE's
# f16 GEMM at the nvgpu level, and after upstream's convert-nvgpu-to-nvvm,
# where the cp.async copies are raised back to nvgpu on a copy of the
# kernel; a wgmma GEMM on a TMA ring after upstream's sm90 test, after the
# conversion: descriptors evaluated, accumulators followed), beside upstream mlir-opt
# parsing and printing the same file, in interleaved rounds
# (bench/interleaved.py): best wall time, its peak RSS, and the median over
# rounds of the time relative to mlir-opt's.
# Usage: bash bench/verify_sync_corpus.sh [asyncpipe-opt]
#   (default: builds asyncpipe-opt in release mode)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
  opt=$1
else
  cargo build --release --quiet --bin asyncpipe-opt
  opt=target/release/asyncpipe-opt
fi
mlir_opt=/usr/lib/llvm-22/bin/mlir-opt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
to_nvvm="--pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm))"
cp test/Corpus/iree/matmul_f16_big.structured.mlir "$work/iree-big.mlir"
"$opt" "$work/iree-big.mlir" "$to_nvvm" -o "$work/iree-big.nvvm.mlir"
awk 'BEGIN{RS="// ---" "--\n"} NR==1' test/Passes/verify-sync/hopper-wgmma-ring.mlir | "$opt" "$to_nvvm" -o "$work/wgmma-ring.nvvm.mlir"
for file in "$work/iree-big.mlir" "$work/iree-big.nvvm.mlir" "$work/wgmma-ring.nvvm.mlir"; do
  echo
  echo "$(basename "$file") ($(du -h "$file" | cut -f1)), 9 rounds"
  echo
  echo "| command | best wall / peak RSS | median ratio to mlir-opt |"
  echo "|---|---|---|"
  python3 bench/interleaved.py 9 \
    "mlir-opt parse+print=$mlir_opt $file -o /dev/null" \
    "asyncpipe-opt --asyncpipe-verify-sync=$opt $file --asyncpipe-verify-sync -o /dev/null"
done
