#!/usr/bin/env python3
"""Writes the same loops annotated for asyncpipe-software-pipeline and for
upstream's mlir-opt -test-scf-pipelining (synchronous stages, every op
annotated, values crossing stages through SSA), for bench/software_pipeline.sh.

usage: software_pipeline.py FUNCTIONS OUT_ASYNCPIPE OUT_UPSTREAM
"""
import sys

functions, out_ours, out_upstream = int(sys.argv[1]), sys.argv[2], sys.argv[3]

# (op, stage, order): load in stage 0, two arith ops in stage 1, a store in stage 2.
BODY = [
    ("%x = memref.load %A[%i] {A} : memref<1024xf32>", 0, 0),
    ("%y = arith.addf %x, %x {A} : f32", 1, 2),
    ("%z = arith.mulf %y, %x {A} : f32", 1, 3),
    ("%w = memref.load %A[%i] {A} : memref<1024xf32>", 0, 1),
    ("%v = arith.addf %z, %w {A} : f32", 2, 4),
    ("memref.store %v, %B[%i] {A} : memref<1024xf32>", 2, 5),
]


def write(path, ours):
    with open(path, "w") as f:
        for n in range(functions):
            f.write(f"func.func @f{n}(%A: memref<1024xf32>, %B: memref<1024xf32>) {{\n")
            f.write("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n")
            f.write("  %c1024 = arith.constant 1024 : index\n")
            f.write("  scf.for %i = %c0 to %c1024 step %c1 {\n")
            for text, stage, order in BODY:
                if ours:
                    attrs = f"{{asyncpipe.stage = {stage}, asyncpipe.order = {order}}}"
                else:
                    attrs = f"{{__test_pipelining_stage__ = {stage}, __test_pipelining_op_order__ = {order}}}"
                f.write("    " + text.replace("{A}", attrs) + "\n")
            marker = "{asyncpipe.async_stages = array<i64>}" if ours else "{__test_pipelining_loop__}"
            f.write(f"  }} {marker}\n  return\n}}\n")


write(out_ours, True)
write(out_upstream, False)
