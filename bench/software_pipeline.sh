#!/usr/bin/env bash
# Compile time of asyncpipe-software-pipeline against upstream's
# mlir-opt -test-scf-pipelining on the same synchronous loops (3 stages,
# 6 ops, values crossing stages through SSA), best of 5, release build.
# The figures in the README come from this script.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin asyncpipe-opt >/dev/null 2>&1
opt=target/release/asyncpipe-opt
upstream=/usr/lib/llvm-22/bin/mlir-opt
dir=$(mktemp -d)
best() { # best wall time of 3 runs, and the peak RSS of the last
  local best=999999 rss=0
  for _ in 1 2 3 4 5; do
    /usr/bin/time -f "%e %M" -o "$dir/time" "$@" >/dev/null
    read -r t m <"$dir/time"
    best=$(python3 -c "print(min($best, $t))"); rss=$m
  done
  echo "$best s / $((rss / 1024)) MiB"
}
printf '| loops | asyncpipe-software-pipeline | mlir-opt -test-scf-pipelining | parse+print (asyncpipe-opt) |\n|---|---|---|---|\n'
for n in 100 1000 10000; do
  python3 bench/software_pipeline.py "$n" "$dir/ours.mlir" "$dir/upstream.mlir"
  ours=$(best "$opt" --asyncpipe-software-pipeline "$dir/ours.mlir")
  theirs=$(best "$upstream" -test-scf-pipelining "$dir/upstream.mlir")
  base=$(best "$opt" "$dir/ours.mlir")
  echo "| $n | $ours | $theirs | $base |"
done
# Structure of one loop, side by side.
python3 bench/software_pipeline.py 1 "$dir/ours.mlir" "$dir/upstream.mlir"
echo; echo "== asyncpipe-software-pipeline, one loop, after -canonicalize"
"$opt" --asyncpipe-software-pipeline --canonicalize "$dir/ours.mlir"
echo; echo "== mlir-opt -test-scf-pipelining, one loop, after -canonicalize"
"$upstream" -test-scf-pipelining --canonicalize "$dir/upstream.mlir"
rm -rf "$dir"
