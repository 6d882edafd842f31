#!/usr/bin/env bash
# The tensor-core GEMM's PTX for one chip:
#
#   bash scripts/gemm_ptx.sh CHIP OUT_DIR      # CHIP: sm_80 or sm_90a
#
# sm_80: examples/tensor_core_gemm.mlir (cooperative cp.async tile copies,
# ldmatrix and mma.sync); sm_90a: examples/tensor_core_gemm_tma.mlir
# (tensor-map copies and wgmma). Both: f16 inputs, f32 accumulation,
# written with 128 x 128 block tiles, K steps of 64.
#
# sm_90a writes two kernels. The main one, OUT_DIR/tensor_core_gemm.sm_90a.ptx,
# is the compiler's: re-tiled to the block tile, block order and stages
# the cost model chooses for the example's shape (asyncpipe-tile-gemm), and
# warp-specialized (asyncpipe-kernel-to-ptx tile-gemm=true
# warp-specialize=true persistent=auto; persistent when the tiles outnumber
# the multiprocessors): a producer warpgroup's thread issues the tensor-map
# copies into a ring of shared-memory slots, two consumer warpgroups
# multiply each slot with wgmma and release it, on a full and an empty
# mbarrier per slot, with setmaxnreg budgets; the script prints the model's
# choice, the roles, the ring, the register budgets, the proof's summary
# (verify-sync's Hopper model), and checks that ptxas gives the kernel the
# registers the budgets start from. The second,
# tensor_core_gemm.sm_90a.pipelined.ptx, is the software-pipelined kernel
# of 256 threads (3 stages, every thread waits on a bulk queue's mbarrier
# ring), the one timed on an H200 so far.
#
# Each is taken through asyncpipe-kernel-to-ptx (the pipeliner or the warp
# specializer, verify-sync, the lowerings), assembled with ptxas (registers,
# spills), with the dynamic shared memory a launch must give it, the tensor
# maps the host passes (sm_90a), and how many groups each queue keeps in
# flight. Needs what scripts/setup.sh installs (LLVM 22; ptxas under
# .tools/cuda). ASYNCPIPE_OPT names the asyncpipe-opt to use (default:
# target/debug's, built first).
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
. scripts/tools.sh
if [ "$chip" = sm_90a ]; then
  kernel=examples/tensor_core_gemm_tma.mlir
  to_nvgpu="bulk-queues=0"
else
  kernel=examples/tensor_core_gemm.mlir
  to_nvgpu=""
fi

# ptxas's figures for PTX file $1 (as cubin $2): registers, then the stack
# frame and spills; exits when it spills.
assemble() {
  if [ ! -x "$ptxas" ]; then
    echo "  (no ptxas: run scripts/setup.sh for it)"
    return
  fi
  local info
  info=$("$ptxas" -arch="$chip" -v "$1" -o "$2" 2>&1)
  registers=$(echo "$info" | grep -o 'Used [0-9]* registers' | head -1 | grep -o '[0-9]*')
  echo "  ptxas -arch=$chip: $(echo "$info" | grep -o 'Used [0-9]* registers.*' | head -1)"
  echo "  ptxas -arch=$chip: $(echo "$info" | grep -o '[0-9]* bytes stack frame.*' | head -1)"
  if ! echo "$info" | grep -q '0 bytes spill stores, 0 bytes spill loads'; then
    echo "gemm_ptx: ptxas spills registers in $1" >&2
    exit 1
  fi
}

if [ "$chip" = sm_90a ]; then
  # The warp-specialized kernel: the whole path as one pipeline (the warp
  # specializer, asyncpipe-lower-mma, verify-sync's proof of the roles, the
  # lowerings).
  ws="$out/tensor_core_gemm.$chip.ptx"
  "$opt" "$kernel" --asyncpipe-kernel-to-ptx="chip=$chip tile-gemm=true warp-specialize=true persistent=auto" \
    | python3 test/tools/extract-ptx.py > "$ws"
  echo "$chip, warp-specialized: $shown/tensor_core_gemm.$chip.ptx ($(wc -l < "$ws") lines)"
  roles="$out/tensor_core_gemm.$chip.roles.mlir"
  "$opt" "$kernel" --asyncpipe-tile-gemm="chip=$chip" --asyncpipe-warp-specialize=persistent=auto --asyncpipe-lower-mma="chip=$chip" > "$roles"
  python3 - "$roles" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
tiling = re.search(r"asyncpipe.gemm_tiling = \{([^}]*)\}", text).group(1)
entry = lambda name: re.search(name + r" = (?:array<i64: )?([0-9, ]+)", tiling).group(1)
tile = [int(v) for v in entry("tile").split(",")]
tiles, persistent = int(entry("tiles")), int(entry("persistent"))
estimate = re.search(r'estimate = "([^"]*)"', tiling).group(1)
print(f"  tiling (cost model): {tile[0]} x {tile[1]} block tiles, K steps of {tile[2]}, {tiles} tiles in groups of "
      f"{int(entry('group_rows'))} tile rows, {int(entry('stages'))} stages; "
      + ("persistent" if persistent else "a block per tile (not persistent: no more tiles than multiprocessors)")
      + f"; estimated {estimate}")
roles = re.search(r"asyncpipe.warp_roles = \{([^}]*)\}", text).group(1)
field = lambda name: [int(v) for v in re.search(name + r" = (?:array<i64: )?([0-9, ]+)", roles).group(1).split(",")]
producer, consumers = field("producer"), field("consumers")
slots, slot_bytes = field("slots")[0], field("slot_bytes")[0]
launch, low, high = field("registers")
print(f"  roles: producer warpgroup = threads {producer[0]}-{producer[1] - 1} (thread {producer[0]} issues the "
      f"tensor-map copies), consumer warpgroups = threads {consumers[0]}-{consumers[1] - 1} (wgmma)")
print(f"  ring: {slots} slots of {slot_bytes} bytes (one A and one B tile each), a full and an empty mbarrier a slot")
print(f"  registers: {launch} a thread at launch; setmaxnreg.dec {low} in the producer, setmaxnreg.inc {high} in the consumers")
PY
  proof=$("$opt" "$roles" --asyncpipe-test-print-hopper-sync 2>&1 >/dev/null | grep -o 'remark: hopper model: .*' | sed 's/remark: hopper model: //')
  echo "$proof" | sed 's/^/  proof (verify-sync, Hopper model): /'
  echo "$proof" | grep -qx 'proven' || { echo "gemm_ptx: verify-sync did not prove the warp-specialized kernel" >&2; exit 1; }
  "$opt" "$roles" --asyncpipe-to-nvgpu --asyncpipe-workgroup-attributions > "$out/tensor_core_gemm.$chip.roles.nvgpu.mlir"
  dynamic=$(grep -o 'asyncpipe.dynamic_shared_bytes = [0-9]*' "$out/tensor_core_gemm.$chip.roles.nvgpu.mlir" | grep -o '[0-9]*$' || true)
  echo "  dynamic shared memory: ${dynamic:-0} bytes"
  maps=$(grep -o 'asyncpipe.tensor_maps = \[[^]]*\]' "$roles" || true)
  echo "  tensor maps (argument, box rows, box columns, swizzle bytes): ${maps#asyncpipe.tensor_maps = }"
  wg_wait=$(grep -o 'wgmma.wait_group[.a-z]*[[:space:]]*[0-9]*' "$ws" | head -1 | grep -o '[0-9]*$')
  echo "  tensor cores (wgmma): $wg_wait group(s) kept in flight at the consumers' wgmma.wait_group, $(grep -c 'wgmma.mma_async' "$ws") wgmma.mma_async"
  registers=
  assemble "$ws" "$out/tensor_core_gemm.$chip.cubin"
  launch=$(grep -o 'registers = array<i64: [0-9]*' "$roles" | grep -o '[0-9]*$')
  if [ -n "$registers" ] && [ "$registers" != "$launch" ]; then
    echo "gemm_ptx: ptxas gives the warp-specialized kernel $registers registers a thread, not the $launch its setmaxnreg budgets start from" >&2
    exit 1
  fi
  echo
  pipelined_ptx="$out/tensor_core_gemm.$chip.pipelined.ptx"
  pipelined_name="$chip, software-pipelined: $shown/tensor_core_gemm.$chip.pipelined.ptx"
else
  pipelined_ptx="$out/tensor_core_gemm.$chip.ptx"
  pipelined_name="$chip: $shown/tensor_core_gemm.$chip.ptx"
fi

# The PTX: the whole path as one pipeline (asyncpipe-kernel-to-ptx: the
# pipeliner, verify-sync, the recount for the chip's queues, the lowerings).
"$opt" "$kernel" --asyncpipe-kernel-to-ptx="chip=$chip $to_nvgpu" \
  | python3 test/tools/extract-ptx.py > "$pipelined_ptx"
# The pipelined loop, for the figures below.
"$opt" "$kernel" --asyncpipe-software-pipeline="$to_nvgpu" --asyncpipe-verify-sync="$to_nvgpu" > "$out/tensor_core_gemm.pipelined.mlir"
echo "$pipelined_name ($(wc -l < "$pipelined_ptx") lines)"

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
ptx="$pipelined_ptx"
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
assemble "$ptx" "$out/tensor_core_gemm.$chip.pipelined.cubin"
