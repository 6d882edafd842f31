#!/bin/bash
# Regenerates test/Corpus/nvgpu-pipeliner/*.mlir (without their verdict
# headers): upstream MLIR's transform.nvgpu.create_async_groups and
# transform.nvgpu.pipeline_shared_memory_copies (as in llvm-project's
# mlir/test/Dialect/NVGPU/transform-create-async-groups.mlir and
# transform-pipeline-shared.mlir) on a 128-thread staging kernel.
#   bash test/Corpus/gen/make-pipeliner.sh /tmp/pipeliner-out
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/pipeliner-out}
opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
mkdir -p "$out"
for slots in 3 4; do
  for depth in 2 3; do
    [ "$slots" = 4 ] && [ "$depth" = 2 ] && continue
    for peel in "" ", peel_epilogue"; do
      name=depth${depth}-${slots}slots${peel:+-peeled}
      sed "s/DEPTH/$depth/; s/PEEL/$peel/" "$here/pipeliner-transform.mlir.in" > "$out/$name.transform.mlir"
      "$opt" "$here/pipeliner-input-${slots}slots.mlir" \
        --transform-preload-library="transform-library-paths=$out/$name.transform.mlir" \
        --transform-interpreter -o "$out/$name.mlir"
      echo "$out/$name.mlir"
    done
  done
done
