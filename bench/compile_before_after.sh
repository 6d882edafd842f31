#!/usr/bin/env bash
# Compile time of two asyncpipe-opt builds side by side (before and after a
# change), with upstream's pipeliner beside them, in one run of interleaved
# rounds: 10,000 synchronous loops through asyncpipe-software-pipeline
# (bench/software_pipeline.py) and 1,000 copies of the three-stage async
# loop (test/Passes/software-pipeline/three-stage.mlir). Prints wall seconds
# and peak KiB per run. Usage:
#   bash bench/compile_before_after.sh OLD_ASYNCPIPE_OPT NEW_ASYNCPIPE_OPT
# (build the old one from a worktree: git worktree add /tmp/old REV &&
# (cd /tmp/old && CARGO_TARGET_DIR=/tmp/oldtarget cargo build --profile fuzz --bin asyncpipe-opt)).
set -euo pipefail
old=${1:?old asyncpipe-opt}
new=${2:?new asyncpipe-opt}
up=/usr/lib/llvm-22/bin/mlir-opt
d=$(mktemp -d)
cd "$(dirname "$0")/.."
python3 bench/software_pipeline.py 10000 $d/sync.mlir $d/up.mlir
python3 - "$d/async.mlir" <<'PY'
import sys
import re
text=open('test/Passes/software-pipeline/three-stage.mlir').read()
body=re.search(r'^func\.func @kernel\(.*?^}', text, re.M | re.S).group(0)
with open(sys.argv[1],'w') as f:
    for i in range(1000):
        f.write(body.replace('@kernel', f'@kernel{i}')+'\n')
PY
t() { /usr/bin/time -f "%e %M" -o $d/t "$@" >/dev/null 2>&1; cat $d/t; }
for round in 1 2 3 4 5; do
  echo "round $round"
  echo "sync10k old $(t $old --asyncpipe-software-pipeline $d/sync.mlir)"
  echo "sync10k new $(t $new --asyncpipe-software-pipeline $d/sync.mlir)"
  echo "sync10k upstream $(t $up -test-scf-pipelining $d/up.mlir)"
  echo "async1k old $(t $old --asyncpipe-software-pipeline $d/async.mlir)"
  echo "async1k new $(t $new --asyncpipe-software-pipeline $d/async.mlir)"
done
rm -rf "$d"
