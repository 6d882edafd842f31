#!/usr/bin/env python3
"""Breaks a warp-specialized kernel's synchronization one way at a time and
checks that asyncpipe-verify-sync rejects each break, at the op it names.

The kernel (FILE) is a producer/consumer ring at the nvgpu level written
with these conventions, which the mutations find:
  - the consumer waits with `try_wait.parity %mb[%s], %parity`, its parity
    `%parity = arith.index_cast %par : index to i1`;
  - the producer waits for an empty slot with `%eparity`, computed as
    `%eparity = arith.index_cast %epar : index to i1`;
  - the full barriers are `nvgpu.mbarrier.init %mb[%c0], %c1` (and %c1),
    the empty ones `%mb[%c2]` (and %c3), each initialized once;
  - the producer expects `arrive.expect_tx %mb[%s], %c32768`;
  - the consumer's MMA has `waitGroup = 0`;
  - its release lies between the comments `// role-mutants: release` and
    `// role-mutants: end`.
Each mutation is one of issue 38's list (and a few more); each must make
verify-sync fail with an error (no crash, no hang: a timeout fails the
check). The kernel as written must be proven.

Usage: role-mutants.py --bin ASYNCPIPE_OPT [--lower PIPELINE] [--only A,B] FILE.mlir
With --lower, each text is run through `asyncpipe-opt --pass-pipeline=...`
first (e.g. upstream's convert-nvgpu-to-nvvm: the same verdicts at the NVVM
level). Prints "role-mutants: as written: proven", then per mutation
"role-mutants: NAME: rejected: LINE: MESSAGE" (the error that matches the
mutation's expected message: the reason the break must be rejected for;
a mutant whose errors do not include it counts as not rejected), and a
last line "role-mutants: R of M mutants rejected".
"""
import argparse
import re
import sys

import mutants

RELEASE = re.compile(r"\n([ \t]*// role-mutants: release\n.*?// role-mutants: end\n)", re.S)
CONSUMER_WAIT = re.compile(r"\n([ \t]*nvgpu\.mbarrier\.try_wait\.parity %mb\[%s\], %parity,[^\n]*\n)")


def replace_once(old, new):
    def mutate(text):
        if text.count(old) != 1:
            raise SystemExit(f"role-mutants: the kernel does not have exactly one {old!r}")
        return text.replace(old, new)
    return mutate


def release_before_wait(text):
    """The consumer releases its slot before it waits for it to be full."""
    release = RELEASE.search(text)
    if not release:
        raise SystemExit("role-mutants: no `// role-mutants: release` block")
    text = text[:release.start(1)] + text[release.end(1):]
    wait = CONSUMER_WAIT.search(text)
    if not wait:
        raise SystemExit("role-mutants: no consumer wait on %parity")
    return text[:wait.start(1)] + release.group(1) + text[wait.start(1):]


def release_removed(text):
    release = RELEASE.search(text)
    if not release:
        raise SystemExit("role-mutants: no `// role-mutants: release` block")
    return text[:release.start(1)] + text[release.end(1):]


def producer_wait_when(predicate, bound):
    """The producer waits for an empty slot only while `k <predicate> bound`
    (a break that shows only after `bound` iterations, or one the model
    cannot bound: checked with --thresholds)."""
    def mutate(text):
        m = re.search(r"\n([ \t]*)(nvgpu\.mbarrier\.try_wait\.parity %mb\[%e\], %eparity,[^\n]*)\n", text)
        if not m:
            raise SystemExit("role-mutants: no producer wait on %eparity")
        i = m.group(1)
        guarded = (f"\n{i}%mutantbound = arith.constant {bound} : index\n{i}%mutantguard = arith.cmpi {predicate}, %k, %mutantbound : index\n"
                   f"{i}scf.if %mutantguard {{\n{i}  {m.group(2)}\n{i}}}\n")
        return text[:m.start()] + guarded + text[m.end():]
    return mutate


THRESHOLDS = [
    ("empty-wait-only-below-20", "the producer stops waiting for empty slots after 20 iterations", r"overwrites shared memory that threads 128-255 may still be reading",
     producer_wait_when("ult", 20)),
    ("empty-wait-skipped-at-40", "the producer skips one wait, at iteration 40", r"cannot prove: a branch in this role's loop depends on its iteration further than 32 iterations",
     producer_wait_when("ne", 40)),
]


def barrier_in_one_role(text):
    """A block barrier after the consumer's store, which the producer's
    threads (returned by then) never reach."""
    m = re.search(r"\n([ \t]*)(nvgpu\.warpgroup\.mma\.store [^\n]*\n)", text)
    if not m:
        raise SystemExit("role-mutants: no nvgpu.warpgroup.mma.store")
    return text[:m.end()] + m.group(1) + "gpu.barrier\n" + text[m.end():]


MUTATIONS = [
    ("consumer-parity-flipped", "the consumer waits for the other parity (the phase before)",
     r"reads shared memory that a TMA load may still be writing|read what a TMA load wrote without waiting|overwrites shared memory that threads \S+ may still be reading",
     replace_once("= arith.index_cast %par : index to i1\n", "= arith.index_cast %mutantparity : index to i1\n")),
    ("producer-parity-flipped", "the producer waits for the empty slot's current phase, not the one before",
     r"deadlock: thread 0 \(warpgroup 0\) wait forever",
     replace_once("%eparity = arith.index_cast %epar : index to i1", "%eparity = arith.index_cast %par : index to i1")),
    ("empty-wait-removed", "the producer overwrites a slot without waiting for its release",
     r"writes shared memory that a TMA load may still be writing|overwrites (shared memory that threads \S+ may still be reading|what a TMA load wrote)",
     lambda t: re.sub(r"\n[ \t]*nvgpu\.mbarrier\.try_wait\.parity %mb\[%e\], %eparity,[^\n]*", "", t, count=1)),
    ("full-count-plus-one", "the full barrier counts one arrival more than the producer makes",
     r"deadlock: warpgroup 1 \(threads 128-255\) wait forever for the phase of parity 0 of mbarrier 0 \(it has 1 of its 2 arrivals",
     replace_once("nvgpu.mbarrier.init %mb[%c0], %c1 : !bar", "nvgpu.mbarrier.init %mb[%c0], %c2 : !bar")),
    ("empty-count-plus-one", "the empty barrier counts one arrival more than the consumers make",
     r"deadlock: .* wait forever .*of its 2 arrivals",
     replace_once("nvgpu.mbarrier.init %mb[%c2], %c1 : !bar", "nvgpu.mbarrier.init %mb[%c2], %c2 : !bar")),
    ("expect-tx-short", "the producer expects half the slot's bytes",
     r"move \d+ bytes, more than the 16384 its arrivals expect",
     replace_once("arrive.expect_tx %mb[%s], %c32768", "arrive.expect_tx %mb[%s], %c16384")),
    ("expect-tx-long", "the producer expects twice the slot's bytes",
     r"deadlock: warpgroup 1 \(threads 128-255\) wait forever .* of the 65536 transaction bytes expected",
     replace_once("arrive.expect_tx %mb[%s], %c32768", "arrive.expect_tx %mb[%s], %c65536")),
    ("wait-group-weakened", "the consumer keeps its MMA in flight (waitGroup 1) when it releases the slot",
     r"overwrites shared memory that (threads 128-255 may still be reading|a warpgroup MMA may still read)",
     replace_once("waitGroup = 0 : i64", "waitGroup = 1 : i64")),
    ("release-before-wait", "the consumer releases its slot before waiting for it to be full", r"overwrites shared memory that threads 128-255 may still be reading",
     release_before_wait),
    ("release-removed", "the consumer never releases its slot", r"deadlock: thread 0 \(warpgroup 0\) wait forever for the phase of parity 0 of mbarrier",
     release_removed),
    ("barrier-in-one-role", "a block barrier that only the consumers reach", r"deadlock: warpgroup 1 \(threads 128-255\) wait at this block barrier forever",
     barrier_in_one_role),
]

# Constants a mutation uses that the kernel may not define.
PRELUDE = {
    "%mutantparity": "{indent}%mutantparity = arith.xori %par, %c1 : index\n",
    "%c65536": "{indent}%c65536 = arith.constant 65536 : index\n",
}


def define(text, original):
    """Defines the values a mutation introduced, before their first use."""
    for name, line in PRELUDE.items():
        if name in text and name not in original and f"{name} =" not in text:
            use = text.index(name)
            start = text.rfind("\n", 0, use) + 1
            indent = re.match(r"[ \t]*", text[start:]).group(0)
            text = text[:start] + line.format(indent=indent) + text[start:]
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--lower", default="")
    ap.add_argument("--only", default="", help="comma-separated mutation names (default: all)")
    ap.add_argument("--thresholds", action="store_true", help="also the mutations of a branch on the producer's iteration %%k (a loop from 0 to the run-time count)")
    ap.add_argument("file")
    args = ap.parse_args()
    original = open(args.file).read()
    steps = [f"--pass-pipeline={args.lower}"] if args.lower else []
    chosen = mutants.choose("role-mutants", MUTATIONS + (THRESHOLDS if args.thresholds else []), args.only)
    return mutants.report("role-mutants", original, chosen, lambda text: mutants.errors(args.bin, text, steps), define)


if __name__ == "__main__":
    sys.exit(main())
