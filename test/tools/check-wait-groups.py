#!/usr/bin/env python3
"""Checks that the cp.async.wait_group counts in PTX are the counts the passes
computed, kernel by kernel and in order: for each function of the nvgpu IR,
the numGroups of its waits in program order must equal the wait_group counts
of the PTX function of the same name, once runs of equal adjacent counts are
merged on both sides (LLVM may duplicate a wait when it unrolls or peels a
loop, but must never drop one or turn a positive count into 0). Fails when
the IR has no counted wait at all.

Usage: check-wait-groups.py NVGPU.mlir FILE.ptx
"""
import re
import sys


def split(text, header):
    """{name: body} for each function that `header` (a regex with one group) starts."""
    starts = [(m.group(1), m.end()) for m in re.finditer(header, text)]
    return {name: text[at : starts[i + 1][1] if i + 1 < len(starts) else len(text)] for i, (name, at) in enumerate(starts)}


def collapse(counts):
    return [c for i, c in enumerate(counts) if i == 0 or counts[i - 1] != c]


ir = split(open(sys.argv[1]).read(), r"(?:gpu|func)\.func @([\w$.]+)")
ptx = split(open(sys.argv[2]).read(), r"\.(?:entry|func)\s+([\w$.]+)\s*\(")
problems = []
checked = 0
for name, body in ir.items():
    if re.search(r"nvgpu\.device_async_wait(?![^\n]*numGroups)", body):
        problems.append(f"@{name}: an nvgpu.device_async_wait without numGroups")
    computed = [int(n) for n in re.findall(r"nvgpu\.device_async_wait[^\n]*numGroups = (\d+)", body)]
    if not computed:
        continue
    if name not in ptx:
        problems.append(f"@{name}: no PTX function of that name")
        continue
    emitted = [int(n) if n != "" else 0 for n in re.findall(r"cp\.async\.wait_(?:group\s+(\d+)|all);", ptx[name])]
    print(f"@{name}: computed numGroups {computed}, PTX cp.async.wait_group {emitted}")
    if collapse(emitted) != collapse(computed):
        problems.append(f"@{name}: the PTX waits {emitted} are not the computed {computed}")
    checked += 1
if checked == 0:
    problems.append("no counted wait in the IR")
if problems:
    sys.exit("check-wait-groups: " + "; ".join(problems))
print("check-wait-groups: every PTX wait carries the count computed for it, in order")
