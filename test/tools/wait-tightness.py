#!/usr/bin/env python3
"""Checks that every counting wait of a program is exact: for each
`asyncpipe.wait_queue Q, N` of FILE (N > ... any), the program with that
one count raised to N + 1 must be rejected by asyncpipe-verify-sync (one
group more in flight there lets an access race). A wait whose count could
be one larger without a race is loose (the pass that counted it was not
exact); one that verify-sync cannot prove even as written is reported too.

Usage: wait-tightness.py --bin ASYNCPIPE_OPT [--verify OPTIONS] FILE.mlir
Prints "wait-tightness: W waits, T tight, L loose" and each loose wait.
"""
import argparse
import re
import subprocess
import sys

WAIT = re.compile(r"(asyncpipe\.wait_queue\s+(\d+),\s*)(\d+)")


def verifies(binary, options, text):
    p = subprocess.run([binary, f"--asyncpipe-verify-sync{options}", "-o", "/dev/null"], input=text.encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    return p.returncode == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--verify", default="", help="options of asyncpipe-verify-sync, e.g. '=ordered-writes=true'")
    ap.add_argument("file")
    args = ap.parse_args()
    text = open(args.file).read()
    if not verifies(args.bin, args.verify, text):
        print("wait-tightness: the program as written does not verify")
        return 1
    waits = list(WAIT.finditer(text))
    loose = []
    for m in waits:
        raised = text[:m.start(3)] + str(int(m.group(3)) + 1) + text[m.end(3):]
        if verifies(args.bin, args.verify, raised):
            line = text.count("\n", 0, m.start()) + 1
            loose.append(f"line {line}: asyncpipe.wait_queue {m.group(2)}, {m.group(3)} could be {int(m.group(3)) + 1}")
    print(f"wait-tightness: {len(waits)} waits, {len(waits) - len(loose)} tight, {len(loose)} loose")
    for entry in loose:
        print(f"wait-tightness: loose: {entry}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
