#!/usr/bin/env python3
"""Randomized check of asyncpipe-synchronize (issue 14's measured precision).

Generates small programs with async copies on two queues and loads and
stores of the copies' sources, destinations and other buffers (with
--loops, some in loops), written without any commit or wait. For each: runs
--asyncpipe-synchronize, and checks that
  - the result is safe: --asyncpipe-verify-sync=ordered-writes=true
    accepts it (0 unsafe; ordered-writes also rejects two async writes of
    the same memory in flight together, which may land in either order);
  - every wait that precedes an access is tight: allowing one group more in
    flight, or moving it after the next op that is not a wait, makes
    verify-sync reject the program (a brute-force search over each wait's
    one-step relaxations). Waits at the end of a block (before a loop's
    yield or the return, where the pass completes what is left in flight)
    are counted apart, and so are waits before another async copy (judged
    like the others).
Prints one summary line and exits 1 on any unsafe result, and on any loose
one in straight-line programs. In programs with loops a wait before a loop
that issues more work on the same queue stays before the loop (the pass
cannot count groups through a region), which a wait inside the loop may
make needless: those are counted as loose and reported, not failed; so
are, with --ifs (statements in the branches of scf.if), waits before an if
that holds async work.

  synchronize-random.py --bin asyncpipe-opt --seed N --programs K [--loops] [--ifs] [--max-queues N]
"""
import os
import argparse
import random
import re
import subprocess
import sys

GLOBALS = 3
SHARED = 3


IFS = False


def statement(rng, depth, loops):
    kind = rng.choices(["copy", "load_shared", "load_global", "store_global", "store_shared", "arith", "loop", "if"],
                       [5, 3, 2, 2, 1, 1, 1 if depth == 0 and loops else 0, 1 if depth == 0 and IFS else 0])[0]
    g, s, q = rng.randrange(GLOBALS), rng.randrange(SHARED), rng.randrange(2)
    if kind == "copy":
        return [f"asyncpipe.copy %g{g}, %s{s} queue {q} : memref<8xf32> to memref<8xf32, 3>"]
    if kind == "load_shared":
        return [f"%v{{n}} = memref.load %s{s}[%c0] : memref<8xf32, 3>", "memref.store %v{n}, %o[%c0] : memref<8xf32>"]
    if kind == "load_global":
        return [f"%v{{n}} = memref.load %g{g}[%c0] : memref<8xf32>", "memref.store %v{n}, %o[%c0] : memref<8xf32>"]
    if kind == "store_global":
        return [f"memref.store %x, %g{g}[%c0] : memref<8xf32>"]
    if kind == "store_shared":
        return [f"memref.store %x, %s{s}[%c0] : memref<8xf32, 3>"]
    if kind == "arith":
        return ["%v{n} = arith.addf %x, %x : f32"]
    if kind == "if":
        then, other = [], []
        for _ in range(rng.randint(1, 3)):
            then += statement(rng, depth + 1, loops)
        for _ in range(rng.randint(1, 3)):
            other += statement(rng, depth + 1, loops)
        return (["scf.if %p {"] + ["  " + line for line in then] + ["} else {"]
                + ["  " + line for line in other] + ["}"])
    body = []
    for _ in range(rng.randint(1, 4)):
        body += statement(rng, depth + 1, loops)
    return ["scf.for %i{n} = %c0 to %c2 step %c1 {"] + ["  " + line for line in body] + ["}"]


def program(rng, loops):
    lines = []
    for _ in range(rng.randint(3, 9)):
        lines += statement(rng, 0, loops)
    out, n = [], 0
    for line in lines:
        if "{n}" in line:
            n += 1 if "%v{n} =" in line or "%i{n}" in line else 0
        out.append(line.replace("{n}", str(n)))
    args = ", ".join([f"%g{i}: memref<8xf32>" for i in range(GLOBALS)] +
                     [f"%s{i}: memref<8xf32, 3>" for i in range(SHARED)] + ["%o: memref<8xf32>", "%x: f32", "%p: i1"])
    body = "\n".join("  " + line for line in out)
    return (f"func.func @f({args}) {{\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
            f"  %c2 = arith.constant 2 : index\n{body}\n  return\n}}\n")


def versioned(rng):
    """A loop over a multi-buffered buffer: copies of row i into version
    (i + a) mod M and reads of version (i + b) mod M (a few of each, in any
    order, on two queues), before and after it copies into and reads of
    constant versions."""
    versions, trips = rng.choice([2, 3, 4]), rng.choice([3, 5, 8])
    lines, n = [], 0

    def version(index):
        nonlocal n
        n += 1
        return ([f"%x{n} = arith.addi %i, %c{index} : index", f"%r{n} = arith.remui %x{n}, %cv : index"],
                f"%r{n}")

    def access(kind, row, indent):
        nonlocal n
        n += 1
        view = f"%v{n} = memref.subview %buf[{row}, 0] [1, 8] [1, 1] : memref<{versions}x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>"
        if kind == "copy":
            body = [view, f"asyncpipe.copy %row, %v{n} queue {rng.randrange(2)} : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>, 3>"]
        else:
            body = [view, f"%l{n} = memref.load %v{n}[%c0] : memref<8xf32, strided<[1], offset: ?>, 3>",
                    f"memref.store %l{n}, %o[%c0] : memref<8xf32>"]
        return [indent + line for line in body]

    for _ in range(rng.randint(0, 2)):
        lines += access(rng.choice(["copy", "load"]), f"%c{rng.randrange(versions)}", "  ")
    lines.append(f"scf.for %i = %c0 to %c{trips} step %c1 {{")
    for _ in range(rng.randint(2, 5)):
        index, row = version(rng.randrange(versions))
        lines += ["    " + line for line in index]
        lines += access(rng.choice(["copy", "copy", "load"]), row, "    ")
        if rng.random() < 0.3:
            lines.append("    %w{} = arith.mulf %x, %x : f32".format(n))
    lines.append("  }")
    for _ in range(rng.randint(0, 2)):
        lines += access(rng.choice(["copy", "load"]), f"%c{rng.randrange(versions)}", "  ")
    constants = "".join(f"  %c{k} = arith.constant {k} : index\n" for k in sorted({0, 1, 2, 3, 5, 8}))
    return (f"func.func @f(%row: memref<8xf32>, %buf: memref<{versions}x8xf32, 3>, %o: memref<8xf32>, %x: f32) {{\n"
            + constants + f"  %cv = arith.constant {versions} : index\n" + "\n".join(lines) + "\n  return\n}\n")


def run(binary, args, text):
    done = subprocess.run([binary] + args, input=text, capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def verifies(binary, text):
    return run(binary, ["--asyncpipe-verify-sync=ordered-writes=true", "-o", "/dev/null"], text)[0] == 0


WAIT = re.compile(r"^(\s*)asyncpipe\.wait_queue (\d+), (\d+)\s*$")
QUIET = re.compile(r"^\s*(asyncpipe\.wait_queue|asyncpipe\.commit\b|%c\d+ = arith\.constant)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--programs", type=int, default=100,
                        help="programs to generate, times ASYNCPIPE_RANDOM_SCALE (default 1) from the environment")
    parser.add_argument("--loops", action="store_true", help="put some statements in scf.for loops")
    parser.add_argument("--ifs", action="store_true", help="put some statements in the branches of scf.if")
    parser.add_argument("--no-tighten", action="store_true", help="run the pass with tighten=false (the placement alone)")
    parser.add_argument("--versions", action="store_true",
                        help="loops over a multi-buffered buffer (copies and reads of versions (i + k) mod M)")
    parser.add_argument("--max-queues", type=int, default=0,
                        help="run the pass with max-queues=N (checks safety only: merged queues recount every wait)")
    options = parser.parse_args()
    options.programs *= int(os.environ.get("ASYNCPIPE_RANDOM_SCALE", "1"))
    global IFS
    IFS = options.ifs
    rng = random.Random(options.seed)
    unsafe = loose = tight = at_end = before_copy = waits = 0
    for index in range(options.programs):
        source = versioned(rng) if options.versions else program(rng, options.loops)
        flags = [f"--asyncpipe-synchronize=max-queues={options.max_queues}" + (" tighten=false" if options.no_tighten else "")]
        code, synchronized, err = run(options.bin, flags, source)
        if code != 0:
            print(f"program {index}: the pass failed:\n{err}\n{source}")
            unsafe += 1
            continue
        if not verifies(options.bin, synchronized):
            print(f"program {index}: unsafe result\n{synchronized}")
            unsafe += 1
            continue
        lines = synchronized.splitlines() if options.max_queues == 0 else []
        if options.max_queues and len(set(re.findall(r"queue (\d+)", synchronized))) > options.max_queues:
            print(f"program {index}: more than {options.max_queues} queues\n{synchronized}")
            unsafe += 1
        for k, line in enumerate(lines):
            match = WAIT.match(line)
            if not match:
                continue
            waits += 1
            following = next((j for j in range(k + 1, len(lines)) if not WAIT.match(lines[j])), None)
            if following is None or lines[following].strip() in ("}", "} else {", "return") or lines[following].strip().startswith("return"):
                at_end += 1
                continue
            if lines[following].strip().startswith("asyncpipe.copy"):
                before_copy += 1
            looser = lines[:k] + [f"{match[1]}asyncpipe.wait_queue {match[2]}, {int(match[3]) + 1}"] + lines[k + 1:]
            moved = lines[:k] + lines[k + 1:following + 1] + [line] + lines[following + 1:]
            relaxed = [("one group looser", looser)]
            if not QUIET.match(lines[following]) and not lines[following].rstrip().endswith("{"):
                relaxed.append(("one op later", moved))
            for name, text in relaxed:
                if verifies(options.bin, "\n".join(text) + "\n"):
                    if not options.loops and not options.ifs:
                        print(f"program {index}: wait at line {k + 1} could be {name}\n{synchronized}")
                    loose += 1
                else:
                    tight += 1
    kind = ("versioned loops" if options.versions else "with loops" if options.loops else "straight-line") + (", ifs" if options.ifs else "") + (f", max-queues={options.max_queues}" if options.max_queues else "")
    print(f"synchronize-random: {options.programs} {kind} programs, {waits} waits ({at_end} at a block's end, "
          f"{before_copy} before an async copy), "
          f"{tight} relaxations rejected, {unsafe} unsafe, {loose} loose")
    return 1 if unsafe or (loose and not options.loops and not options.ifs and not options.versions) else 0


if __name__ == "__main__":
    sys.exit(main())
