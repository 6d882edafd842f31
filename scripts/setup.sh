#!/usr/bin/env bash
# Installs what asyncpipe needs, only when it is missing (safe to rerun):
# Debian's LLVM/MLIR 22 (TableGen too, which build.rs reads through the
# tblgen crate), libclang 22 (bindgen, for mlir-sys and src/ffi.rs), a C++
# compiler, cmake, ninja, Python 3 (lit and the test tools), Rust (rustup's
# stable toolchain), and ptxas (PyPI's nvidia-cuda-nvcc-cu12, under
# .tools/cuda) to check PTX, and mlir-opt 19 (Debian's mlir-19-tools) to test
# that the plugin refuses an mlir-opt of another LLVM release.
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libpolly-22-dev
  libclang-22-dev libzstd-dev libz3-dev libxml2-dev zlib1g-dev cmake ninja-build
  build-essential python3 python3-pip curl ca-certificates
  mlir-19-tools
)

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1 && [ -f "$HOME/.cargo/env" ]; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi
if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: installing Rust (rustup, stable toolchain) under $HOME/.cargo"
  if ! curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal >/dev/null; then
    echo "setup: error: could not install Rust with rustup; install it from https://rustup.rs and rerun" >&2
    exit 1
  fi
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi
echo "setup: LLVM/MLIR 22, a C++ compiler, cmake, ninja, Python 3 and cargo are present"

# ptxas checks the PTX that asyncpipe-to-ptx emits; no GPU is needed. Without
# it, the PTX assembly tests are reported as skipped (lit: UNSUPPORTED).
root="$(cd "$(dirname "$0")/.." && pwd)"
ptxas="$root/.tools/cuda/nvidia/cuda_nvcc/bin/ptxas"
if [ ! -x "$ptxas" ]; then
  echo "setup: installing ptxas (PyPI nvidia-cuda-nvcc-cu12) under .tools/cuda"
  if ! python3 -m pip install --quiet --disable-pip-version-check --target "$root/.tools/cuda" \
      "nvidia-cuda-nvcc-cu12>=12.4" 2>"$root/.tools-pip.log"; then
    echo "setup: warning: could not install ptxas (see .tools-pip.log): PTX assembly tests will be skipped" >&2
  fi
fi
if [ -x "$ptxas" ]; then
  echo "setup: ptxas present: $("$ptxas" --version | tail -1)"
fi
