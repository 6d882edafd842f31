#!/bin/bash
# Regenerates test/Corpus/sm90/rewrite-copy-as-tma-*.mlir (without their
# verdict headers): upstream MLIR's transform.nvgpu.rewrite_copy_as_tma (as in
# llvm-project's mlir/test/Integration/GPU/CUDA/sm90/transform-dialect/
# tma_load_64x8_8x128_noswizzle-transform.mlir) on every linalg.copy of
# gen/tma-input-*.mlir, then the gpu.launch outlined as a gpu.func kernel by
# upstream's gpu-launch-sink-index-computations and gpu-kernel-outlining; the
# gpu.module is kept (the host function, which holds the
# nvgpu.tma.create.descriptor ops, is dropped).
#   bash test/Corpus/gen/make-tma.sh /tmp/tma-out
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/tma-out}
opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
mkdir -p "$out"
for name in 64x8_8x128 loop; do
  "$opt" "$here/tma-input-$name.mlir" \
    --transform-preload-library="transform-library-paths=$here/tma-transform.mlir" \
    --transform-interpreter --gpu-launch-sink-index-computations --gpu-kernel-outlining \
    -o "$out/$name.full.mlir"
  {
    echo 'module attributes {gpu.container_module} {'
    awk '/^  gpu.module /{p=1} p{print} p&&/^  }$/{exit}' "$out/$name.full.mlir"
    echo '}'
  } > "$out/rewrite-copy-as-tma-$name.mlir"
  "$opt" "$out/rewrite-copy-as-tma-$name.mlir" -o /dev/null
  echo "$out/rewrite-copy-as-tma-$name.mlir"
done
