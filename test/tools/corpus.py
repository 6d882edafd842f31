#!/usr/bin/env python3
"""Run the kernel corpus (test/Corpus) through asyncpipe's analyses and
upstream's barrier elimination, and print a markdown table.

For each kernel listed in test/Corpus/manifest.tsv (columns: file, truth,
notes; truth is `race-free` or `race: ...`, established by reading the IR,
see each file's header):
  - `asyncpipe-opt --asyncpipe-verify-sync`: proven, the first line of its
    first error, crash, or timeout;
  - `asyncpipe-opt --asyncpipe-eliminate-barriers`: gpu.barrier ops before
    and after;
  - upstream's `gpu-eliminate-barriers` on the same kernel as func.func
    (the pass is anchored on func.func: the same rewrite as
    test/tools/kernel-to-func.sed, for any block size), run by
    asyncpipe-opt with
    --pass-pipeline='builtin.module(builtin.module(func.func(gpu-eliminate-barriers)))'.
The header line `// barriers-needed: N` of a kernel (when present) is the
number of its barriers that order a cross-thread conflicting pair.

A kernel's result is wrong when:
  false-alarm     truth race-free, verify-sync does not prove it
  missed-race     truth race, verify-sync proves it
  kept-barriers   asyncpipe leaves more barriers than upstream does (or,
                  where upstream removes a needed one, more than needed)
  removed-needed  asyncpipe leaves fewer barriers than are needed
  no-parse        the kernel does not parse
--check KNOWN (a ratchet, test/Corpus/known.tsv: `file<TAB>kinds`, kinds
comma-separated) exits 1 when a kernel is wrong in a way KNOWN does not
list, or a listed kind is no longer wrong (so the list shrinks as fixes
land). --write-known KNOWN writes today's list.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "test", "Corpus")
UPSTREAM_PIPELINE = "builtin.module(builtin.module(func.func(gpu-eliminate-barriers)))"


def read_manifest(path):
    rows = []
    with open(path) as f:
        for n, line in enumerate(f):
            line = line.rstrip("\n")
            if not line or line.startswith("#") or (n == 0 and line.startswith("file\t")):
                continue
            parts = line.split("\t")
            if len(parts) < 2:
                raise SystemExit(f"{path}:{n + 1}: expected file<TAB>truth<TAB>notes")
            rows.append((parts[0], parts[1], parts[2] if len(parts) > 2 else ""))
    return rows


def read_known(path):
    known = {}
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            file, _, kinds = line.partition("\t")
            known[file] = set(k for k in kinds.split(",") if k)
    return known


def run(cmd, stdin=None, timeout=60):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", ""


def count_barriers(text):
    return len(re.findall(r"^\s*gpu\.barrier\b", text, re.M))


def kernel_to_func(text):
    text = re.sub(r"^(\s*)gpu\.module @(\w+) \{$", r"\1module @\2 {", text, flags=re.M)
    text = re.sub(r"^(\s*)gpu\.func @(.*)\) kernel( attributes \{.*\})? \{$", r"\1func.func @\2) {", text, flags=re.M)
    text = re.sub(r"^(\s*)gpu\.return\b", r"\1return", text, flags=re.M)
    return text


def first_error(stderr):
    for line in stderr.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            return m.group(1)
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0] if lines else "failed without a message"


def is_crash(rc):
    return rc is not None and (rc < 0 or rc > 128 or rc == 101)


def evaluate(opt, file, truth, timeout):
    path = os.path.join(CORPUS, file)
    r = {"file": file, "truth": truth, "wrong": set()}
    try:
        text = open(path).read()
    except OSError as e:
        r.update(verdict=f"unreadable: {e}", before="?", ap="?", up="?", needed="?")
        r["wrong"].add("no-parse")
        return r
    m = re.search(r"^// barriers-needed: (\d+)", text, re.M)
    needed = int(m.group(1)) if m else None
    r["needed"] = needed if needed is not None else "?"
    r["before"] = count_barriers(text)
    # Parse check (the pass-free round trip).
    rc, _, err = run([opt, path, "-o", os.devnull], timeout=timeout)
    if rc != 0:
        r.update(verdict="parse error: " + (first_error(err) if rc is not None else "timeout"), ap="?", up="?")
        r["wrong"].add("no-parse")
        return r
    rc, _, err = run([opt, path, "--asyncpipe-verify-sync", "-o", os.devnull], timeout=timeout)
    if rc is None:
        r["verdict"], proven = "timeout", False
    elif is_crash(rc):
        r["verdict"], proven = f"crash (exit {rc})", False
    elif rc == 0:
        r["verdict"], proven = "proven", True
    else:
        r["verdict"], proven = "error: " + first_error(err), False
    rc, out, err = run([opt, path, "--asyncpipe-eliminate-barriers"], timeout=timeout)
    r["ap"] = count_barriers(out) if rc == 0 else ("timeout" if rc is None else ("crash" if is_crash(rc) else "error"))
    rc, out, err = run([opt, "--pass-pipeline=" + UPSTREAM_PIPELINE], stdin=kernel_to_func(text), timeout=timeout)
    r["up"] = count_barriers(out) if rc == 0 else ("timeout" if rc is None else "error")
    race_free = truth == "race-free"
    if race_free and not proven:
        r["wrong"].add("false-alarm")
    if not race_free and proven:
        r["wrong"].add("missed-race")
    ap, up = r["ap"], r["up"]
    if isinstance(ap, int):
        bound = up if isinstance(up, int) else r["before"]
        if needed is not None and bound < needed:
            bound = needed
        if ap > bound:
            r["wrong"].add("kept-barriers")
        if needed is not None and ap < needed:
            r["wrong"].add("removed-needed")
    else:
        r["wrong"].add("kept-barriers")
    return r


def cell(s):
    return str(s).replace("|", "\\|")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug"), help="directory of asyncpipe-opt")
    ap.add_argument("--manifest", default=os.path.join(CORPUS, "manifest.tsv"))
    ap.add_argument("--timeout", type=int, default=120, help="seconds per tool run")
    ap.add_argument("--check", metavar="KNOWN", help="ratchet file of known wrong results")
    ap.add_argument("--write-known", metavar="KNOWN", help="write today's wrong results there")
    ap.add_argument("--quiet", action="store_true", help="no table (with --check)")
    args = ap.parse_args()
    opt = os.path.join(args.bin, "asyncpipe-opt")
    if not os.path.exists(opt):
        print(f"corpus.py: {opt} not found", file=sys.stderr)
        return 2
    rows = read_manifest(args.manifest)
    results = [evaluate(opt, f, t, args.timeout) for f, t, _ in rows]

    if not args.quiet:
        print("| kernel | truth | asyncpipe verify-sync | barriers | needed | after asyncpipe | after upstream | wrong |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for r in results:
            truth = "race-free" if r["truth"] == "race-free" else "race"
            verdict = r["verdict"] if len(r["verdict"]) <= 100 else r["verdict"][:97] + "..."
            print(f"| {cell(r['file'])} | {truth} | {cell(verdict)} | {r['before']} | {r['needed']} | {r['ap']} | {r['up']} | {','.join(sorted(r['wrong']))} |")
        n = len(results)
        false_alarms = sum("false-alarm" in r["wrong"] for r in results)
        missed = sum("missed-race" in r["wrong"] for r in results)
        proven = sum(r["verdict"] == "proven" for r in results)
        before = sum(r["before"] for r in results if isinstance(r["before"], int))
        ap_removed = sum(r["before"] - r["ap"] for r in results if isinstance(r["ap"], int))
        up_removed = sum(r["before"] - r["up"] for r in results if isinstance(r["up"], int))
        kept = sum("kept-barriers" in r["wrong"] for r in results)
        removed_needed = sum("removed-needed" in r["wrong"] for r in results)
        print()
        print(f"kernels: {n} ({sum(r['truth'] == 'race-free' for r in results)} race-free, "
              f"{sum(r['truth'] != 'race-free' for r in results)} with a race); proven by verify-sync: {proven}")
        print(f"false alarms: {false_alarms}; missed races: {missed}")
        print(f"barriers: {before}; removed by asyncpipe-eliminate-barriers: {ap_removed}; "
              f"by upstream gpu-eliminate-barriers: {up_removed}")
        print(f"kernels where asyncpipe keeps more barriers than upstream (or than needed): {kept}; "
              f"where it leaves fewer than needed: {removed_needed}")

    current = {r["file"]: r["wrong"] for r in results if r["wrong"]}
    if args.write_known:
        with open(args.write_known, "w") as f:
            f.write("# Kernels of test/Corpus whose asyncpipe result is known wrong today (written by\n"
                    "# test/tools/corpus.py --write-known; checked by --check): file<TAB>kinds.\n"
                    "# Remove a line (or a kind) when a fix makes it right: --check fails until then.\n")
            for file in sorted(current):
                f.write(f"{file}\t{','.join(sorted(current[file]))}\n")
    if args.check:
        known = read_known(args.check)
        problems = []
        for r in results:
            now, listed = r["wrong"], known.get(r["file"], set())
            for kind in sorted(now - listed):
                problems.append(f"NEW: {r['file']}: {kind} ({r['verdict']}; barriers {r['before']} -> asyncpipe {r['ap']}, upstream {r['up']})")
            for kind in sorted(listed - now):
                problems.append(f"FIXED: {r['file']}: {kind} no longer wrong: remove it from {os.path.basename(args.check)}")
        for file in sorted(set(known) - {r["file"] for r in results}):
            problems.append(f"STALE: {file} is listed in {os.path.basename(args.check)} but not in the manifest")
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            return 1
        print(f"corpus: {len(results)} kernels, {len(current)} known wrong, no change", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
