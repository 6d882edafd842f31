#!/usr/bin/env bash
# Deliberately wrong versions of the wgmma GEMM's PTX, to show that the GPU
# benchmark's exact-product check (bench/gpu/tensor_core_gemm.py) catches a
# wrong lowering: writes target/gpu-mutants/ (PTX and a manifest) from the
# PTX bench/gpu/prepare.sh wrote into target/gpu/. Each mutant is one edit
# of what asyncpipe-lower-mma or asyncpipe-to-nvgpu emit:
# - B not transposed: wgmma's tnspB immediate 0 (layout col for a row-major
#   K x N tile);
# - B's descriptor with its leading and stride byte offsets swapped (1024
#   and 8192 instead of 8192 and 1024);
# - the loop's wgmma.wait_group 1 weakened to 2 (one group more in flight:
#   a tile version may be overwritten while a wgmma still reads it);
# - the loop's block barrier removed (a warpgroup's tensor-map copy may
#   overwrite a version the other warpgroup's wgmma still reads).
# The first two must compute a wrong C; the last two are races, which a
# run may or may not show.
#
#   bash bench/gpu/tc_mutants.sh && python3 bench/gpu/tensor_core_gemm.py --dir target/gpu-mutants
set -euo pipefail
cd "$(dirname "$0")/../.."
in=target/gpu
out=target/gpu-mutants
rm -rf "$out"
mkdir -p "$out"
b_descriptor=$(( (1 << 62) | (512 << 16) | (64 << 32) ))
b_swapped=$(( (1 << 62) | (64 << 16) | (512 << 32) ))
for size in check 4096 8192; do
  ptx="$in/tc_gemm_tma_$size.sm_90a.ptx"
  grep -q "p, 1,  1, 0,  1;" "$ptx" && grep -q "$b_descriptor" "$ptx" \
    && grep -q "wgmma.wait_group.sync.aligned[[:space:]]*1;" "$ptx" && [ "$(grep -c 'bar.sync' "$ptx")" = 2 ] \
    || { echo "tc_mutants: $ptx no longer has what the mutants edit" >&2; exit 1; }
  sed -e 's/p, 1,  1, 0,  1;/p, 1,  1, 0,  0;/' "$ptx" > "$out/untransposed_$size.sm_90a.ptx"
  sed -e "s/$b_descriptor/$b_swapped/" "$ptx" > "$out/swapped_$size.sm_90a.ptx"
  sed -e 's/wgmma.wait_group.sync.aligned\([[:space:]]*\)1;/wgmma.wait_group.sync.aligned\12;/' "$ptx" > "$out/weaker_wait_$size.sm_90a.ptx"
  # The second bar.sync is the loop's (the first follows the ring's init).
  awk '/bar.sync/ { n++; if (n == 2) next } { print }' "$ptx" > "$out/no_barrier_$size.sm_90a.ptx"
done
python3 - "$in/tc_gemm_manifest.json" "$out/tc_gemm_manifest.json" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
base = manifest["variants"]["asyncpipe wgmma sm_90a (TMA)"]
names = {"untransposed": "mutant: B not transposed", "swapped": "mutant: B's offsets swapped",
         "weaker_wait": "mutant: wgmma.wait_group 2", "no_barrier": "mutant: no K-step barrier"}
manifest["variants"] = {label: dict(base, ptx=f"{name}_{{size}}.sm_90a.ptx") for name, label in names.items()}
json.dump(manifest, open(sys.argv[2], "w"), indent=1)
PY
ls "$out"
