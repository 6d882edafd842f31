#!/usr/bin/env python3
"""Randomized check of asyncpipe-synchronize on barrier-slot resources
(issue 14): the DMA semaphores of the test dialect async_dma
(test/Embedding/Inputs/async-dma), a limited resource that must be
initialized, and that hangs the engine when waited on with nothing pending.

Generates small programs with `async_dma.transfer`s between a few buffers,
loads and stores of them, and scf.for loops (constant and run-time trip
counts), written with no semaphore at all; synchronizes each with
--asyncpipe-synchronize=max-barriers=M; and runs the result on a model of
the engine with adversarially late completion: a transfer completes only at
the wait on its semaphore. A run fails on
  - an access to memory a transfer in flight writes (or a write to memory
    it reads), or a transfer that overlaps another in flight that way;
  - a transfer, init or fill on a semaphore that is busy (in flight or
    signalled and not yet waited), a transfer or wait on one not initialized;
  - a wait on a semaphore with nothing pending (the hang);
  - a transfer still in flight, or a fill not waited for, at the return;
  - more than M semaphores used.
Each loop with a run-time trip count runs with 0, 1 and 3 iterations, and
every scf.if (all on one condition) both ways.

With --fallback, the programs call a normally synchronous function instead
(`func.call @dma_start(%src, %dst)`), made asynchronous by the pass's
option fallback=dma_start:dma_init:dma_wait: the call may read and write
both buffers until `func.call @dma_wait()`, which waits for every call
before it; `@dma_init()` must come before the first call. The same model
runs them (any access to a buffer of a call in flight fails).
Prints one summary line; exits 1 on any failure.

  semaphore-random.py --bin asyncpipe-opt --plugin libAsyncDma.so --seed N --programs K [--max-barriers M]
  semaphore-random.py --check FILE      (run the model on one synchronized file)
"""
import os
import argparse
import itertools
import random
import re
import subprocess
import sys

BUFFERS = 4


FALLBACK = False


def statement(rng, depth, counter=itertools.count()):
    n = next(counter)
    kind = rng.choices(["transfer", "load", "store", "arith", "loop", "if"], [5, 4, 2, 1, 2 if depth < 2 else 0, 1 if depth < 2 else 0])[0]
    a, b = rng.sample(range(BUFFERS), 2)
    if kind == "transfer" and FALLBACK:
        return [f"func.call @dma_start(%b{a}, %b{b}) : (memref<8xf32>, memref<8xf32>) -> ()"]
    if kind == "transfer":
        return [f"async_dma.transfer %b{a}, %b{b} : memref<8xf32> to memref<8xf32>"]
    if kind == "load":
        return [f"%v{n} = memref.load %b{a}[%c0] : memref<8xf32>", f"memref.store %v{n}, %o[%c0] : memref<8xf32>"]
    if kind == "store":
        return [f"memref.store %x, %b{a}[%c0] : memref<8xf32>"]
    if kind == "arith":
        return [f"%v{n} = arith.addf %x, %x : f32"]
    if kind == "if":
        then, other = [], []
        for _ in range(rng.randint(1, 3)):
            then += statement(rng, depth + 1)
        for _ in range(rng.randint(1, 3)):
            other += statement(rng, depth + 1)
        return ["scf.if %p {"] + ["  " + line for line in then] + ["} else {"] + ["  " + line for line in other] + ["}"]
    body = []
    for _ in range(rng.randint(1, 4)):
        body += statement(rng, depth + 1)
    bound = rng.choice(["%c2", "%n"])
    return [f"scf.for %i{n} = %c0 to {bound} step %c1 {{"] + ["  " + line for line in body] + ["}"]


def program(rng):
    lines = []
    for _ in range(rng.randint(2, 8)):
        lines += statement(rng, 0)
    out = ["  " + line for line in lines]
    args = ", ".join(f"%b{k}: memref<8xf32>" for k in range(BUFFERS))
    declarations = ("func.func private @dma_start(memref<8xf32>, memref<8xf32>)\n"
                    "func.func private @dma_init()\nfunc.func private @dma_wait()\n") if FALLBACK else ""
    return (declarations + "func.func @f(" + args + ", %o: memref<8xf32>, %x: f32, %n: index, %p: i1) {\n"
            "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n"
            + "\n".join(out) + "\n  return\n}\n")


class Failure(Exception):
    pass


def parse(text):
    """The function body as a tree: ('op', kind, args) and ('for', bound, body)."""
    body_lines = []
    inside = False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("func.func"):
            inside = True
            continue
        if inside:
            body_lines.append(line)
    stack = [[]]
    for line in body_lines:
        m = re.match(r"scf\.for %\S+ = %\S+ to (%\S+) step", line)
        if m:
            node = ("for", m.group(1), [])
            stack[-1].append(node)
            stack.append(node[2])
            continue
        if line.startswith("scf.if "):
            node = ("if", [], [])
            stack[-1].append(node)
            stack.append(node[1])
            continue
        if line == "} else {":
            stack.pop()
            stack.append(stack[-1][-1][2])
            continue
        if line == "}":
            if len(stack) > 1:
                stack.pop()
            continue
        m = re.match(r"async_dma\.transfer %(\w+), %(\w+)(?: semaphore (\d+))?", line)
        if m:
            stack[-1].append(("transfer", m.group(1), m.group(2), None if m.group(3) is None else int(m.group(3))))
            continue
        m = re.match(r"(?:func\.)?call @dma_start\(%(\w+), %(\w+)\)", line)
        if m:
            stack[-1].append(("call", m.group(1), m.group(2)))
            continue
        m = re.match(r"(?:func\.)?call @dma_(init|wait)\(\)", line)
        if m:
            stack[-1].append(("call_" + m.group(1),))
            continue
        m = re.match(r"async_dma\.semaphore_(init|wait|signal) (\d+)", line)
        if m:
            stack[-1].append((m.group(1), int(m.group(2))))
            continue
        m = re.match(r"(?:%\w+ = )?memref\.load %(\w+)\[", line)
        if m:
            stack[-1].append(("load", m.group(1)))
            continue
        m = re.match(r"memref\.store %\w+, %(\w+)\[", line)
        if m:
            stack[-1].append(("store", m.group(1)))
    return stack[0]


def constants(text):
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"(%\w+) = arith\.constant (\d+) : index", text)}


def run(tree, trips, consts, args, cond=True):
    """Runs the program on the engine model; raises Failure."""
    sems = {}  # number -> {'init': bool, 'flight': (src, dst) or None, 'signalled': bool}
    calls = {"init": False, "flight": []}  # fallback calls: initialized, buffers in flight
    arg = {f"%arg{k}": f"b{k}" for k in range(BUFFERS)}
    arg[f"%arg{BUFFERS}"] = "o"

    def buf(name):
        return arg.get("%" + name, name)

    def flights():
        return [s["flight"] for s in sems.values() if s["flight"]] + calls["flight"]

    def sem(n, need_init=True):
        s = sems.setdefault(n, {"init": False, "flight": None, "signalled": False})
        if need_init and not s["init"]:
            raise Failure(f"semaphore {n} used before it is initialized")
        return s

    def execute(nodes):
        for node in nodes:
            kind = node[0]
            if kind == "if":
                execute(node[1] if cond else node[2])
            elif kind == "for":
                bound = node[1]
                count = consts.get(bound, trips)
                for _ in range(count):
                    execute(node[2])
            elif kind == "transfer":
                src, dst, n = buf(node[1]), buf(node[2]), node[3]
                if n is None:
                    raise Failure("transfer left without a semaphore")
                for (fs, fd) in flights():
                    if fd in (src, dst) or fs == dst:
                        raise Failure(f"transfer {src}->{dst} overlaps one in flight {fs}->{fd}")
                s = sem(n)
                if s["flight"] or s["signalled"]:
                    raise Failure(f"transfer on busy semaphore {n}")
                s["flight"] = (src, dst)
            elif kind == "call":
                src, dst = buf(node[1]), buf(node[2])
                if not calls["init"]:
                    raise Failure("dma_start called before dma_init")
                for (fs, fd) in flights():
                    if {fs, fd} & {src, dst}:
                        raise Failure(f"dma_start {src},{dst} overlaps a call in flight {fs},{fd}")
                calls["flight"].append((src, dst))
            elif kind == "call_init":
                calls["init"] = True
            elif kind == "call_wait":
                calls["flight"] = []
            elif kind == "init":
                s = sem(node[1], need_init=False)
                if s["flight"] or s["signalled"]:
                    raise Failure(f"init of busy semaphore {node[1]}")
                s["init"] = True
            elif kind == "signal":
                s = sem(node[1])
                if s["flight"] or s["signalled"]:
                    raise Failure(f"fill of busy semaphore {node[1]}")
                s["signalled"] = True
            elif kind == "wait":
                s = sem(node[1])
                if not s["flight"] and not s["signalled"]:
                    raise Failure(f"wait on semaphore {node[1]} with nothing pending (hangs)")
                s["flight"], s["signalled"] = None, False
            elif kind == "load":
                b = buf(node[1])
                if any(fd == b for (_, fd) in flights()) or any(b in f for f in calls["flight"]):
                    raise Failure(f"load of {b} while a transfer writes it")
            elif kind == "store":
                b = buf(node[1])
                if any(b in f for f in flights()):
                    raise Failure(f"store to {b} while a transfer uses it")

    execute(tree)
    if calls["flight"]:
        raise Failure("a dma_start call still in flight at the return")
    for n, s in sems.items():
        if s["flight"]:
            raise Failure(f"transfer on semaphore {n} still in flight at the return")
        if s["signalled"]:
            raise Failure(f"semaphore {n} filled and never waited for")
    return len(sems)


def check(text, max_barriers=0):
    tree, consts = parse(text), constants(text)
    used = 0
    for trips in (0, 1, 3):
        for cond in (True, False):
            used = max(used, run(tree, trips, consts, None, cond))
    if max_barriers and used > max_barriers:
        raise Failure(f"{used} semaphores used, max-barriers={max_barriers}")
    return used


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin")
    parser.add_argument("--plugin")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--programs", type=int, default=100,
                        help="programs to generate, times ASYNCPIPE_RANDOM_SCALE (default 1) from the environment")
    parser.add_argument("--max-barriers", type=int, default=0)
    parser.add_argument("--check")
    parser.add_argument("--fallback", action="store_true")
    a = parser.parse_args()
    a.programs *= int(os.environ.get("ASYNCPIPE_RANDOM_SCALE", "1"))
    global FALLBACK
    FALLBACK = a.fallback
    if a.check:
        text = open(a.check).read()
        for function in re.split(r"(?=func\.func)", text)[1:]:
            try:
                check(function, a.max_barriers)
            except Failure as e:
                print(f"semaphore-random: {a.check}: {e}")
                sys.exit(1)
        print("semaphore-random: ok")
        return
    rng = random.Random(a.seed)
    failures, waits, sems, refused = 0, 0, 0, 0
    for k in range(a.programs):
        source = program(rng)
        option = f"--asyncpipe-synchronize=max-barriers={a.max_barriers}"
        if a.fallback:
            option = "--asyncpipe-synchronize=fallback=dma_start:dma_init:dma_wait"
        plugin = [f"--load-dialect-plugin={a.plugin}"] if a.plugin else []
        result = subprocess.run([a.bin] + plugin + ["-", option],
                                input=source, capture_output=True, text=True)
        if result.returncode != 0:
            if "cannot give this op a barrier slot" in result.stderr:
                refused += 1
                continue
            print(f"program {k}: the pass failed:\n{result.stderr}\n{source}")
            failures += 1
            continue
        try:
            sems += check(result.stdout, a.max_barriers)
            waits += result.stdout.count("semaphore_wait") + result.stdout.count("@dma_wait()")
        except Failure as e:
            print(f"program {k}: {e}\n--- input\n{source}--- synchronized\n{result.stdout}")
            failures += 1
    what = "fallback calls" if a.fallback else f"max-barriers={a.max_barriers}"
    print(f"semaphore-random: {a.programs} programs, {what}: {failures} unsafe, "
          f"{refused} refused (limit), {waits} waits, {sems} semaphores")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
