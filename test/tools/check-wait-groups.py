#!/usr/bin/env python3
"""Checks that the cp.async.wait_group counts in PTX are the counts the passes
computed: every count in the PTX is one of the numGroups of the nvgpu IR, and
every computed count survives into the PTX (LLVM may duplicate a wait when it
unrolls or peels a loop, but must never turn a positive count into 0).

Usage: check-wait-groups.py NVGPU.mlir FILE.ptx
"""
import re
import sys

ir = open(sys.argv[1]).read()
ptx = open(sys.argv[2]).read()
computed = [int(n) for n in re.findall(r"nvgpu\.device_async_wait[^\n]*numGroups = (\d+)", ir)]
uncounted = len(re.findall(r"nvgpu\.device_async_wait(?![^\n]*numGroups)", ir))
emitted = [int(n) for n in re.findall(r"cp\.async\.wait_group\s+(\d+);", ptx)]
emitted += [0] * len(re.findall(r"cp\.async\.wait_all;", ptx))
problems = []
if uncounted:
    problems.append(f"{uncounted} nvgpu.device_async_wait without numGroups in the IR")
for n in sorted(set(emitted) - set(computed)):
    problems.append(f"the PTX waits with count {n}, which no pass computed")
for n in sorted(set(computed) - set(emitted)):
    problems.append(f"the computed count {n} does not appear in the PTX")
print(f"computed numGroups: {computed}")
print(f"PTX cp.async.wait_group: {emitted}")
if problems:
    sys.exit("check-wait-groups: " + "; ".join(problems))
print("check-wait-groups: every PTX wait carries a computed count")
