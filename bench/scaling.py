#!/usr/bin/env python3
"""Scaling benchmark for issue 17's bounded costs: how the sync analyses and
the pipeliner grow with loop nesting depth, constant trip counts and stage
counts. Each cell runs one pass on one generated input with a time limit and
prints its time in seconds, or "> LIMIT" when it ran out of time.

    python3 bench/scaling.py [--bin target/release/asyncpipe-opt] [--limit 20]

Inputs:
- nest(D, T): D nested scf.for loops of T iterations each; the innermost body
  copies asynchronously, commits the copy's group and waits for the group
  carried from the previous iteration (an iter_arg at every level), so the
  analyses see distances that change from one iteration to the next.
- outer(FORM, D, T): a group committed before a nest of D loops of T
  iterations, each level committing a group of its own, and the innermost
  body waiting for the group from outside the nest: the distance the wait
  sees differs at every visit, so an analysis that memoizes loops by their
  exact entry state does the product of the trip counts' work. FORM is
  "token" (copy -> token, commit_group, wait; token-to-count, optimize-waits,
  verify-sync), "unguarded" (copies with no group or wait, read innermost;
  asyncpipe-synchronize places and tightens them) or "bulk" (a kernel in
  counting form whose queue is a bulk queue; asyncpipe-to-nvgpu sizes its
  mbarrier ring from the in-flight bounds).
- stages(S): one loop of 64 iterations whose body is a chain of S ops in S
  stages, the first an async copy (asyncpipe-software-pipeline).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPY = "asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token"


def nest(depth, trips):
    lines = [
        "func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>) {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        f"  %n = arith.constant {trips} : index",
        f"  %t = {COPY}",
        "  %g0 = asyncpipe.commit_group queue 0 (%t)",
    ]
    carried = "%g0"
    indent = "  "
    for d in range(depth):
        lines.append(f"{indent}%r{d} = scf.for %i{d} = %c0 to %n step %c1 iter_args(%p{d} = {carried}) -> (!asyncpipe.group) {{")
        carried = f"%p{d}"
        indent += "  "
    lines += [
        f"{indent}%tk = {COPY}",
        f"{indent}%g = asyncpipe.commit_group queue 0 (%tk)",
        f"{indent}asyncpipe.wait {carried}",
        f"{indent}scf.yield %g : !asyncpipe.group",
    ]
    for d in reversed(range(depth)):
        indent = indent[:-2]
        inner = f"%r{d + 1}" if d + 1 < depth else None
        lines.append(f"{indent}}}")
        if d > 0:
            lines.append(f"{indent}scf.yield %r{d} : !asyncpipe.group")
    lines += ["  asyncpipe.wait %r0", "  return", "}"]
    return "\n".join(lines) + "\n"


def outer(form, depth, trips):
    kernel = form == "bulk"
    shared = "memref<4xf32, #gpu.address_space<workgroup>>" if kernel else "memref<4xf32, 3>"
    plain = "memref<4xf32>"
    if kernel:
        lines = ["gpu.module @kernels {", f"gpu.func @f(%a: {plain}, %o: {plain}) kernel {{", f"  %b = memref.alloc() : {shared}"]
    else:
        lines = [f"func.func @f(%a: {plain}, %b: {shared}, %c: {shared}, %o: {plain}) {{"]
    lines += ["  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index", f"  %n = arith.constant {trips} : index"]

    def commit(indent, suffix):
        if form == "token":
            return [
                f"{indent}%t{suffix} = asyncpipe.copy %a, %b : {plain} to {shared} -> !asyncpipe.token",
                f"{indent}%g{suffix} = asyncpipe.commit_group queue 0 (%t{suffix})",
            ]
        if form == "unguarded":
            target = "%b" if suffix == "" else "%c"
            return [f"{indent}asyncpipe.copy %a, {target} queue 0 : {plain} to {shared}"]
        return [f"{indent}asyncpipe.commit_queue 1 {{", f"{indent}  asyncpipe.copy %a, %b : {plain} to {shared}", f"{indent}}}"]

    lines += commit("  ", "")
    indent = "  "
    for d in range(depth):
        lines.append(f"{indent}scf.for %i{d} = %c0 to %n step %c1 {{")
        indent += "  "
        lines += commit(indent, str(d))
    if form == "token":
        lines.append(f"{indent}asyncpipe.wait %g")
    elif form == "unguarded":
        lines += [f"{indent}%v = memref.load %b[%c0] : {shared}", f"{indent}memref.store %v, %o[%c0] : {plain}"]
    else:
        lines.append(f"{indent}asyncpipe.wait_queue 1, 0")
    for d in range(depth):
        indent = indent[:-2]
        lines.append(f"{indent}}}")
    if kernel:
        lines += ["  asyncpipe.wait_queue 1, 0", "  gpu.return", "}", "}"]
    else:
        lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def stages(count):
    lines = [
        "func.func @f(%a: memref<64x4xf32>, %out: memref<64x4xf32>) {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %c64 = arith.constant 64 : index",
        "  %buf = memref.alloc() : memref<4xf32>",
        "  scf.for %i = %c0 to %c64 step %c1 {",
        "    %src = memref.subview %a[%i, 0] [1, 4] [1, 1] : memref<64x4xf32> to memref<4xf32, strided<[1], offset: ?>>",
        "    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>",
        "    %dst = memref.subview %out[%i, 0] [1, 4] [1, 1] : memref<64x4xf32> to memref<4xf32, strided<[1], offset: ?>>",
    ]
    for s in range(1, count):
        lines.append(f"    %v{s} = arith.addi %i, %c{1} {{asyncpipe.stage = {s}, asyncpipe.order = {s}}} : index")
    lines.append(f"    memref.copy %buf, %dst {{asyncpipe.stage = {count}, asyncpipe.order = {count}}} : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>")
    lines += ["  } {asyncpipe.async_stages = array<i64: 0>}", "  memref.dealloc %buf : memref<4xf32>", "  return", "}"]
    return "\n".join(lines) + "\n"


def run(binary, text, passes, limit, work):
    path = os.path.join(work, "input.mlir")
    with open(path, "w") as f:
        f.write(text)
    start = time.monotonic()
    try:
        result = subprocess.run([binary, path, *passes, "-o", os.devnull], capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return f"> {limit:g}"
    elapsed = time.monotonic() - start
    if result.returncode != 0:
        first = result.stderr.decode(errors="replace").strip().splitlines()[:1]
        return f"error ({first[0][:60] if first else result.returncode})"
    return f"{elapsed:.2f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "asyncpipe-opt"))
    parser.add_argument("--limit", type=float, default=20)
    parser.add_argument("--depths", default="1,2,4,8,16,32")
    parser.add_argument("--trips", default="1000,1000000,1000000000,1000000000000")
    parser.add_argument("--stages", default="10,100,1000,10000")
    parser.add_argument("--outer-depths", default="1,2,4,8,16,32,64")
    parser.add_argument("--outer-trips", default=f"2,3,1000,{2**62}")
    parser.add_argument("--only-outer", action="store_true", help="only the outer-group table")
    args = parser.parse_args()
    depths = [int(d) for d in args.depths.split(",")]
    trip_counts = [int(t) for t in args.trips.split(",")]
    analyses = [
        ("token-to-count", ["--asyncpipe-token-to-count"]),
        ("+ optimize-waits", ["--asyncpipe-token-to-count", "--asyncpipe-optimize-waits"]),
        ("+ verify-sync", ["--asyncpipe-token-to-count", "--asyncpipe-verify-sync"]),
        ("+ count-to-token", ["--asyncpipe-token-to-count", "--asyncpipe-count-to-token"]),
        ("verify-sync, token form", ["--asyncpipe-verify-sync"]),
    ]
    outer_analyses = [
        ("token-to-count", "token", ["--asyncpipe-token-to-count"]),
        ("+ optimize-waits", "token", ["--asyncpipe-token-to-count", "--asyncpipe-optimize-waits"]),
        ("verify-sync", "token", ["--asyncpipe-verify-sync"]),
        ("synchronize", "unguarded", ["--asyncpipe-synchronize"]),
        ("synchronize + verify-sync", "unguarded", ["--asyncpipe-synchronize", "--asyncpipe-verify-sync"]),
        ("to-nvgpu bulk", "bulk", ["--asyncpipe-to-nvgpu=bulk-queues=1"]),
        # The viewers run the nest as it executes (one event per op, to a
        # budget of 200,000 ops): linear in what they draw.
        ("explain", "token", ["--asyncpipe-explain"]),
    ]
    with tempfile.TemporaryDirectory() as work:
        print(f"Group committed outside a nest, commits at every level, wait innermost (seconds; limit {args.limit:g} s)")
        print()
        print("| depth | trips | " + " | ".join(name for name, _, _ in outer_analyses) + " |")
        print("|---|---|" + "---|" * len(outer_analyses))
        for depth in [int(d) for d in args.outer_depths.split(",")]:
            for trips in [int(t) for t in args.outer_trips.split(",")]:
                cells = [run(args.bin, outer(form, depth, trips), passes, args.limit, work) for _, form, passes in outer_analyses]
                label = "2^62" if trips == 2**62 else str(trips)
                print(f"| {depth} | {label} | " + " | ".join(cells) + " |", flush=True)
        print()
        if args.only_outer:
            return 0
        print(f"Nested loops (seconds; limit {args.limit:g} s): depth x trip count per level")
        print()
        print("| depth | trips | " + " | ".join(name for name, _ in analyses) + " |")
        print("|---|---|" + "---|" * len(analyses))
        for depth in depths:
            for trips in trip_counts:
                text = nest(depth, trips)
                cells = [run(args.bin, text, passes, args.limit, work) for _, passes in analyses]
                print(f"| {depth} | {trips:.0e} | " + " | ".join(cells) + " |", flush=True)
        print()
        print("Pipeliner (seconds): stages in one loop")
        print()
        print("| stages | asyncpipe-software-pipeline |")
        print("|---|---|")
        for count in [int(s) for s in args.stages.split(",")]:
            print(f"| {count} | {run(args.bin, stages(count), ['--asyncpipe-software-pipeline'], args.limit, work)} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
