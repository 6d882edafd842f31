#!/usr/bin/env python3
"""Breaks asyncpipe-warp-specialize's output one way at a time, as a wrong
version of the pass would write it, and checks that asyncpipe-verify-sync
(after asyncpipe-lower-mma makes the MMAs wgmma) rejects each break with
the error it causes.

The pass's output (the asyncpipe level, before lower-mma) is found by the
shapes the pass writes (passes/transform/warp_specialize.rs):
  - the mbarrier inits in the first `scf.if`: full ones with `%c1_i32...`,
    empty ones with `%c2_i32...` (two consumer warpgroups);
  - the producer (after `setmaxregister decrease`) flips its round's
    parity with `arith.xori %P, %c1...`, waits with the first
    `nvvm.mbarrier.try_wait.parity`, expects `%c16384_i32` bytes a tile;
  - the consumers (after `setmaxregister increase`) cast their parity with
    the first `arith.index_cast ... to i32`, keep one MMA group in flight
    (`asyncpipe.wait_queue Q, 1`) and release the previous slot under
    `arith.andi %started, %elected` with `arith.addi %slot, %c(S-1)` and an
    `nvvm.mbarrier.arrive`.

Usage: ws-mutants.py --bin ASYNCPIPE_OPT --slots S [--persistent] [--only A,B] [--run 'COMMAND' [--expected OUTPUT]] KERNEL.mlir
(--persistent: the pass's persistent form, its ring's slot and phase
carried in iter_args from tile to tile.)
Prints (test/tools/mutants.py) "ws-mutants: as written: proven", then per mutation
"ws-mutants: NAME: rejected: LINE: MESSAGE" (the first error matching the
mutation's expected message; a mutant without it, or that does not parse,
crashes or times out, counts as not rejected), and "ws-mutants: R of M
mutants rejected".

With --run, the same mutants run instead: each (and the pass's output as
written) is lowered as asyncpipe-kernel-to-ptx lowers it for sm_90a
(asyncpipe-lower-mma, asyncpipe-to-nvgpu), its gpu.module handed to COMMAND
(which runs it on the CPU block model and prints a line per schedule: how
many outputs differ from linalg.matmul's), and a mutant counts as caught
when C changes or the model stops the run (a hang, a tile overwritten under
a wgmma, arrivals past an mbarrier's count); no verify-sync in between.
(--expected: the output of the pass's own kernel, which the test ran with
the same options: not run again.)
Two more mutants break the register budgets (setmaxnreg), which the block
model runs and verify-sync does not read.
"""
import argparse
import re
import subprocess
import sys

import mutants


def sections(text):
    producer = text.index("setmaxregister  decrease")
    consumer = text.index("setmaxregister  increase")
    return producer, consumer


def sub_first(pattern, repl, start=0, end=None):
    def mutate(text):
        stop = len(text) if end is None else end(text)
        begin = start(text) if callable(start) else start
        m = re.compile(pattern).search(text, begin, stop)
        if not m:
            raise SystemExit(f"ws-mutants: the pass's output has no {pattern!r} where expected")
        return text[:m.start()] + m.expand(repl) + text[m.end():]
    return mutate


def producer_start(text):
    return sections(text)[0]


def consumer_start(text):
    return sections(text)[1]


def init_counts(old, new):
    """Every mbarrier initialized with `old` arrivals counts `new` (the
    pass's count constants, `%cN_i32 = arith.constant N : i32`, serve the
    inits only)."""
    def mutate(text):
        changed, n = re.subn(r"(%c" + str(old) + r"_i32(_\d+)?) = arith\.constant " + str(old) + r" : i32",
                             r"\1 = arith.constant " + str(new) + " : i32", text)
        if n == 0:
            raise SystemExit(f"ws-mutants: no init count constant {old}")
        return changed
    return mutate


def release_before_wait_group(text):
    """The consumers' release (of the previous slot) comes before their
    wait_group: the previous iteration's MMA may still read that slot."""
    consumer = consumer_start(text)
    wait = re.compile(r"\n[ \t]*asyncpipe\.wait_queue \d+, 1\n").search(text, consumer)
    arrive = wait and re.compile(r"nvvm\.mbarrier\.arrive [^\n]*\n[ \t]*\}\n").search(text, wait.end())
    if not arrive:
        raise SystemExit("ws-mutants: no release after the consumers' wait_queue")
    # Everything from the wait to the release's end is the release (its
    # condition, the slot, the arrive).
    block = text[wait.end() - 1:arrive.end() - 1]
    text = text[:wait.end() - 1] + text[arrive.end() - 1:]
    return text[:wait.start()] + block + text[wait.start():]


def mutations(slots):
    back = slots - 1
    return {
        # The consumers keep two MMA groups in flight: the released slot's
        # MMA may still read it when the producer overwrites it.
        "wait-group-weakened": (sub_first(r"asyncpipe\.wait_queue (\d+), 1\n", r"asyncpipe.wait_queue \1, 2\n"),
                                r"overwrites shared memory that a warpgroup MMA may still read"),
        # The producer waits for the phase its consumers complete, not the one before.
        "producer-parity-unflipped": (sub_first(r"arith\.xori (%\w+), %c1(_\d+)?", r"arith.xori \1, %c0", start=producer_start),
                                      r"deadlock: thread 256 \(warpgroup 2\) wait forever for the phase of parity"),
        # The consumers wait for the other parity: the slot's previous phase.
        "consumer-parity-flipped": (sub_first(r"(%\d+) = arith\.index_cast (%\w+) : index to i32",
                                              r"%flipped = arith.xori \2, %c1 : index\n          \1 = arith.index_cast %flipped : index to i32",
                                              start=consumer_start),
                                    r"overwrites shared memory that (a warpgroup MMA may still read|threads \d+-\d+ may still be reading)"),
        # The producer does not wait for the slot to be empty.
        "empty-wait-removed": (sub_first(r"\n[ \t]*nvvm\.mbarrier\.try_wait\.parity [^\n]*", "", start=producer_start),
                               # (or, in a persistent kernel, the producer laps its consumers: a
                               # full phase completes twice before they wait for it, and they
                               # wait for one that never comes)
                               r"writes shared memory that a TMA load may still be writing|deadlock: warpgroups 0-1 \(threads 0-255\) wait forever"),
        # Empty mbarriers count one consumer warpgroup, not two.
        "empty-count-short": (init_counts(2, 1), r"2 arrivals on mbarrier \d+ in one phase, which its initialization counts 1"),
        # Full mbarriers count two arrivals: the producer's one never completes them.
        "full-count-plus-one": (init_counts(1, 2), r"deadlock: warpgroups 0-1 \(threads 0-255\) wait forever for the phase of parity 0 of mbarrier 0 \(it has 1 of its 2 arrivals"),
        # A tile's bytes counted short.
        "expect-tx-short": (sub_first(r"%c16384_i32 = arith\.constant 16384 : i32", "%c16384_i32 = arith.constant 8192 : i32"),
                            r"the TMA loads of this phase of mbarrier 0 move 32768 bytes, more than the 24576 its arrivals expect"),
        # The consumers release the previous slot before their wait_group
        # proves its MMA done.
        "release-before-wait-group": (release_before_wait_group, r"overwrites shared memory that threads 128-255 may still be reading"),
        # The consumers release the slot they just multiplied (and never
        # the first): the producer waits for a phase no one completes.
        "release-current-slot": (sub_first(r"arith\.addi (%\w+), %c" + str(back) + r"(_\d+)? : index", r"arith.addi \1, %c0 : index", start=lambda t: t.index("asyncpipe.wait_queue", consumer_start(t))),
                                 r"deadlock: thread 256 \(warpgroup 2\) wait forever"),
        # The first iteration releases a slot no one has filled.
        "release-unguarded": (sub_first(r"(%\d+) = arith\.andi %\d+, (%\d+) : i1", r"\1 = arith.andi \2, \2 : i1", start=consumer_start),
                              r"overwrites shared memory that a warpgroup MMA may still read"),
        # The consumers never release: the producer waits forever once the ring is full.
        "release-removed": (sub_first(r"\n[ \t]*%\d+ = nvvm\.mbarrier\.arrive [^\n]*", "", start=lambda t: t.index("asyncpipe.wait_queue", consumer_start(t))),
                            r"deadlock: thread 256 \(warpgroup 2\) wait forever for the phase of parity"),
    }


def lower(binary, text):
    """The pass's output as the sm_90a path lowers it, its gpu.module alone
    (the block model's host code goes around it)."""
    done = subprocess.run([binary, "--asyncpipe-lower-mma=chip=sm_90a", "--asyncpipe-to-nvgpu"], input=text,
                          capture_output=True, text=True, timeout=mutants.TIMEOUT)
    if done.returncode != 0:
        raise RuntimeError("the lowering failed: " + done.stderr[:300])
    lines = done.stdout.splitlines(keepends=True)
    return "".join(line for line in lines if line not in ("module attributes {gpu.container_module} {\n", "}\n"))


def register_mutations():
    """Breaks of the register budgets, which only the block model sees
    (verify-sync reads setmaxnreg as an op that synchronizes nothing): the
    consumers ask for more registers than the producer frees, or the
    producer frees none; the consumers' increase waits forever."""
    return {
        "consumer-registers-over": (sub_first(r"setmaxregister  increase (\d+)", r"setmaxregister  increase 240"), None),
        "producer-registers-kept": (sub_first(r"\n[ \t]*nvvm\.setmaxregister  decrease \d+", ""), None),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--slots", type=int, required=True)
    parser.add_argument("--persistent", action="store_true")
    parser.add_argument("--only", default="")
    parser.add_argument("--run", default="")
    parser.add_argument("--expected", default=None, help="with --run: the output of the pass's own kernel, run by the test")
    parser.add_argument("kernel")
    args = parser.parse_args()
    options = f"slots={args.slots}" + (" persistent=true" if args.persistent else "")
    made = subprocess.run([args.bin, args.kernel, f"--asyncpipe-warp-specialize={options}"], capture_output=True, text=True)
    if made.returncode != 0:
        sys.exit(f"ws-mutants: asyncpipe-warp-specialize failed: {made.stderr}")
    table = [(name, "a wrong version of the pass's output", expected, mutate) for name, (mutate, expected) in mutations(args.slots).items()]
    if args.run:
        table += [(name, "a wrong register budget", expected, mutate) for name, (mutate, expected) in register_mutations().items()]
    chosen = mutants.choose("ws-mutants", table, args.only)
    if args.run:
        expected = open(args.expected).read() if args.expected else None
        return mutants.report_runs("ws-mutants", made.stdout, chosen, lambda text: lower(args.bin, text), args.run, expected)
    check = lambda text: mutants.errors(args.bin, text, ["--asyncpipe-lower-mma=chip=sm_90a"])
    return mutants.report("ws-mutants", made.stdout, chosen, check)


if __name__ == "__main__":
    sys.exit(main())
