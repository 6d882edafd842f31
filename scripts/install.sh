#!/usr/bin/env bash
# Installs asyncpipe for embedding (README, "Embedding"): builds it, then runs
# `cmake --install` on the CMake build that cargo drove, which copies the
# headers (C API and C++), the libraries (libAsyncPipeDialects.so,
# libAsyncPipeMLIRCAPI.so, libasyncpipe.so, the plugin libAsyncPipePlugin.so),
# asyncpipe-opt and the CMake package (lib/cmake/AsyncPipe) under PREFIX.
#   bash scripts/install.sh [PREFIX]   (default: target/install)
#   CARGO_PROFILE=release bash scripts/install.sh /opt/asyncpipe
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-target/install}"
profile="${CARGO_PROFILE:-dev}"
if ! command -v cargo >/dev/null 2>&1; then . "$HOME/.cargo/env"; fi

# cargo reports where build.rs ran (its out_dir holds cmake-build).
out_dir=$(cargo build --profile "$profile" --lib --bin asyncpipe-opt --message-format=json \
  | python3 -c '
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message.get("reason") == "build-script-executed" and \
            message["package_id"].startswith("path+file://") and "#asyncpipe@" in message["package_id"]:
        print(message["out_dir"])
' | tail -1)
[ -d "$out_dir/cmake-build" ] || { echo "install: no CMake build found under '$out_dir'" >&2; exit 1; }
cmake --install "$out_dir/cmake-build" --prefix "$prefix" >/dev/null
echo "install: asyncpipe installed under $prefix (CMake package: $prefix/lib/cmake/AsyncPipe)"
