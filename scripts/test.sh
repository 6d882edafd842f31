#!/usr/bin/env bash
# The test command: installs what is missing, builds, installs the build
# under target/install (the embedding tests use it), then runs the cargo
# tests (unit, integration, doc), the lit suite in test/, and the lit suite's
# Dialect, Passes, Target and Execution tests again through the stock
# mlir-opt with asyncpipe's plugin (lit --param opt=plugin).
# Ends with one line "tests: N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
if ! command -v cargo >/dev/null 2>&1; then . "$HOME/.cargo/env"; fi

log=$(mktemp -d)
status=0

echo "== cargo build"
cargo build --all-targets || exit 1

echo "== install under target/install"
bash scripts/install.sh target/install || exit 1

echo "== cargo test"
cargo test 2>&1 | tee "$log/cargo.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== lit test/"
/usr/lib/llvm-22/bin/lit -v test 2>&1 | tee "$log/lit.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== lit, plugin mode: the stock mlir-opt with asyncpipe's plugin"
/usr/lib/llvm-22/bin/lit -v --param opt=plugin test/Dialect test/Passes test/Target test/Execution 2>&1 \
  | tee "$log/lit-plugin.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

read -r cp cf ci < <(awk '/^test result:/ {
    for (i = 1; i <= NF; i++) {
      if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i; if ($(i+1) ~ /^ignored/) s += $i
    } } END { print p+0, f+0, s+0 }' "$log/cargo.txt")
lit_counts() {
  awk '
    /^ *Passed *:/ { p += $2 }
    /^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *:/ { f += $(NF-1) }
    /^ *(Unsupported|Expectedly Failed|Skipped) *:/ { s += $(NF-1) }
    END { print p+0, f+0, s+0 }' "$1"
}
read -r lp lf ls < <(lit_counts "$log/lit.txt")
read -r pp pf ps < <(lit_counts "$log/lit-plugin.txt")
echo "cargo: $cp passed, $cf failed, $ci skipped"
echo "lit: $lp passed, $lf failed, $ls skipped"
echo "lit (plugin): $pp passed, $pf failed, $ps skipped"
echo "tests: $((cp + lp + pp)) passed, $((cf + lf + pf)) failed, $((ci + ls + ps)) skipped"
rm -rf "$log"
exit $status
