#!/usr/bin/env python3
"""Randomized check of asyncpipe-lower-mma (issue 21) on the CPU block model.

Generates kernels of one block of 32 W threads (W = 1, 2, 4 or 8 warps) that
put an M x K tile of A and a K x N tile of B (f16 or bf16) into workgroup
memory, multiply them into an M x N accumulator with one asyncpipe.mma
(synchronous, or async on a queue with a commit and a wait), and store the
accumulator to C; M, N and K are random multiples of 16, 8 and 16 that some
grid of the W warps splits into 16 x 8 fragments (so the warp grid, the
fragment counts and the K steps vary), and the tiles sometimes sit at a
random row offset in a larger workgroup buffer (a subview with a row stride
that is not the tile's width). Each kernel goes through asyncpipe-lower-mma
(ldmatrix, mma.sync), convert-scf-to-cf and asyncpipe-lower-block, and runs
with mlir-runner against linalg.matmul on random small integers (every sum
exact): every element must be equal. Prints one summary line; exits 1 on any
difference or failed run.

  mma-random.py --bin DIR --seed N --programs K
"""
import argparse
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLVM = "/usr/lib/llvm-22"


def shape(rng):
    warps = rng.choice([1, 2, 4, 8])
    while True:
        rows = rng.choice([w for w in (1, 2, 4, 8) if warps % w == 0])
        columns = warps // rows
        m = 16 * rows * rng.randint(1, 3)
        n = 8 * columns * rng.randint(1, 4)
        if m * n <= 128 * 128:
            return warps, m, n, 16 * rng.randint(1, 4)


def program(rng):
    warps, m, n, k = shape(rng)
    element = rng.choice(["f16", "bf16"])
    asynchronous = rng.random() < 0.5
    pad = rng.choice([0, 0, 8, 16])
    offset = rng.choice([0, 0, 16, 32])
    threads = 32 * warps
    ws = "#gpu.address_space<workgroup>"
    a_rows, b_rows = m + offset, k + offset
    a_width, b_width = k + pad, n + pad
    a_tile = f"memref<{m}x{k}x{element}, strided<[{a_width}, 1], offset: {offset * a_width}>, {ws}>"
    b_tile = f"memref<{k}x{n}x{element}, strided<[{b_width}, 1], offset: {offset * b_width}>, {ws}>"
    acc = f"!asyncpipe.accumulator<{m}x{n}xf32>"
    mma = f"asyncpipe.mma %As, %Bs, %acc{' queue 1' if asynchronous else ''} : {a_tile}, {b_tile} into {acc}"
    wait = "      asyncpipe.commit 1\n      asyncpipe.wait_queue 1, 0\n" if asynchronous else ""
    kernel = f"""gpu.module @kernels {{
    gpu.func @mma_kernel(%A: memref<{m}x{k}x{element}>, %B: memref<{k}x{n}x{element}>, %C: memref<{m}x{n}xf32>) kernel attributes {{known_block_size = array<i32: {threads}, 1, 1>}} {{
      %Ab = memref.alloc() : memref<{a_rows}x{a_width}x{element}, {ws}>
      %Bb = memref.alloc() : memref<{b_rows}x{b_width}x{element}, {ws}>
      %As = memref.subview %Ab[{offset}, 0] [{m}, {k}] [1, 1] : memref<{a_rows}x{a_width}x{element}, {ws}> to {a_tile}
      %Bs = memref.subview %Bb[{offset}, 0] [{k}, {n}] [1, 1] : memref<{b_rows}x{b_width}x{element}, {ws}> to {b_tile}
      memref.copy %A, %As : memref<{m}x{k}x{element}> to {a_tile}
      memref.copy %B, %Bs : memref<{k}x{n}x{element}> to {b_tile}
      gpu.barrier
      %acc = asyncpipe.accumulator_init : {acc}
      {mma}
{wait}      asyncpipe.accumulator_store %acc, %C : {acc} to memref<{m}x{n}xf32>
      gpu.return
    }}
  }}"""
    seed_a, seed_b = rng.randint(1, 97), rng.randint(1, 97)
    host = f"""
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @mma_kernel(memref<{m}x{k}x{element}>, memref<{k}x{n}x{element}>, memref<{m}x{n}xf32>, index)

func.func @fill(%x: memref<?x?x{element}>, %seed: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %rows = memref.dim %x, %c0 : memref<?x?x{element}>
  %cols = memref.dim %x, %c1 : memref<?x?x{element}>
  scf.for %i = %c0 to %rows step %c1 {{
    scf.for %j = %c0 to %cols step %c1 {{
      %a = arith.muli %i, %seed : index
      %b = arith.muli %j, %c3 : index
      %ij = arith.muli %i, %j : index
      %s0 = arith.addi %a, %b : index
      %s = arith.addi %s0, %ij : index
      %r = arith.remui %s, %c7 : index
      %v = arith.subi %r, %c3 : index
      %w = arith.index_cast %v : index to i64
      %f = arith.sitofp %w : i64 to {element}
      memref.store %f, %x[%i, %j] : memref<?x?x{element}>
    }}
  }}
  return
}}

func.func @main() {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sa = arith.constant {seed_a} : index
  %sb = arith.constant {seed_b} : index
  %A = memref.alloc() : memref<{m}x{k}x{element}>
  %B = memref.alloc() : memref<{k}x{n}x{element}>
  %C = memref.alloc() : memref<{m}x{n}xf32>
  %R = memref.alloc() : memref<{m}x{n}xf32>
  %Ad = memref.cast %A : memref<{m}x{k}x{element}> to memref<?x?x{element}>
  %Bd = memref.cast %B : memref<{k}x{n}x{element}> to memref<?x?x{element}>
  func.call @fill(%Ad, %sa) : (memref<?x?x{element}>, index) -> ()
  func.call @fill(%Bd, %sb) : (memref<?x?x{element}>, index) -> ()
  %zero = arith.constant 0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  linalg.fill ins(%zero : f32) outs(%R : memref<{m}x{n}xf32>)
  linalg.matmul ins(%A, %B : memref<{m}x{k}x{element}>, memref<{k}x{n}x{element}>) outs(%R : memref<{m}x{n}xf32>)
  linalg.fill ins(%nan : f32) outs(%C : memref<{m}x{n}xf32>)
  %order = arith.constant {rng.randint(0, 2)} : index
  %seed = arith.constant {rng.randint(0, 1000)} : index
  func.call @block_sim_configure(%order, %seed, %c0) : (index, index, index) -> ()
  func.call @mma_kernel(%A, %B, %C, %c0) : (memref<{m}x{k}x{element}>, memref<{k}x{n}x{element}>, memref<{m}x{n}xf32>, index) -> ()
  %cm = arith.constant {m} : index
  %cn = arith.constant {n} : index
  %bad = scf.for %i = %c0 to %cm step %c1 iter_args(%e = %c0) -> (index) {{
    %row = scf.for %j = %c0 to %cn step %c1 iter_args(%f = %e) -> (index) {{
      %x = memref.load %C[%i, %j] : memref<{m}x{n}xf32>
      %y = memref.load %R[%i, %j] : memref<{m}x{n}xf32>
      %same = arith.cmpf oeq, %x, %y : f32
      %one = arith.select %same, %c0, %c1 : index
      %g = arith.addi %f, %one : index
      scf.yield %g : index
    }}
    scf.yield %row : index
  }}
  %b = arith.index_cast %bad : index to i64
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}}
"""
    describe = f"{warps} warp(s), {m}x{n}x{k} {element}{' async' if asynchronous else ''}{f', row stride +{pad}' if pad else ''}{f', rows from {offset}' if offset else ''}"
    return kernel, host, describe


def run(binary, kernel, host):
    opt = os.path.join(binary, "asyncpipe-opt")
    lowered = subprocess.run([opt, "--asyncpipe-lower-mma=chip=sm_80"], input=kernel, capture_output=True, text=True)
    if lowered.returncode != 0:
        return None, "lower-mma: " + lowered.stderr.strip()
    sim = open(os.path.join(ROOT, "test", "Execution", "Inputs", "block-sim.mlir")).read()
    flags = open(os.path.join(ROOT, "test", "tools", "lower-to-llvm.flags")).read().split()
    module = lowered.stdout.strip()
    # The lowered kernel's gpu.module, with the host code and the runtime.
    lines = module.splitlines()
    module = "\n".join(lines[1:-1]) + "\n"
    cpu = subprocess.run([opt, "--convert-scf-to-cf", "--asyncpipe-lower-block"] + flags,
                         input=module + host + sim, capture_output=True, text=True)
    if cpu.returncode != 0:
        return None, "lower-block: " + cpu.stderr.strip()[:2000]
    runner = subprocess.run([os.path.join(LLVM, "bin", "mlir-runner"), "-e", "main", "-entry-point-result=void",
                             f"-shared-libs={LLVM}/lib/libmlir_runner_utils.so,{LLVM}/lib/libmlir_c_runner_utils.so"],
                            input=cpu.stdout, capture_output=True, text=True)
    if runner.returncode != 0:
        return None, "run: " + (runner.stdout + runner.stderr).strip()[-2000:]
    return int(runner.stdout.strip().splitlines()[-1]), None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--programs", type=int, default=10)
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures = 0
    shapes = set()
    for index in range(args.programs):
        kernel, host, describe = program(rng)
        shapes.add(describe.split(",")[0])
        wrong, error = run(args.bin, "module attributes {gpu.container_module} {\n  " + kernel + "\n}\n", host)
        if error or wrong:
            failures += 1
            print(f"program {index} ({describe}): {error or f'{wrong} wrong elements'}")
        elif args.verbose:
            print(f"program {index} ({describe}): equal")
    print(f"mma-random: seed {args.seed}, {args.programs} programs, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
