#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs the example in
# examples/ end to end through the library API.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if ! command -v cargo >/dev/null 2>&1; then . "$HOME/.cargo/env"; fi
cargo build --bin asyncpipe-opt --example pipeline
cargo run --quiet --example pipeline -- examples/tvm_gemm_pipeline.mlir
