#!/usr/bin/env python3
"""Times commands side by side: R rounds, each running every command once in
turn, so that a slow spell of this shared machine hits all of them alike.

Usage: interleaved.py ROUNDS NAME=COMMAND [NAME=COMMAND ...]
  (each COMMAND is one shell word list, split with shlex; output discarded)

Prints one Markdown row per command: its best wall time and the peak RSS of
that run, and, for every command after the first, the median over rounds of
its time divided by the first command's time in the same round (the paired
ratio: robust to drift between rounds, unlike a ratio of two best times).
"""
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time


def run(args):
    """Wall seconds and peak RSS (MiB) of one run."""
    with tempfile.NamedTemporaryFile("r") as out:
        start = time.perf_counter()
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name, *args],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - start
        return wall, int(out.read().split()[-1]) // 1024


def main():
    rounds = int(sys.argv[1])
    commands = [arg.split("=", 1) for arg in sys.argv[2:]]
    times = {name: [] for name, _ in commands}
    rss = {name: {} for name, _ in commands}
    for _ in range(rounds):
        for name, command in commands:
            wall, mib = run(shlex.split(command))
            times[name].append(wall)
            rss[name][wall] = mib
    first = commands[0][0]
    for name, _ in commands:
        best = min(times[name])
        ratio = "" if name == first else " | %.3f" % statistics.median(
            t / b for t, b in zip(times[name], times[first]))
        print(f"| {name} | {best:.3f} s / {rss[name][best]} MiB{ratio} |")


if __name__ == "__main__":
    os.environ.setdefault("LLVM_DISABLE_SYMBOLIZATION", "1")
    main()
