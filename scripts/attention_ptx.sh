#!/usr/bin/env bash
# Attention's PTX (examples/attention.mlir: 4 heads x 1024 queries and keys,
# f16 in, f32 out; the full kernel and the causal one at head dim 64, the
# full one at head dim 128):
#
#   bash scripts/attention_ptx.sh sm_90a OUT_DIR
#
# The example goes through asyncpipe-kernel-to-ptx: the software pipeliner
# (K and V copies, S = Q K^T and O += P V in async stages: FlashAttention-3's
# overlap of the softmax with P V within a warpgroup), verify-sync's proof
# at block scope, asyncpipe-lower-mma (wgmma with K as stored, P from
# registers; the online softmax per thread in the accumulator layout, row
# reductions over a quad with shuffles), the tensor-map copies of
# asyncpipe-to-nvgpu (queues 0 and 4 bulk), and the NVVM conversions. The
# script writes OUT_DIR/attention.sm_90a.ptx, assembles it with ptxas
# (registers, stack, spills: a spill is an error), and prints the waits the
# pipelined loop keeps, the dynamic shared memory a launch must give and
# the tensor maps the host passes. Not yet: warp-specialized K and V rings,
# ping-pong of the two consumer warpgroups, a GPU run (issue 39). Needs what scripts/setup.sh installs (LLVM 22; ptxas under
# .tools/cuda). ASYNCPIPE_OPT names the asyncpipe-opt to use (default:
# target/debug's, built first).
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: bash scripts/attention_ptx.sh CHIP OUT_DIR   (CHIP: sm_90a)" >&2
  exit 2
fi
chip=$1
case "$chip" in
  sm_90a) ;;
  *) echo "attention_ptx: attention lowers to wgmma only: CHIP is sm_90a, not '$chip'" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
cd "$root"
. scripts/tools.sh
kernel=examples/attention.mlir
queues="bulk-queues=0,4"
ptx="$out/attention.$chip.ptx"

"$opt" "$kernel" --asyncpipe-kernel-to-ptx="chip=$chip $queues" | python3 test/tools/extract-ptx.py > "$ptx"
echo "attention.$chip.ptx ($(wc -l < "$ptx") lines): kernels $(grep -o '^.visible .entry [a-z_0-9]*' "$ptx" | awk '{print $3}' | tr '\n' ' ')"

# The pipelined loop's steady-state waits, per queue, of the full kernel.
"$opt" "$kernel" --asyncpipe-software-pipeline="$queues" --asyncpipe-verify-sync="$queues" > "$out/attention.pipelined.mlir"
python3 - "$out/attention.pipelined.mlir" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = text[text.index("gpu.func @attention("):]
body = text[text.index("scf.for"):]
body = body[:body.index("\n      }\n")]
what = {"0": "K and V copies", "1": "S = Q K^T", "3": "O += P V", "4": "Q"}
for queue, count in re.findall(r"asyncpipe\.wait_queue (\d+), (\d+)", body):
    print(f"  queue {queue} ({what.get(queue, '?')}): {count} group(s) kept in flight at its steady-state wait")
PY
"$opt" "$out/attention.pipelined.mlir" --asyncpipe-lower-mma="chip=$chip" --asyncpipe-to-nvgpu="$queues" \
  --asyncpipe-workgroup-attributions > "$out/attention.$chip.nvgpu.mlir"
for bytes in $(grep -o 'asyncpipe.dynamic_shared_bytes = [0-9]*' "$out/attention.$chip.nvgpu.mlir" | grep -o '[0-9]*$'); do
  echo "  dynamic shared memory: $bytes bytes"
done
grep -o 'asyncpipe.tensor_maps = \[[^]]*\]' "$out/attention.$chip.nvgpu.mlir" | sed 's/^asyncpipe.tensor_maps = /  tensor maps (argument, box rows, box columns, swizzle bytes): /'

if [ ! -x "$ptxas" ]; then
  echo "  (no ptxas: run scripts/setup.sh for it)"
  exit 0
fi
info=$("$ptxas" -arch="$chip" -v "$ptx" -o "$out/attention.$chip.cubin" 2>&1)
echo "$info" | grep -E "Compiling entry|Used [0-9]* registers|bytes stack frame" | sed -e 's/^ptxas info *: //' -e 's/^ */  ptxas: /'
if echo "$info" | grep -q 'C7519'; then
  echo "attention_ptx: ptxas serializes wgmma (warpgroup.arrive injected) in $ptx" >&2
  exit 1
fi
if echo "$info" | grep 'bytes spill' | grep -qv '0 bytes spill stores, 0 bytes spill loads'; then
  echo "attention_ptx: ptxas spills registers in $ptx" >&2
  exit 1
fi
