#!/usr/bin/env bash
# Benchmark: asyncpipe-token-to-count on generated nvgpu modules of about 10k,
# 100k and 1M ops, beside upstream mlir-opt parsing and printing the same
# files (and asyncpipe-opt parsing and printing them without the pass), in
# interleaved rounds (bench/interleaved.py): best wall time, its peak RSS,
# and the median over rounds of the time relative to mlir-opt's.
# Usage: bash bench/token_to_count.sh   (builds asyncpipe-opt in release mode)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin asyncpipe-opt
opt=target/release/asyncpipe-opt
mlir_opt=/usr/lib/llvm-22/bin/mlir-opt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for n in 10000 100000 1000000; do
  file="$work/nvgpu-$n.mlir"
  python3 bench/gen_nvgpu.py "$n" > "$file"
  rounds=$(( n >= 1000000 ? 5 : 15 ))
  echo
  echo "$n ops ($(du -h "$file" | cut -f1)), $rounds rounds"
  echo
  echo "| command | best wall / peak RSS | median ratio to mlir-opt |"
  echo "|---|---|---|"
  python3 bench/interleaved.py "$rounds" \
    "mlir-opt parse+print=$mlir_opt $file -o /dev/null" \
    "asyncpipe-opt parse+print=$opt $file -o /dev/null" \
    "asyncpipe-opt --asyncpipe-token-to-count=$opt $file --asyncpipe-token-to-count -o /dev/null"
done
