#!/usr/bin/env python3
"""CPU benchmark for issue 15: a compute-bound par.foreach_thread (the
document's tiled matmul, buffer form: one thread per TxT tile of C, each a
linalg.matmul of subviews) run four ways in one process each, same input,
same LLVM (-O3 in mlir-runner):

- par-to-scf: every thread in turn (sequential);
- par-to-async: one async.execute task per thread on the upstream async
  runtime's thread pool (libmlir_async_runtime.so);
- par-to-async{chunk=K}: K consecutive threads per task;
- the upstream peer: the same op converted to scf.forall (par-to-scf-forall)
  and lowered by upstream alone, scf-forall-to-parallel then
  async-parallel-for (num-workers = the machine's cores), with its default
  min-task-size (1000 iterations a task: the tile loop's few iterations
  stay one task) and with min-task-size=1.

Each program checks its C against the sequential linalg.matmul of the same
inputs (integers, exact in f32) and prints the largest difference, then times
the kernel --repeat times (rtclock) and the median is reported in GFLOP/s.

    python3 bench/par_matmul.py [--bin target/release/asyncpipe-opt] [--n 512] [--tile 64] [--repeat 7]
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_cpu import ASYNC, default_bin, report, run  # noqa: E402


def program(n, tile, repeat):
    tiles = n // tile
    call = f"func.call @kernel(%A, %B, %C) : (memref<{n}x{n}xf32>, memref<{n}x{n}xf32>, memref<{n}x{n}xf32>) -> ()"
    return f"""
func.func private @rtclock() -> f64
func.func private @printF64(f64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%A: memref<{n}x{n}xf32>, %B: memref<{n}x{n}xf32>, %C: memref<{n}x{n}xf32>) {{
  %tiles = arith.constant {tiles} : index
  %t = arith.constant {tile} : index
  par.foreach_thread (%i, %j) in (%tiles, %tiles) {{
    %r = arith.muli %i, %t : index
    %c = arith.muli %j, %t : index
    %sA = memref.subview %A[%r, 0] [{tile}, {n}] [1, 1] : memref<{n}x{n}xf32> to memref<{tile}x{n}xf32, strided<[{n}, 1], offset: ?>>
    %sB = memref.subview %B[0, %c] [{n}, {tile}] [1, 1] : memref<{n}x{n}xf32> to memref<{n}x{tile}xf32, strided<[{n}, 1], offset: ?>>
    %sC = memref.subview %C[%r, %c] [{tile}, {tile}] [1, 1] : memref<{n}x{n}xf32> to memref<{tile}x{tile}xf32, strided<[{n}, 1], offset: ?>>
    linalg.matmul ins(%sA, %sB : memref<{tile}x{n}xf32, strided<[{n}, 1], offset: ?>>, memref<{n}x{tile}xf32, strided<[{n}, 1], offset: ?>>) outs(%sC : memref<{tile}x{tile}xf32, strided<[{n}, 1], offset: ?>>)
  }}
  return
}}

func.func @reference(%A: memref<{n}x{n}xf32>, %B: memref<{n}x{n}xf32>, %C: memref<{n}x{n}xf32>) {{
  linalg.matmul ins(%A, %B : memref<{n}x{n}xf32>, memref<{n}x{n}xf32>) outs(%C : memref<{n}x{n}xf32>)
  return
}}

func.func @main() {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {n} : index
  %c7 = arith.constant 7 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %three = arith.constant 3 : i64
  %A = memref.alloc() : memref<{n}x{n}xf32>
  %B = memref.alloc() : memref<{n}x{n}xf32>
  %C = memref.alloc() : memref<{n}x{n}xf32>
  %D = memref.alloc() : memref<{n}x{n}xf32>
  scf.for %i = %c0 to %n step %c1 {{
    scf.for %j = %c0 to %n step %c1 {{
      %s = arith.addi %i, %j : index
      %a = arith.remui %s, %c7 : index
      %b = arith.remui %s, %c5 : index
      %ai = arith.index_cast %a : index to i64
      %bi = arith.index_cast %b : index to i64
      %as = arith.subi %ai, %three : i64
      %bs = arith.subi %bi, %three : i64
      %af = arith.sitofp %as : i64 to f32
      %bf = arith.sitofp %bs : i64 to f32
      memref.store %af, %A[%i, %j] : memref<{n}x{n}xf32>
      memref.store %bf, %B[%i, %j] : memref<{n}x{n}xf32>
    }}
  }}
  linalg.fill ins(%zero : f32) outs(%C : memref<{n}x{n}xf32>)
  linalg.fill ins(%zero : f32) outs(%D : memref<{n}x{n}xf32>)
  call @kernel(%A, %B, %C) : (memref<{n}x{n}xf32>, memref<{n}x{n}xf32>, memref<{n}x{n}xf32>) -> ()
  call @reference(%A, %B, %D) : (memref<{n}x{n}xf32>, memref<{n}x{n}xf32>, memref<{n}x{n}xf32>) -> ()
  %md = scf.for %i = %c0 to %n step %c1 iter_args(%m = %zero) -> f32 {{
    %m2 = scf.for %j = %c0 to %n step %c1 iter_args(%mm = %m) -> f32 {{
      %x = memref.load %C[%i, %j] : memref<{n}x{n}xf32>
      %y = memref.load %D[%i, %j] : memref<{n}x{n}xf32>
      %d = arith.subf %x, %y : f32
      %ad = math.absf %d : f32
      %mx = arith.maximumf %mm, %ad : f32
      scf.yield %mx : f32
    }}
    scf.yield %m2 : f32
  }}
{report("%md", call, repeat)}}}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=default_bin())
    parser.add_argument("--n", type=int, default=512)
    parser.add_argument("--tile", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    cores = os.cpu_count()
    source = program(args.n, args.tile, args.repeat)
    threads = (args.n // args.tile) ** 2
    chunk = max(1, threads // (4 * cores))
    forall = ["--par-to-scf-forall", "--scf-forall-to-parallel"]
    variants = [
        ("par-to-scf (sequential)", ["--par-to-scf"]),
        ("par-to-async (one task per thread)", ["--par-to-async"] + ASYNC),
        (f"par-to-async{{chunk={chunk}}} (4 tasks per core)", [f"--par-to-async=chunk={chunk}"] + ASYNC),
        (f"upstream: par-to-scf-forall, scf-forall-to-parallel, async-parallel-for{{num-workers={cores}}}",
         forall + [f"--async-parallel-for=num-workers={cores}"] + ASYNC),
        (f"upstream, as above with min-task-size=1",
         forall + [f"--async-parallel-for=num-workers={cores} min-task-size=1"] + ASYNC),
    ]
    flops = 2 * args.n ** 3
    print(f"{args.n}x{args.n}x{args.n} f32 matmul, {threads} threads of {args.tile}x{args.tile} tiles, {cores} cores, median of {args.repeat}")
    print("| lowering | largest error | median ms | GFLOP/s | speedup |")
    print("| --- | --- | --- | --- | --- |")
    base = None
    for name, passes in variants:
        error, times = run(args.bin, source, passes)
        median = statistics.median(times)
        base = base or median
        print(f"| {name} | {error:g} | {median * 1e3:.1f} | {flops / median / 1e9:.2f} | {base / median:.2f}x |")


if __name__ == "__main__":
    main()
