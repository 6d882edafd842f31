#!/usr/bin/env bash
# The tensor-core GEMM's PTX for one chip:
#
#   bash scripts/gemm_ptx.sh CHIP OUT_DIR      # CHIP: sm_80 or sm_90a
#
# sm_80: examples/tensor_core_gemm.mlir (cooperative cp.async tile copies,
# ldmatrix and mma.sync); sm_90a: examples/tensor_core_gemm_tma.mlir
# (tensor-map copies on a bulk queue's mbarrier ring, wgmma). Both: f16
# inputs, f32 accumulation, 128 x 128 block tiles of 8 warps, K steps of 64,
# 3 stages, 128 KiB of dynamic shared memory. Takes the example through
# asyncpipe-kernel-to-ptx (the pipeliner, verify-sync, the lowerings), writes
# OUT_DIR/tensor_core_gemm.CHIP.ptx, assembles it with ptxas (registers,
# spills), prints the dynamic shared memory a launch must give it, the
# tensor maps the host passes (sm_90a), and how many groups each queue
# keeps in flight: the logical queues of the pipelined loop (its
# steady-state waits), and on the chip the copy queue (cp.async.wait_group,
# or the mbarrier ring's slots) and the tensor cores' (wgmma.wait_group).
# Needs what scripts/setup.sh installs (LLVM 22; ptxas under .tools/cuda).
# ASYNCPIPE_OPT names the asyncpipe-opt to use (default: target/debug's,
# built first).
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: bash scripts/gemm_ptx.sh CHIP OUT_DIR   (CHIP: sm_80 or sm_90a)" >&2
  exit 2
fi
chip=$1
out=$2
shown=${2%/}
case "$chip" in
  sm_80 | sm_90a) ;;
  *) echo "gemm_ptx: CHIP is sm_80 or sm_90a, not '$chip'" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"
opt=${ASYNCPIPE_OPT:-}
if [ -z "$opt" ]; then
  if ! command -v cargo >/dev/null 2>&1; then . "$HOME/.cargo/env"; fi
  cargo build --quiet --bin asyncpipe-opt
  opt=target/debug/asyncpipe-opt
fi
ptxas=${PTXAS:-$root/.tools/cuda/nvidia/cuda_nvcc/bin/ptxas}
if [ "$chip" = sm_90a ]; then
  kernel=examples/tensor_core_gemm_tma.mlir
  to_nvgpu="bulk-queues=0"
else
  kernel=examples/tensor_core_gemm.mlir
  to_nvgpu=""
fi

# The PTX: the whole path as one pipeline (asyncpipe-kernel-to-ptx: the
# pipeliner, verify-sync, the recount for the chip's queues, the lowerings).
"$opt" "$kernel" --asyncpipe-kernel-to-ptx="chip=$chip $to_nvgpu" \
  | python3 test/tools/extract-ptx.py > "$out/tensor_core_gemm.$chip.ptx"
# The pipelined loop, for the figures below.
"$opt" "$kernel" --asyncpipe-software-pipeline="$to_nvgpu" --asyncpipe-verify-sync="$to_nvgpu" > "$out/tensor_core_gemm.pipelined.mlir"
echo "$chip: $shown/tensor_core_gemm.$chip.ptx ($(wc -l < "$out/tensor_core_gemm.$chip.ptx") lines)"

# The pipelined loop's steady-state waits: one line per queue.
python3 - "$out/tensor_core_gemm.pipelined.mlir" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
body = text[text.index("scf.for"):]
body = body[:body.index("\n      }\n")]
mma = set(re.findall(r"asyncpipe\.commit_queue (\d+) \{[^}]*asyncpipe\.mma", body, re.S))
for queue, count in re.findall(r"asyncpipe\.wait_queue (\d+), (\d+)", body):
    what = "MMA (tensor cores)" if queue in mma else "tile copies"
    print(f"  logical queue {queue} ({what}): {count} group(s) kept in flight at its steady-state wait")
PY
ptx="$out/tensor_core_gemm.$chip.ptx"
"$opt" "$out/tensor_core_gemm.pipelined.mlir" --asyncpipe-lower-mma="chip=$chip" --asyncpipe-to-nvgpu="$to_nvgpu" \
  --asyncpipe-workgroup-attributions > "$out/tensor_core_gemm.$chip.nvgpu.mlir"
dynamic=$(grep -o 'asyncpipe.dynamic_shared_bytes = [0-9]*' "$out/tensor_core_gemm.$chip.nvgpu.mlir" | grep -o '[0-9]*$' || true)
echo "  dynamic shared memory: ${dynamic:-0} bytes"
maps=$(grep -o 'asyncpipe.tensor_maps = \[[^]]*\]' "$out/tensor_core_gemm.$chip.nvgpu.mlir" || true)
if [ -n "$maps" ]; then
  echo "  tensor maps (argument, box rows, box columns, swizzle bytes): ${maps#asyncpipe.tensor_maps = }"
fi
if grep -q 'cp.async.bulk.tensor' "$ptx"; then
  slots=$(grep -cF 'mbarrier.init.shared' "$ptx")
  echo "  tile copies: cp.async.bulk.tensor on a ring of $slots mbarriers: up to $(( slots - 1 )) group(s) in flight while the next is filled"
else
  # The prologue has no wait: the first one in the PTX is the loop's.
  cp_wait=$(grep -o 'cp.async.wait_group[[:space:]]*[0-9]*' "$ptx" | head -1 | grep -o '[0-9]*$' || true)
  echo "  cp.async queue: ${cp_wait:-no wait} group(s) kept in flight at its steady-state cp.async.wait_group"
fi
if grep -q 'wgmma.wait_group' "$ptx"; then
  wg_wait=$(grep -o 'wgmma.wait_group[.a-z]*[[:space:]]*[0-9]*' "$ptx" | head -1 | grep -o '[0-9]*$')
  echo "  tensor cores (wgmma): $wg_wait group(s) kept in flight at the steady-state wgmma.wait_group, $(grep -c 'wgmma.mma_async' "$ptx") wgmma.mma_async"
else
  echo "  tensor cores: $(grep -c 'mma.sync' "$ptx") mma.sync, which complete at issue: no group in flight"
fi
if [ -x "$ptxas" ]; then
  info=$("$ptxas" -arch="$chip" -v "$ptx" -o "$out/tensor_core_gemm.$chip.cubin" 2>&1)
  echo "  ptxas -arch=$chip: $(echo "$info" | grep -o 'Used [0-9]* registers.*' | head -1)"
  echo "  ptxas -arch=$chip: $(echo "$info" | grep -o '[0-9]* bytes stack frame.*' | head -1)"
else
  echo "  (no ptxas: run scripts/setup.sh for it)"
fi
