#!/usr/bin/env bash
# The half of the GPU benchmarks that runs where asyncpipe builds (LLVM 22, no
# GPU needed): writes target/gpu/ for bench/gpu/stream_dot.py and
# bench/gpu/gemm.py, which run on any machine with an NVIDIA GPU, CUDA's
# driver and CuPy.
#
#   bash bench/gpu/prepare.sh          # here
#   python3 bench/gpu/stream_dot.py    # there, with target/gpu copied along
#   python3 bench/gpu/gemm.py
#
# target/gpu/ holds, for examples/stream_dot.mlir as written (64 blocks, the
# size the GPU's result is checked at) and resized to $ASYNCPIPE_BENCH_BLOCKS
# blocks (default 2048: two 512 MiB inputs, the size it is timed at):
# - the pipelined kernel through the main job's steps (examples/kernel_to_ptx.rs:
#   pipeliner, recount on PTX's one cp.async queue, asyncpipe-to-ptx) for
#   sm_80 and sm_90, and with bulk queues (cp.async.bulk on mbarrier rings);
# - the same kernel unpipelined (its loop not annotated: synchronous
#   copies through shared memory), through asyncpipe-to-ptx;
# - cpu_partials.txt: the CPU model's partial sums for the checked size (the
#   pipelined kernel lowered to nvgpu and run sequentially, as in
#   test/Execution/stream-dot-cpu.mlir, for all 8192 threads);
# - manifest.json, which names them;
# and for the tiled GEMM (examples/tiled_gemm.mlir) at N = 512 (as written;
# the size the GPU's result is checked at) and $ASYNCPIPE_BENCH_GEMM_N
# (default 4096, timed): its PTX for sm_80 and sm_90 (cp.async) and sm_90
# with the tiles on a bulk queue, named by gemm_manifest.json; and the
# tensor-core GEMM (examples/tensor_core_gemm.mlir) at 512, 4096 and 8192
# for sm_80 and sm_90a, named by tc_gemm_manifest.json (for
# bench/gpu/tensor_core_gemm.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v cargo >/dev/null 2>&1; then . "$HOME/.cargo/env"; fi
llvm=/usr/lib/llvm-22
blocks=${ASYNCPIPE_BENCH_BLOCKS:-2048}
out=target/gpu
rm -rf "$out"
mkdir -p "$out"
cargo build --quiet --bin asyncpipe-opt --example kernel_to_ptx
opt=target/debug/asyncpipe-opt
example=target/debug/examples/kernel_to_ptx
gemm_n=${ASYNCPIPE_BENCH_GEMM_N:-4096}

echo "== the CPU model (checked size)"
sed -f test/tools/gpu-kernel-to-cpu.sed examples/stream_dot.mlir | cat - bench/gpu/cpu_model_main.mlir \
  | "$opt" --asyncpipe-software-pipeline --asyncpipe-to-nvgpu --asyncpipe-verify-sync --asyncpipe-lower-sequential \
      $(cat test/tools/lower-to-llvm.flags) \
  | "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
      -shared-libs="$llvm/lib/libmlir_runner_utils.so,$llvm/lib/libmlir_c_runner_utils.so" \
  | tail -n +2 | tr -d '[] \n' | tr ',' '\n' > "$out/cpu_partials.txt"
echo "$(wc -l < "$out/cpu_partials.txt") partial sums"

# name blocks: the kernel at that many blocks of 128 threads, each thread
# reading 64 tiles of 8 floats of x and of y.
variants() {
  local name=$1 n=$(( $2 * 64 * 128 * 8 )) p=$(( $2 * 128 ))
  sed -e "s/4194304/$n/g" -e "s/65536/$p/g" examples/stream_dot.mlir > "$out/$name.mlir"
  "$example" "$out/$name.mlir" --out "$out" --chips sm_80,sm_90 > "$out/$name.summary.txt"
  sed -e 's/asyncpipe.async_stages = array<i64: 0, 1>/unpipelined/' "$out/$name.mlir" > "$out/${name}_sync.mlir"
  "$opt" "$out/${name}_sync.mlir" --asyncpipe-to-ptx=chip=sm_90 | python3 test/tools/extract-ptx.py > "$out/${name}_sync.sm_90.ptx"
  grep -E "^(kernels|  ptxas)" "$out/$name.summary.txt" || true
}
echo "== PTX, checked size (64 blocks)"
variants check 64
echo "== PTX, timed size ($blocks blocks)"
variants bench "$blocks"

echo "== PTX of the block-scope kernel (test/Passes/software-pipeline/cooperative.mlir)"
coop=test/Passes/software-pipeline/cooperative.mlir
"$opt" "$coop" --asyncpipe-software-pipeline --asyncpipe-to-ptx=chip=sm_80 | python3 test/tools/extract-ptx.py > "$out/coop.sm_80.ptx"
# The same PTX with its bar.sync removed: what the pipeliner emitted before
# it placed barriers (the racy kernel of the issue; to-nvgpu would put them
# back, so they are taken out of the PTX).
grep -v 'bar.sync' "$out/coop.sm_80.ptx" > "$out/coop_nobarrier.sm_80.ptx"
echo "bar.sync: $(grep -c bar.sync "$out/coop.sm_80.ptx") with, $(grep -c bar.sync "$out/coop_nobarrier.sm_80.ptx") without"

# resize_gemm EXAMPLE OUT N STEPS_AT_512 K_STEP BLOCKS_AT_512 TILE: writes
# EXAMPLE (a GEMM written at 512 x 512 x 512) resized to N x N x N as OUT:
# its types and strides, its K steps (N / K_STEP) and its blocks along N
# (N / TILE), each substitution checked.
resize_gemm() {
  local example=$1 file=$2 n=$3 steps=$4 k=$5 blocks=$6 tile=$7
  sed -e "s/512x512/${n}x${n}/g" -e "s/strided<\[512, 1\]/strided<[${n}, 1]/g" \
      -e "s/%steps = arith.constant $steps : index/%steps = arith.constant $(( n / k )) : index/" \
      -e "s/%blocks_n = arith.constant $blocks : index/%blocks_n = arith.constant $(( n / tile )) : index/" \
      "$example" > "$file"
  grep -q "%steps = arith.constant $(( n / k )) : index" "$file" \
    && grep -q "%blocks_n = arith.constant $(( n / tile )) : index" "$file" \
    || { echo "error: $example no longer has the constants this script resizes" >&2; exit 1; }
}

# name n: the GEMM at n x n x n (a multiple of 64).
gemm_variant() {
  local name=$1 n=$2
  resize_gemm examples/tiled_gemm.mlir "$out/gemm_$name.mlir" "$n" 32 16 8 64
  "$example" "$out/gemm_$name.mlir" --out "$out" --chips sm_80,sm_90 > "$out/gemm_$name.summary.txt"
  grep -E "^(kernels|  ptxas|@tiled_gemm)" "$out/gemm_$name.summary.txt" || true
}
echo "== PTX of the tiled GEMM, checked size (512)"
gemm_variant check 512
echo "== PTX of the tiled GEMM, timed size ($gemm_n)"
gemm_variant bench "$gemm_n"
cat > "$out/gemm_manifest.json" <<JSON
{
  "kernel": "tiled_gemm",
  "sizes": {"check": 512, "bench": $gemm_n},
  "variants": {
    "asyncpipe cp.async sm_80": "gemm_{size}.sm_80.ptx",
    "asyncpipe cp.async sm_90": "gemm_{size}.sm_90.ptx",
    "asyncpipe bulk sm_90": "gemm_{size}.sm_90.bulk.ptx"
  }
}
JSON

# name n: the tensor-core GEMMs at n x n x n (a multiple of 128), f16 inputs,
# f32 accumulation, 128 x 128 block tiles: examples/tensor_core_gemm.mlir
# (cp.async tiles, mma.sync) for sm_80 and sm_90, and
# examples/tensor_core_gemm_tma.mlir (tensor-map copies on a bulk queue,
# wgmma) for sm_90a; named by tc_gemm_manifest.json with the dynamic shared
# memory a launch gives each and the tensor maps the wgmma kernel takes;
# timed at 4096 and 8192 beside cuBLAS's GemmEx by
# bench/gpu/tensor_core_gemm.py.
tc_gemm_variant() {
  local name=$1 n=$2
  resize_gemm examples/tensor_core_gemm.mlir "$out/tc_gemm_$name.mlir" "$n" 8 64 4 128
  for chip in sm_80 sm_90; do
    "$opt" "$out/tc_gemm_$name.mlir" --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-to-ptx="chip=$chip" \
      | python3 test/tools/extract-ptx.py > "$out/tc_gemm_$name.$chip.ptx"
  done
  python3 bench/gpu/tma_variant.py 128 128 2 "$n" < examples/tensor_core_gemm_tma.mlir > "$out/tc_gemm_tma_$name.mlir"
  "$opt" "$out/tc_gemm_tma_$name.mlir" --asyncpipe-software-pipeline --asyncpipe-verify-sync \
    --asyncpipe-to-ptx="chip=sm_90a bulk-queues=0" | python3 test/tools/extract-ptx.py > "$out/tc_gemm_tma_$name.sm_90a.ptx"
}
# shape TILE_M TILE_N MMA_STAGE: the wgmma GEMM with other block tiles and
# pipeline depth (bench/gpu/tma_variant.py), at 512, 4096 and 8192.
tma_shape() {
  local tm=$1 tn=$2 stage=$3 group=$4 name n
  local shape="${tm}x${tn}s${stage}g${group}"
  for name in check 4096 8192; do
    if [ "$name" = check ]; then n=512; else n=$name; fi
    python3 bench/gpu/tma_variant.py "$tm" "$tn" "$stage" "$n" "$group" < examples/tensor_core_gemm_tma.mlir \
      > "$out/tc_gemm_tma_${shape}_$name.mlir"
    "$opt" "$out/tc_gemm_tma_${shape}_$name.mlir" --asyncpipe-software-pipeline --asyncpipe-verify-sync \
      --asyncpipe-to-ptx="chip=sm_90a bulk-queues=0" | python3 test/tools/extract-ptx.py \
      > "$out/tc_gemm_tma_${shape}_$name.sm_90a.ptx"
  done
}
# The block tiles, MMA stages and block groups the benchmark also times
# (TILE_MxTILE_NsSTAGEgGROUP_ROWS; stage 2 = 3 stages, 4 versions of each
# tile; stage 3 = 4 stages; group 1 = row-major block order).
TMA_SHAPES=${ASYNCPIPE_BENCH_TMA_SHAPES:-"128x128s2g1 128x128s3g8 128x256s2g1 128x256s2g4 128x256s2g8 128x256s2g16 256x128s2g1 256x128s2g8"}
echo "== PTX of the tensor-core GEMMs (512 checked; 4096 and 8192 timed)"
tc_gemm_variant check 512
tc_gemm_variant 4096 4096
tc_gemm_variant 8192 8192
for shape in $TMA_SHAPES; do
  IFS=xsg read -r tm tn stage group <<< "$shape"
  tma_shape "$tm" "$tn" "$stage" "$group"
done
# ws_shape TILE_M TILE_N GROUP_ROWS: the warp-specialized wgmma GEMM
# (asyncpipe-warp-specialize: a producer warpgroup's tensor-map copies into an
# mbarrier ring, TILE_M / 64 consumer warpgroups, setmaxnreg budgets) at
# 512, 4096 and 8192, each verified (verify-sync proves the roles: the K
# loop of 64 or 128 steps linked, not unrolled).
ws_shape() {
  local tm=$1 tn=$2 group=$3 name n
  local shape="ws${tm}x${tn}g${group}"
  for name in check 4096 8192; do
    if [ "$name" = check ]; then n=512; else n=$name; fi
    python3 bench/gpu/tma_variant.py "$tm" "$tn" 2 "$n" "$group" < examples/tensor_core_gemm_tma.mlir \
      > "$out/tc_gemm_${shape}_$name.mlir"
    "$opt" "$out/tc_gemm_${shape}_$name.mlir" --asyncpipe-kernel-to-ptx="chip=sm_90a warp-specialize=true" \
      | python3 test/tools/extract-ptx.py > "$out/tc_gemm_${shape}_$name.sm_90a.ptx"
  done
}
WS_SHAPES=${ASYNCPIPE_BENCH_WS_SHAPES:-"128x128g8 128x256g8"}
for shape in $WS_SHAPES; do
  IFS=xg read -r tm tn group <<< "${shape#ws}"
  ws_shape "$tm" "$tn" "$group"
done
# The compiler's own GEMM at each size: the example resized (still its
# 128 x 128 tiles as written), re-tiled by the cost model
# (asyncpipe-tile-gemm) and warp-specialized, persistent when its tiles
# outnumber the multiprocessors (persistent=auto), as scripts/gemm_ptx.sh
# writes it at 512. Its tile, stages, order and persistence differ by size,
# so its facts are per size (auto_facts). Verified at every size: at 4096
# and 8192 the persistent kernel's K loops of 64 and 128 steps are linked
# per tile and proven for every tile count (docs/pass-guide.md; minutes in
# a debug build).
for name in check 4096 8192; do
  if [ "$name" = check ]; then n=512; else n=$name; fi
  python3 bench/gpu/tma_variant.py 128 128 2 "$n" 4 < examples/tensor_core_gemm_tma.mlir > "$out/tc_gemm_auto_$name.mlir"
  "$opt" "$out/tc_gemm_auto_$name.mlir" \
    --asyncpipe-kernel-to-ptx="chip=sm_90a tile-gemm=true warp-specialize=true persistent=auto" \
    | python3 test/tools/extract-ptx.py > "$out/tc_gemm_auto_$name.sm_90a.ptx"
done
# auto_facts FILE: the compiler's kernel's tile, persistence, dynamic shared
# bytes, tensor maps and block size (JSON).
auto_facts() {
  "$opt" "$1" --asyncpipe-tile-gemm --asyncpipe-warp-specialize=persistent=auto --asyncpipe-lower-mma=chip=sm_90a \
    --asyncpipe-to-nvgpu --asyncpipe-workgroup-attributions | python3 -c '
import json, re, sys
text = sys.stdin.read()
tiling = re.search(r"asyncpipe.gemm_tiling = \{([^}]*)\}", text).group(1)
tile = [int(v) for v in re.search(r"tile = array<i64: ([0-9, ]+)>", tiling).group(1).split(",")][:2]
persistent = re.search(r"persistent = (\d+)", tiling).group(1) == "1"
shared = re.search(r"asyncpipe.dynamic_shared_bytes = (\d+)", text)
maps = re.search(r"asyncpipe.tensor_maps = \[([^]]*)\]", text)
maps = [[int(v) for v in m.split(",")] for m in re.findall(r"array<i64: ([^>]*)>", maps.group(1))] if maps else []
threads = int(re.search(r"known_block_size = array<i32: (\d+)", text).group(1))
print(json.dumps({"tile": tile, "persistent": persistent, "dynamic_shared_bytes": int(shared.group(1)) if shared else 0,
                  "tensor_maps": maps, "threads": threads}))'
}
auto_facts_all="{"
for name in check 4096 8192; do
  auto_facts_all="$auto_facts_all\"$name\": $(auto_facts "$out/tc_gemm_auto_$name.mlir"),"
done
auto_facts_all="${auto_facts_all%,}}"
# ws_facts FILE: the warp-specialized kernel's dynamic shared bytes, tensor
# maps and block size (JSON).
ws_facts() {
  "$opt" "$1" --asyncpipe-warp-specialize --asyncpipe-lower-mma=chip=sm_90a --asyncpipe-to-nvgpu \
    --asyncpipe-workgroup-attributions | python3 -c '
import json, re, sys
text = sys.stdin.read()
shared = re.search(r"asyncpipe.dynamic_shared_bytes = (\d+)", text)
maps = re.search(r"asyncpipe.tensor_maps = \[([^]]*)\]", text)
maps = [[int(v) for v in m.split(",")] for m in re.findall(r"array<i64: ([^>]*)>", maps.group(1))] if maps else []
threads = int(re.search(r"known_block_size = array<i32: (\d+)", text).group(1))
print(json.dumps({"dynamic_shared_bytes": int(shared.group(1)) if shared else 0, "tensor_maps": maps, "threads": threads}))'
}
ws_facts_all="{"
for shape in $WS_SHAPES; do
  ws_facts_all="$ws_facts_all\"$shape\": $(ws_facts "$out/tc_gemm_ws${shape#ws}_check.mlir"),"
done
ws_facts_all="${ws_facts_all%,}}"
# kernel_facts FILE CHIP TO_NVGPU_OPTIONS: the kernel's dynamic shared bytes and
# tensor maps (JSON), from its IR after asyncpipe-to-nvgpu and
# asyncpipe-workgroup-attributions.
kernel_facts() {
  "$opt" "$1" --asyncpipe-software-pipeline --asyncpipe-lower-mma=chip=$2 --asyncpipe-to-nvgpu$3 \
    --asyncpipe-workgroup-attributions | python3 -c '
import json, re, sys
text = sys.stdin.read()
shared = re.search(r"asyncpipe.dynamic_shared_bytes = (\d+)", text)
maps = re.search(r"asyncpipe.tensor_maps = \[([^]]*)\]", text)
maps = [[int(v) for v in m.split(",")] for m in re.findall(r"array<i64: ([^>]*)>", maps.group(1))] if maps else []
print(json.dumps({"dynamic_shared_bytes": int(shared.group(1)) if shared else 0, "tensor_maps": maps}))'
}
sync_facts=$(kernel_facts "$out/tc_gemm_check.mlir" sm_80 "")
tma_facts=$(kernel_facts "$out/tc_gemm_tma_check.mlir" sm_90a "=bulk-queues=0")
shape_facts="{"
for shape in $TMA_SHAPES; do
  shape_facts="$shape_facts\"$shape\": $(kernel_facts "$out/tc_gemm_tma_${shape}_check.mlir" sm_90a "=bulk-queues=0"),"
done
shape_facts="${shape_facts%,}}"
python3 - "$out/tc_gemm_manifest.json" "$sync_facts" "$tma_facts" "$shape_facts" "$ws_facts_all" "$auto_facts_all" <<'PY'
import json, re, sys
path, sync, tma, shapes = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3]), json.loads(sys.argv[4])
warp_specialized = json.loads(sys.argv[5])
auto = json.loads(sys.argv[6])
variants = {
    "asyncpipe mma.sync sm_80 (cp.async)": dict(ptx="tc_gemm_{size}.sm_80.ptx", kernel="tensor_core_gemm", **sync),
    "asyncpipe mma.sync sm_90 (cp.async)": dict(ptx="tc_gemm_{size}.sm_90.ptx", kernel="tensor_core_gemm", **sync),
    "asyncpipe wgmma sm_90a (TMA)": dict(ptx="tc_gemm_tma_{size}.sm_90a.ptx", kernel="tensor_core_gemm_tma", **tma),
}
for shape, facts in shapes.items():
    tm, tn, stage, group = (int(v) for v in re.fullmatch(r"(\d+)x(\d+)s(\d+)g(\d+)", shape).groups())
    order = "row-major" if group == 1 else f"groups of {group}"
    variants[f"  {tm}x{tn}, {stage + 1} stages, {order}"] = dict(
        ptx=f"tc_gemm_tma_{shape}_{{size}}.sm_90a.ptx", kernel="tensor_core_gemm_tma", tile=[tm, tn],
        threads=128 * (tm // 64), **facts)
for shape, facts in warp_specialized.items():
    tm, tn, group = (int(v) for v in re.fullmatch(r"(\d+)x(\d+)g(\d+)", shape).groups())
    variants[f"asyncpipe wgmma sm_90a warp-specialized {tm}x{tn}, groups of {group}"] = dict(
        ptx=f"tc_gemm_ws{shape}_{{size}}.sm_90a.ptx", kernel="tensor_core_gemm_tma", tile=[tm, tn], **facts)
# The compiler's choice: facts per size (the launcher takes a size's own;
# a persistent kernel gets one block per multiprocessor, at most one a tile).
variants["asyncpipe wgmma sm_90a, the compiler's choice (tile-gemm, warp-specialized)"] = dict(
    ptx="tc_gemm_auto_{size}.sm_90a.ptx", kernel="tensor_core_gemm_tma", per_size=auto, **auto["check"])
json.dump({"threads": 256, "tile": [128, 128], "sizes": {"check": 512, "4096": 4096, "8192": 8192}, "variants": variants},
          open(path, "w"), indent=1)
PY
cat "$out/tc_gemm_manifest.json"

cat > "$out/manifest.json" <<JSON
{
  "kernel": "stream_dot",
  "threads": 128,
  "tiles": 64,
  "tile": 8,
  "sizes": {"check": 64, "bench": $blocks},
  "variants": {
    "asyncpipe cp.async sm_80": "{size}.sm_80.ptx",
    "asyncpipe cp.async sm_90": "{size}.sm_90.ptx",
    "asyncpipe bulk sm_90": "{size}.sm_90.bulk.ptx",
    "unpipelined sm_90": "{size}_sync.sm_90.ptx"
  },
  "cpu_partials": "cpu_partials.txt"
}
JSON
ls -la "$out"

# par-to-gpu's kernels (issue 15): the tiled matmul of bench/gpu/par_tiles.mlir
# at N = 1008 (63 x 63 tiles: 3969 threads, not a multiple of 128, so the
# last block's bounds check matters), flattened onto blocks of 128 threads
# and mapped with [#gpu.block<x>, #gpu.thread<x>] (63 blocks of 63 threads),
# for sm_90, named by par_manifest.json.
echo "== par-to-gpu kernels"
par_n=1008
par_t=$(( par_n / 16 ))
for variant in flattened mapped; do
  if [ "$variant" = mapped ]; then mapping='mapping = [#gpu.block<x>, #gpu.thread<x>]'; else mapping=''; fi
  sed -e "s/NxN/${par_n}x${par_n}/g" -e "s/16xN/16x${par_n}/g" -e "s/Nx16/${par_n}x16/g" -e "s/\[16, N\]/[16, ${par_n}]/" \
      -e "s/\[N, 16\]/[${par_n}, 16]/" -e "s/\[N, 1\]/[${par_n}, 1]/g" -e "s/constant T /constant ${par_t} /" -e "s/MAPPING/${mapping}/" \
      bench/gpu/par_tiles.mlir > "$out/par_$variant.mlir"
  "$opt" "$out/par_$variant.mlir" --par-verify-disjoint --par-to-gpu --convert-linalg-to-loops --asyncpipe-to-ptx=chip=sm_90 \
    | python3 test/tools/extract-ptx.py > "$out/par_$variant.sm_90.ptx"
  grep -c "^\.visible \.entry" "$out/par_$variant.sm_90.ptx" > /dev/null
done
# The cooperative rows kernel (test/Passes/par-to-gpu/block-threads.mlir: a
# block-mapped op, a workgroup tile, cp.async copies by one thread-mapped op
# read by the next thread in another), for sm_80 as the CPU block model runs it.
"$opt" test/Passes/par-to-gpu/block-threads.mlir --par-to-gpu --asyncpipe-eliminate-barriers --asyncpipe-to-ptx=chip=sm_80 \
  | python3 test/tools/extract-ptx.py > "$out/par_rows.sm_80.ptx"
cat > "$out/par_manifest.json" <<JSON
{"n": $par_n, "tiles": $par_t, "kernel": "tiles_par_kernel_0",
 "rows": {"ptx": "par_rows.sm_80.ptx", "kernel": "rows_par_kernel_0", "grid": [4, 1, 1], "block": [32, 1, 1]},
 "variants": {"flattened, blocks of 128": {"ptx": "par_flattened.sm_90.ptx", "grid": [$(( (par_t * par_t + 127) / 128 )), 1, 1], "block": [128, 1, 1]},
              "mapped [#gpu.block<x>, #gpu.thread<x>]": {"ptx": "par_mapped.sm_90.ptx", "grid": [$par_t, 1, 1], "block": [$par_t, 1, 1]}}}
JSON

# asyncop chains in kernels (issue 16): the staged row copy of
# test/Passes/asyncop-to-asyncpipe/copy.mlir (wrapped, scheduled, to
# cp.async) and the chain carried across a loop's iterations of carried.mlir,
# for sm_80; bench/gpu/asyncop.py checks them.
echo "== asyncop kernels"
"$opt" test/Passes/asyncop-to-asyncpipe/copy.mlir --asyncop-wrap --asyncop-schedule --asyncop-to-asyncpipe --asyncpipe-token-to-count --asyncpipe-to-ptx=chip=sm_80 \
  | python3 test/tools/extract-ptx.py > "$out/asyncop_stage.sm_80.ptx"
"$opt" test/Passes/asyncop-to-asyncpipe/carried.mlir --asyncop-to-asyncpipe --asyncpipe-token-to-count --asyncpipe-to-ptx=chip=sm_80 \
  | python3 test/tools/extract-ptx.py > "$out/asyncop_stream.sm_80.ptx"
