#!/usr/bin/env bash
# Benchmark: asyncpipe-token-to-count on generated nvgpu modules of about 10k,
# 100k and 1M ops, beside upstream mlir-opt parsing and printing the same
# files, and asyncpipe-opt parsing and printing them without the pass.
# Usage: bash bench/token_to_count.sh   (builds asyncpipe-opt in release mode)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin asyncpipe-opt
opt=target/release/asyncpipe-opt
mlir_opt=/usr/lib/llvm-22/bin/mlir-opt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure() { # prints "seconds max-RSS-MiB" of the best of 5 runs
  local best="" rss=""
  for _ in 1 2 3 4 5; do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null 2>&1
    read -r t m < "$work/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; rss=$((m / 1024)); fi
  done
  echo "$best $rss"
}

printf "| ops | file | mlir-opt parse+print | asyncpipe-opt parse+print | asyncpipe-opt --asyncpipe-token-to-count |\n"
printf "|---|---|---|---|---|\n"
for n in 10000 100000 1000000; do
  file="$work/nvgpu-$n.mlir"
  python3 bench/gen_nvgpu.py "$n" > "$file"
  size=$(du -h "$file" | cut -f1)
  read -r t1 m1 < <(measure "$mlir_opt" "$file" -o /dev/null)
  read -r t2 m2 < <(measure "$opt" "$file" -o /dev/null)
  read -r t3 m3 < <(measure "$opt" "$file" --asyncpipe-token-to-count -o /dev/null)
  printf "| %s | %s | %s s, %s MiB | %s s, %s MiB | %s s, %s MiB |\n" "$n" "$size" "$t1" "$m1" "$t2" "$m2" "$t3" "$m3"
done
