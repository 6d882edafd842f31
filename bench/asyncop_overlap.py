#!/usr/bin/env python3
"""CPU benchmark for issue 16: two independent matmuls (C = A B, D = A E,
each a call of a function holding one linalg.matmul) marked asyncop.wrap,
run
- synchronously (asyncop-wrap then asyncop-unwrap: the program as written),
- wrapped, scheduled and on the async runtime (asyncop-wrap,
  asyncop-schedule{max-in-flight=2}, asyncop-to-async): both matmuls in
  flight at once, and with max-in-flight=1 (one at a time, on the runtime).
Same input, same LLVM (mlir-runner -O3), one program per row; each program
first checks C and D against the synchronous product (exact: integer
inputs) and prints the largest difference, then times --repeat calls
(rtclock); the median is reported.

    python3 bench/asyncop_overlap.py [--bin target/release/asyncpipe-opt] [--n 384] [--repeat 7]
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_cpu import ASYNC, default_bin, report, run  # noqa: E402


def program(n, repeat):
    t = f"memref<{n}x{n}xf32>"
    call = f"func.call @two(%a, %b, %e, %c, %d) : ({t}, {t}, {t}, {t}, {t}) -> ()"
    return f"""
func.func private @rtclock() -> f64
func.func private @printF64(f64)
func.func private @printNewline()

func.func private @mm(%a: {t}, %b: {t}, %c: {t}) {{
  linalg.matmul ins(%a, %b : {t}, {t}) outs(%c : {t})
  return
}}

func.func @two(%a: {t}, %b: {t}, %e: {t}, %c: {t}, %d: {t}) {{
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : {t})
  linalg.fill ins(%zero : f32) outs(%d : {t})
  func.call @mm(%a, %b, %c) {{asyncop.wrap}} : ({t}, {t}, {t}) -> ()
  func.call @mm(%a, %e, %d) {{asyncop.wrap}} : ({t}, {t}, {t}) -> ()
  return
}}

func.func @main() {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {n} : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %three = arith.constant 3 : i64
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : {t}
  %b = memref.alloc() : {t}
  %e = memref.alloc() : {t}
  %c = memref.alloc() : {t}
  %d = memref.alloc() : {t}
  %rc = memref.alloc() : {t}
  %rd = memref.alloc() : {t}
  scf.for %i = %c0 to %n step %c1 {{
    scf.for %j = %c0 to %n step %c1 {{
      %s = arith.addi %i, %j : index
      %x = arith.remui %s, %c7 : index
      %y = arith.remui %s, %c5 : index
      %p = arith.muli %i, %c5 : index
      %q = arith.addi %p, %j : index
      %z = arith.remui %q, %c7 : index
      %xi = arith.index_cast %x : index to i64
      %yi = arith.index_cast %y : index to i64
      %zi = arith.index_cast %z : index to i64
      %xs = arith.subi %xi, %three : i64
      %ys = arith.subi %yi, %three : i64
      %zs = arith.subi %zi, %three : i64
      %xf = arith.sitofp %xs : i64 to f32
      %yf = arith.sitofp %ys : i64 to f32
      %zf = arith.sitofp %zs : i64 to f32
      memref.store %xf, %a[%i, %j] : {t}
      memref.store %yf, %b[%i, %j] : {t}
      memref.store %zf, %e[%i, %j] : {t}
    }}
  }}
  linalg.fill ins(%zero : f32) outs(%rc : {t})
  linalg.fill ins(%zero : f32) outs(%rd : {t})
  linalg.matmul ins(%a, %b : {t}, {t}) outs(%rc : {t})
  linalg.matmul ins(%a, %e : {t}, {t}) outs(%rd : {t})
  call @two(%a, %b, %e, %c, %d) : ({t}, {t}, {t}, {t}, {t}) -> ()
  %md = scf.for %i = %c0 to %n step %c1 iter_args(%m = %zero) -> f32 {{
    %m2 = scf.for %j = %c0 to %n step %c1 iter_args(%mm = %m) -> f32 {{
      %x = memref.load %c[%i, %j] : {t}
      %y = memref.load %rc[%i, %j] : {t}
      %u = memref.load %d[%i, %j] : {t}
      %v = memref.load %rd[%i, %j] : {t}
      %d1 = arith.subf %x, %y : f32
      %d2 = arith.subf %u, %v : f32
      %a1 = math.absf %d1 : f32
      %a2 = math.absf %d2 : f32
      %m3 = arith.maximumf %mm, %a1 : f32
      %m4 = arith.maximumf %m3, %a2 : f32
      scf.yield %m4 : f32
    }}
    scf.yield %m2 : f32
  }}
{report("%md", call, repeat)}}}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=default_bin())
    parser.add_argument("--n", type=int, default=384)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    source = program(args.n, args.repeat)
    variants = [
        ("synchronous (asyncop-wrap, asyncop-unwrap)", ["--asyncop-wrap", "--asyncop-unwrap"]),
        ("async, max-in-flight=1", ["--asyncop-wrap", "--asyncop-schedule=max-in-flight=1", "--asyncop-to-async"] + ASYNC),
        ("async, max-in-flight=2 (both matmuls in flight)", ["--asyncop-wrap", "--asyncop-schedule=max-in-flight=2", "--asyncop-to-async"] + ASYNC),
    ]
    print(f"two {args.n}^3 f32 matmuls, {os.cpu_count()} cores, median of {args.repeat}")
    print("| program | largest error | median ms | speedup |")
    print("| --- | --- | --- | --- |")
    base = None
    for name, passes in variants:
        error, times = run(args.bin, source, passes)
        median = statistics.median(times)
        base = base or median
        print(f"| {name} | {error:g} | {median * 1e3:.1f} | {base / median:.2f}x |")


if __name__ == "__main__":
    main()
