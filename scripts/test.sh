#!/usr/bin/env bash
# The test command: installs what is missing, builds, installs the build
# under target/install (the embedding tests use it), then runs the cargo
# tests (unit, integration, doc), the lit suite in test/, and the lit suite's
# Dialect and Passes tests again through the stock mlir-opt with asyncpipe's
# plugin (lit --param opt=plugin): every pass and pipeline is reached there
# through the plugin (Dialect, each pass's first tests, the pipelines' tests);
# the rest runs once (ASYNCPIPE_PLUGIN_ALL=1 runs everything in plugin mode
# too). Each step says when it starts.
# Opt-in: ASYNCPIPE_FUZZ_EXECS=100000 (and ASYNCPIPE_FUZZ_SEED, default 3000)
# adds a long fuzzer run on the release build with overflow checks (cargo
# profile `fuzz`, all cores; docs/reliability.md: about 75 minutes on 2
# cores), counted as one test. ASYNCPIPE_LONG_TESTS=1 adds the lit tests
# and RUN lines that need long-tests (test/Passes/warp-specialize/
# persistent-long.test and test/Execution/warp-specialized-gemm-mutants-
# block-cpu.mlir: every wrong version of the warp-specialized kernel through
# verify-sync and on the CPU block model; attention-deferred-mutants-cpu.mlir:
# attention's 80 wait mutants; the wait mutants of tensor-core-gemm-bulk-
# and tiled-gemm-bulk-block-cpu.mlir; about a minute or two each;
# attention-block-mutants-cpu.mlir: every barrier and wait of attention's
# three lowered kernels on the block model, about 25 minutes).
# Ends with one line "tests: N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
if ! command -v cargo >/dev/null 2>&1; then . "$HOME/.cargo/env"; fi

log=$(mktemp -d)
status=0

echo "== cargo build (at ${SECONDS} s)"
cargo build --all-targets || exit 1

echo "== install under target/install (at ${SECONDS} s)"
bash scripts/install.sh target/install || exit 1

echo "== cargo test (at ${SECONDS} s)"
cargo test 2>&1 | tee "$log/cargo.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== lit test/ (at ${SECONDS} s)"
# lit starts the tests it timed last as slowest first; a fresh clone has no
# times yet, so it gets the committed ones (test/lit-test-times.txt, a copy
# of test/Output/.lit_test_times.txt): the 40-second tests no longer start
# last on one of the two workers while the other waits.
mkdir -p test/Output
[ -f test/Output/.lit_test_times.txt ] || cp test/lit-test-times.txt test/Output/.lit_test_times.txt
/usr/lib/llvm-22/bin/lit -v test 2>&1 | tee "$log/lit.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== lit, plugin mode: the stock mlir-opt with asyncpipe's plugin (at ${SECONDS} s)"
# Every dialect, pass and pipeline is reached through the plugin: the first
# two tests (in name order) of each dialect's folder in Dialect and each
# pass's folder in Passes, and every Passes test that runs a registered
# pipeline. The rest, Target and Execution run once (in the run above),
# unless ASYNCPIPE_PLUGIN_ALL=1. What plugin mode tests is the path (the
# dialect and pass plugins, pass flags as --pass-pipeline, options,
# diagnostics), which a folder's first tests reach as well as its last; each
# plugin test costs about 0.6 s of CPU (the stock tool loading the debug
# plugin), and the cost tests (deep nests, budgets) stay out.
plugin_skip='optimize-waits/budget|token-to-count/budget-nest|token-to-count/outer-group-nest|verify-sync/case-split-budget|verify-sync/hopper-unsettled-loop'
if [ -n "${ASYNCPIPE_PLUGIN_ALL:-}" ]; then
  plugin_tests="test/Dialect test/Passes test/Target test/Execution"
  plugin_skip='^$'
else
  plugin_tests="$(for d in test/Dialect/*/ test/Passes/*/; do ls "$d" | grep -E '\.(mlir|test)$' | sort | head -n 2 | sed "s|^|$d|"; done | tr '\n' ' ')"
  plugin_tests="$plugin_tests $(grep -l -E 'asyncpipe-(to-ptx|block-model)\b' test/Passes/*/*.mlir test/Passes/*/*.test 2>/dev/null | tr '\n' ' ')"
fi
/usr/lib/llvm-22/bin/lit -v --param opt=plugin --filter-out "$plugin_skip" $plugin_tests 2>&1 \
  | tee "$log/lit-plugin.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

fuzz_pass=0 fuzz_fail=0
if [ -n "${ASYNCPIPE_FUZZ_EXECS:-}" ]; then
  echo "== fuzzer: ${ASYNCPIPE_FUZZ_EXECS} executions (opt-in)"
  if cargo build --profile fuzz --bin asyncpipe-opt && python3 test/tools/fuzz.py --bin target/fuzz/asyncpipe-opt --seed "${ASYNCPIPE_FUZZ_SEED:-3000}" \
      --execs "$ASYNCPIPE_FUZZ_EXECS" --jobs "$(nproc)" --max-depth 32 --out target/fuzz-findings; then
    fuzz_pass=1
  else
    fuzz_fail=1
    status=1
  fi
fi

read -r cp cf ci < <(awk '/^test result:/ {
    for (i = 1; i <= NF; i++) {
      if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i; if ($(i+1) ~ /^ignored/) s += $i
    } } END { print p+0, f+0, s+0 }' "$log/cargo.txt")
lit_counts() {
  awk '
    /^ *Passed *:/ { p += $(NF-1) }
    /^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *:/ { f += $(NF-1) }
    /^ *(Unsupported|Expectedly Failed|Skipped|Excluded) *:/ { s += $(NF-1) }
    END { print p+0, f+0, s+0 }' "$1"
}
read -r lp lf ls < <(lit_counts "$log/lit.txt")
read -r pp pf ps < <(lit_counts "$log/lit-plugin.txt")
echo "cargo: $cp passed, $cf failed, $ci skipped"
echo "lit: $lp passed, $lf failed, $ls skipped"
echo "lit (plugin): $pp passed, $pf failed, $ps skipped"
if [ -n "${ASYNCPIPE_FUZZ_EXECS:-}" ]; then echo "fuzzer: $fuzz_pass passed, $fuzz_fail failed"; fi
echo "tests: $((cp + lp + pp + fuzz_pass)) passed, $((cf + lf + pf + fuzz_fail)) failed, $((ci + ls + ps)) skipped"
rm -rf "$log"
exit $status
