#!/usr/bin/env python3
"""Snapshot the output of every asyncpipe pass on every test and example input.

Refactors that promise unchanged behaviour (issue 11) are checked by writing a
snapshot before and after and comparing the two folders byte for byte:

    python3 bench/pass_outputs.py --out /tmp/before      # on the old commit
    python3 bench/pass_outputs.py --out /tmp/after       # on the new one
    diff -r /tmp/before /tmp/after && echo identical

Each run records stdout, stderr and the exit status, so diagnostics count too.
Inputs with `// -----` run with --split-input-file.
"""
import argparse
import concurrent.futures
import hashlib
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

PASSES = [
    "--asyncpipe-software-pipeline",
    "--asyncpipe-token-to-count",
    "--asyncpipe-count-to-token",
    "--asyncpipe-optimize-waits",
    "--asyncpipe-verify-sync",
    "--asyncpipe-lower-sequential",
    "--asyncpipe-workgroup-attributions",
    "--asyncpipe-to-nvgpu",
    "--asyncpipe-attach-nvvm-target",
    "--asyncpipe-check-nvvm-target",
    "--asyncpipe-to-ptx",
    "--canonicalize",
    "--asyncpipe-token-to-count --asyncpipe-optimize-waits --asyncpipe-count-to-token",
]


def inputs():
    for folder in ("test", "examples"):
        for path in sorted((ROOT / folder).rglob("*.mlir")):
            if "Output" not in path.relative_to(ROOT).parts:  # lit's scratch files
                yield path


def run(binary, path, flags):
    args = [binary, str(path), "--allow-unregistered-dialect"] + flags.split()
    if "// -----" in path.read_text(errors="replace"):
        args.append("--split-input-file")
    try:
        done = subprocess.run(args, capture_output=True, timeout=120)
        rc, out, err = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = "timeout", b"", b""
    # Absolute paths in diagnostics are the same before and after; keep them.
    # gpu-module-to-binary records how long LLVM took: not part of the output.
    out = re.sub(rb"LLVMIRToISATimeInMs = \d+", b"LLVMIRToISATimeInMs = ?", out)
    return f"rc: {rc}\n".encode() + b"--- stdout\n" + out + b"--- stderr\n" + err


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, type=pathlib.Path)
    parser.add_argument("--bin", default=str(ROOT / "target/debug/asyncpipe-opt"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    jobs = [(path, flags) for path in inputs() for flags in PASSES]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda job: (job, run(args.bin, *job)), jobs)
        for (path, flags), text in results:
            name = str(path.relative_to(ROOT)).replace("/", "__")
            tag = hashlib.sha1(flags.encode()).hexdigest()[:8]
            (args.out / f"{name}.{tag}.txt").write_bytes(f"flags: {flags}\n".encode() + text)
    print(f"{len(jobs)} runs written to {args.out}")


if __name__ == "__main__":
    sys.exit(main())
