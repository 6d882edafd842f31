#!/bin/bash
# Regenerates test/Corpus/iree/*.mlir (without their verdict headers, which
# were written by hand after reading each kernel: see ../README.md).
#   python3 -m pip install --target /tmp/iree iree-base-compiler==3.6.0
#   PYTHONPATH=/tmp/iree bash test/Corpus/gen/make-iree.sh /tmp/iree-out
# iree-compile 3.6.0rc20250718 @ af56a4793d8e9eb0dca7b7bfc7f41ec50d4d23c1
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/iree-out}
mkdir -p "$out"
iree_compile=${IREE_COMPILE:-/tmp/iree/bin/iree-compile}
# program | extra flags | stages
while IFS='|' read -r prog flags stages; do
  [ -z "$prog" ] && continue
  # matmul_f16_big fails IREE's shared-memory check for sm_80 (204800 bytes)
  # after the structured dump was printed: the failure is expected.
  $iree_compile "$here/iree/$prog.mlir" --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 $flags \
    --mlir-disable-threading \
    --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy \
    --mlir-print-ir-before=gpu-eliminate-barriers \
    --mlir-print-ir-after=convert-scf-to-cf \
    --mlir-print-ir-before=iree-convert-to-nvvm \
    -o /dev/null 2> "$out/$prog.dump"
  for stage in $stages; do
    python3 "$here/iree_extract.py" "$out/$prog.dump" "$stage" "$out" "$prog"
  done
done <<'LIST'
matmul_f32||structured cf final
matmul_f16_f32acc||structured cf
batch_matmul_f16||structured
batch_matmul_f32||structured
matmul_bias_relu_f32||structured
matmul_gelu_f16||cf
matmul_tb_f16||structured
wmma_f16|--iree-codegen-llvmgpu-use-wmma|structured cf
wmma_f32|--iree-codegen-llvmgpu-use-wmma|structured
matmul_f16_big||structured
matmul_f16_odd||structured
softmax_f32||structured cf
rowsum_f32||structured
LIST
