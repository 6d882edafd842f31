#!/usr/bin/env python3
"""Shows that every barrier and every wait of a lowered kernel is needed.

Reads a kernel at the nvgpu level (after asyncpipe-to-nvgpu), and runs
COMMAND (a shell command that reads the IR on stdin and prints the results of
a CPU run, for example through asyncpipe-lower-block and mlir-runner) on it
and on each mutant:
  - the kernel with one gpu.barrier removed, for each barrier;
  - the kernel with one nvgpu.device_async_wait allowing one group more in
    flight (numGroups + 1), for each wait;
  - the kernel with one nvvm.mbarrier.try_wait.parity removed (bulk queues:
    a wait for one group's phase), for each;
  - the kernel with one nvvm.wgmma.wait.group.sync.aligned removed, and
    with it allowing one group more in flight (N + 1), for each;
  - at the asyncpipe level (counting form, before a lowering), the program
    with one `asyncpipe.wait_queue Q, N` removed, and with it allowing one
    group more in flight (N + 1), for each.
With --expected FILE, the kernel's own output is read from FILE (a test's
run of it, checked there) instead of run again. With --kernel NAME, only the
barriers and waits of `gpu.func @NAME` are mutated (a module of several
kernels); with --only REGEX, only the mutants whose name (as printed, e.g.
"wgmma wait 3 (line 120) one group weaker") REGEX matches, numbered as
without it. With --verify 'COMMAND', a mutant that COMMAND rejects (exits non-zero on
it, as asyncpipe-verify-sync does on a missing wait) counts as caught
without running it.
Prints one line per mutant, saying whether the output changed, and exits
with 1 when some mutant's output is the kernel's own (a barrier or wait the
CPU model cannot tell is needed) or some run fails (a mutant must run and
compute something else, not break the lowering). A run the block model
stops with its own message ("block-sim: ...", for example an mbarrier used
before its initialization) counts as changed: the model caught the error.

  each-sync-needed.py [--verify 'asyncpipe-opt --asyncpipe-verify-sync'] [--expected OUTPUT] [--kernel NAME] [--only REGEX] KERNEL.mlir 'asyncpipe-opt ... | mlir-runner ...'
"""
import re
import subprocess
import sys

from mutants import run_against

WAIT = re.compile(r"(nvgpu\.device_async_wait\b.*numGroups = |nvvm\.cp\.async\.wait\.group )(\d+)")
MBARRIER_WAIT = re.compile(r"\bnvvm\.mbarrier\.try_wait\.parity\b")
QUEUE_WAIT = re.compile(r"(asyncpipe\.wait_queue (\d+), )(\d+)")
WGMMA_WAIT = re.compile(r"(nvvm\.wgmma\.wait\.group\.sync\.aligned )(\d+)")


def run(command, text):
    done = subprocess.run(command, shell=True, input=text, capture_output=True, text=True)
    return done.returncode, done.stdout


def kernel_lines(lines, name):
    """The line numbers of `gpu.func @name` (its header to the next
    gpu.func's, or to the end)."""
    header = re.compile(r"\bgpu\.func @" + re.escape(name) + r"\(")
    starts = [i for i, line in enumerate(lines) if header.search(line)]
    if not starts:
        sys.exit(f"each-sync-needed: no gpu.func @{name} in the kernel's module")
    end = next((i for i, line in enumerate(lines) if i > starts[0] and re.search(r"\bgpu\.func @", line)), len(lines))
    return range(starts[0], end)


def mutants(lines, within=None):
    def found(pattern):
        return [i for i, line in enumerate(lines) if pattern(line) and (within is None or i in within)]

    barriers = found(lambda line: re.search(r"\bgpu\.barrier\b", line))
    waits = found(WAIT.search)
    mbarrier_waits = found(MBARRIER_WAIT.search)
    for n, i in enumerate(barriers, 1):
        yield f"barrier {n} (line {i + 1}) removed", lines[:i] + lines[i + 1:]
    for n, i in enumerate(waits, 1):
        weaker = WAIT.sub(lambda m: m.group(1) + str(int(m.group(2)) + 1), lines[i])
        yield f"wait {n} (line {i + 1}) one group weaker", lines[:i] + [weaker] + lines[i + 1:]
    for n, i in enumerate(mbarrier_waits, 1):
        yield f"mbarrier wait {n} (line {i + 1}) removed", lines[:i] + lines[i + 1:]
    wgmma_waits = found(WGMMA_WAIT.search)
    for n, i in enumerate(wgmma_waits, 1):
        yield f"wgmma wait {n} (line {i + 1}) removed", lines[:i] + lines[i + 1:]
        weaker = WGMMA_WAIT.sub(lambda m: m.group(1) + str(int(m.group(2)) + 1), lines[i])
        yield f"wgmma wait {n} (line {i + 1}) one group weaker", lines[:i] + [weaker] + lines[i + 1:]
    queue_waits = found(QUEUE_WAIT.search)
    for n, i in enumerate(queue_waits, 1):
        queue = QUEUE_WAIT.search(lines[i]).group(2)
        yield f"wait {n} on queue {queue} (line {i + 1}) removed", lines[:i] + lines[i + 1:]
        weaker = QUEUE_WAIT.sub(lambda m: m.group(1) + str(int(m.group(3)) + 1), lines[i])
        yield f"wait {n} on queue {queue} (line {i + 1}) one group weaker", lines[:i] + [weaker] + lines[i + 1:]


def main():
    args = sys.argv[1:]
    verify = expected = kernel = only = None
    while len(args) > 2 and args[0] in ("--verify", "--expected", "--kernel", "--only"):
        if args[0] == "--verify":
            verify = args[1]
        elif args[0] == "--kernel":
            kernel = args[1]
        elif args[0] == "--only":
            only = re.compile(args[1])
        else:
            with open(args[1]) as f:
                expected = f.read()
        args = args[2:]
    if len(args) != 2:
        sys.exit(__doc__)
    path, command = args
    with open(path) as f:
        lines = f.read().splitlines(keepends=True)
    if expected is None:
        code, expected = run(command, "".join(lines))
        if code != 0:
            print(f"the kernel itself fails (exit code {code})")
            return 1
    bad = 0
    count = 0
    if verify and run(verify, "".join(lines))[0] != 0:
        print("the verifier rejects the program itself")
        return 1
    within = kernel_lines(lines, kernel) if kernel else None
    for name, mutant in mutants(lines, within):
        if only and not only.search(name):
            continue
        count += 1
        if verify and run(verify, "".join(mutant))[0] != 0:
            print(f"{name}: rejected by the verifier")
            continue
        verdict, detail = run_against(command, "".join(mutant), expected)
        if verdict == "stopped":
            print(f"{name}: the model stopped the run ({detail})")
        elif verdict == "failed":
            print(f"{name}: the run failed (exit code {detail})")
            bad += 1
        elif verdict == "same":
            print(f"{name}: same result (not shown to be needed)")
            bad += 1
        else:
            print(f"{name}: result changed")
    print(f"{count} mutants, {count - bad} changed the result or were rejected" if verify else f"{count} mutants, {count - bad} changed the result")
    return 1 if bad or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
