#!/usr/bin/env python3
"""Randomized check of par-verify-disjoint (issue 15) against brute force.

Generates small `par.foreach_thread`s, each with 1 to 3 thread dimensions
of 1 to 5 threads, whose threads insert (tensor form) or write (buffer
form: `memref.store`, or `linalg.fill` into a `memref.subview`) a part of a
shared value at offsets affine in the thread ids (random coefficients,
including 0, and constants), with random sizes; some take the offset
through `affine.apply`, some through `arith.muli`/`arith.addi`, some write
in an `scf.for` over their part. The brute force enumerates every pair of
different threads and every element. The pass must
  - reject every program in which two threads touch a common element
    (sound: it never passes a race), naming two threads that overlap; and
  - pass every program in which no two threads do (exact: with constant
    counts and unit strides it either proves the parts apart or enumerates
    them).
Prints one summary line; exits 1 on any disagreement.

  par-disjoint-random.py --bin asyncpipe-opt --seed N --programs K
"""
import argparse
import itertools
import random
import re
import subprocess
import sys


def program(rng, index):
    rank = rng.randint(1, 3)
    counts = [rng.randint(1, 5) for _ in range(rank)]
    dims = rng.randint(1, 2)
    form = rng.choice(["tensor", "store", "fill", "loop"])
    sizes = [1 if form == "store" else rng.randint(1, 4) for _ in range(dims)]
    coefficients = [[rng.choice([0, 0, 1, 2, 3, 4, 5, 8]) for _ in range(rank)] for _ in range(dims)]
    constants = [rng.randint(0, 3) for _ in range(dims)]
    # The whole value is large enough for every thread's part.
    shape = [constants[d] + sum(coefficients[d][k] * (counts[k] - 1) for k in range(rank)) + sizes[d] for d in range(dims)]
    ids = [f"%t{k}" for k in range(rank)]
    lines = []
    offsets = []
    for d in range(dims):
        if rng.random() < 0.5:
            expr = " + ".join([f"d{k} * {coefficients[d][k]}" for k in range(rank)] + [str(constants[d])])
            dimlist = ", ".join(f"d{k}" for k in range(rank))
            lines.append(f"    %o{d} = affine.apply affine_map<({dimlist}) -> ({expr})>({', '.join(ids)})")
        else:
            acc = f"%c{constants[d]}_{d}"
            lines.append(f"    {acc} = arith.constant {constants[d]} : index")
            for k in range(rank):
                lines.append(f"    %k{d}_{k} = arith.constant {coefficients[d][k]} : index")
                lines.append(f"    %m{d}_{k} = arith.muli {ids[k]}, %k{d}_{k} : index")
                lines.append(f"    %a{d}_{k} = arith.addi {acc}, %m{d}_{k} : index")
                acc = f"%a{d}_{k}"
            lines.append(f"    %o{d} = arith.addi {acc}, %c{constants[d]}_{d} : index")
            lines.append(f"    %z{d} = arith.constant {constants[d]} : index")
            lines.append(f"    %o{d}x = arith.subi %o{d}, %z{d} : index")
            offsets_name = f"%o{d}x"
            offsets.append(offsets_name)
            continue
        offsets.append(f"%o{d}")
    counts_text = ", ".join(f"%n{k}" for k in range(rank))
    consts = "\n".join(f"  %n{k} = arith.constant {counts[k]} : index" for k in range(rank))
    whole = "x".join(map(str, shape))
    part = "x".join(map(str, sizes))
    ones = ", ".join("1" for _ in range(dims))
    off = ", ".join(offsets)
    size = ", ".join(map(str, sizes))
    strided = ", ".join(str(s) for s in strides_of(shape))
    if form == "tensor":
        body = "\n".join(lines) + f"""
    par.perform_concurrently {{
      par.parallel_insert_slice %s into %C[{off}] [{size}] [{ones}] : tensor<{part}xf32> into tensor<{whole}xf32>
    }}"""
        text = f"""func.func @p{index}(%C: tensor<{whole}xf32>, %s: tensor<{part}xf32>) -> tensor<{whole}xf32> {{
{consts}
  %r = par.foreach_thread ({', '.join(ids)}) in ({counts_text}) -> (tensor<{whole}xf32>) {{
{body}
  }}
  return %r : tensor<{whole}xf32>
}}"""
    else:
        if form == "store":
            body = "\n".join(lines) + f"\n    memref.store %v, %C[{off}] : memref<{whole}xf32>"
        elif form == "fill":
            body = "\n".join(lines) + f"""
    %sub = memref.subview %C[{off}] [{size}] [{ones}] : memref<{whole}xf32> to memref<{part}xf32, strided<[{strided}], offset: ?>>
    linalg.fill ins(%v : f32) outs(%sub : memref<{part}xf32, strided<[{strided}], offset: ?>>)"""
        else:
            # A loop over the first dimension of the part, one store each.
            rest = ", ".join(offsets[1:])
            index_list = "%row" + (", " + rest if rest else "")
            body = "\n".join(lines) + f"""
    %lo = arith.constant 0 : index
    %hi = arith.constant {sizes[0]} : index
    %one = arith.constant 1 : index
    scf.for %i = %lo to %hi step %one {{
      %row = arith.addi {offsets[0]}, %i : index
      memref.store %v, %C[{index_list}] : memref<{whole}xf32>
    }}"""
            sizes = [sizes[0]] + [1] * (dims - 1)
        text = f"""func.func @p{index}(%C: memref<{whole}xf32>, %v: f32) {{
{consts}
  par.foreach_thread ({', '.join(ids)}) in ({counts_text}) {{
{body}
  }}
  return
}}"""
    return text, overlapping(counts, coefficients, constants, sizes)


def strides_of(shape):
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


def overlapping(counts, coefficients, constants, sizes):
    """Whether two different threads touch a common element."""
    seen = {}
    for ids in itertools.product(*[range(n) for n in counts]):
        offsets = [constants[d] + sum(c * t for c, t in zip(coefficients[d], ids)) for d in range(len(sizes))]
        for element in itertools.product(*[range(o, o + s) for o, s in zip(offsets, sizes)]):
            if element in seen and seen[element] != ids:
                return True
            seen[element] = ids
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--programs", type=int, default=100)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = [program(rng, i) for i in range(args.programs)]
    source = "\n// -----\n".join(text for text, _ in cases)
    run = subprocess.run([args.bin, "--par-verify-disjoint", "--split-input-file", "-o", "/dev/null", "-"],
                         input=source, capture_output=True, text=True)
    # Each error belongs to the case whose text holds its line (diagnostics
    # of a split buffer keep the whole input's line numbers).
    rejected = set()
    starts = []
    line = 1
    for text, _ in cases:
        starts.append(line)
        line += text.count("\n") + 2
    for match in re.finditer(r"<stdin>:(\d+):\d+: error: (.*)", run.stderr):
        row = int(match.group(1))
        case = max(i for i, s in enumerate(starts) if s <= row)
        rejected.add(case)
    failures = []
    for i, (text, overlap) in enumerate(cases):
        if overlap and i not in rejected:
            failures.append(f"case {i}: threads overlap but the pass passed it:\n{text}")
        if not overlap and i in rejected:
            failures.append(f"case {i}: threads are disjoint but the pass rejected it:\n{text}")
    races = sum(1 for _, o in cases if o)
    print(f"par-disjoint-random: {len(cases)} programs, {races} with overlapping threads, "
          f"{len(rejected)} rejected, {len(failures)} disagreements")
    for f in failures[:5]:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
