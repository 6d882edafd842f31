# Sourced by the PTX scripts (gemm_ptx.sh, attention_ptx.sh) from the
# repository's root: `opt`, the asyncpipe-opt to use (ASYNCPIPE_OPT, or
# target/debug's, built first), and `ptxas` (PTXAS, or the one
# scripts/setup.sh installs under .tools/cuda).
opt=${ASYNCPIPE_OPT:-}
if [ -z "$opt" ]; then
  if ! command -v cargo >/dev/null 2>&1; then . "$HOME/.cargo/env"; fi
  cargo build --quiet --bin asyncpipe-opt
  opt=target/debug/asyncpipe-opt
fi
ptxas=${PTXAS:-$PWD/.tools/cuda/nvidia/cuda_nvcc/bin/ptxas}
