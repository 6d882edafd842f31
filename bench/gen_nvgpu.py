#!/usr/bin/env python3
"""Generates an nvgpu module for the token-to-count benchmark.

Each function is a double-buffered cp.async pipeline in upstream nvgpu IR: a
prologue copy and group, an scf.for whose body issues the next copy, commits
it, waits on the previous iteration's group (passed through iter_args) and
reads the previous buffer, and an epilogue wait. Waits carry no numGroups: the
pass computes them. Usage: gen_nvgpu.py OPS > file.mlir (OPS is approximate).
"""
import sys

FUNCTION = """func.func @pipeline{k}(%src: memref<4096xf32>, %dst: memref<2x128xf32, 3>, %out: memref<4096xf32>, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
  %g0 = nvgpu.device_async_create_group %t0
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {{
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remui %i1, %c2 : index
    %t = nvgpu.device_async_copy %src[%i1], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %prev
    %cur = arith.remui %i, %c2 : index
    %v = memref.load %dst[%cur, %c0] : memref<2x128xf32, 3>
    memref.store %v, %out[%i] : memref<4096xf32>
    scf.yield %g : !nvgpu.device.async.token
  }}
  nvgpu.device_async_wait %last
  return
}}
"""
OPS_PER_FUNCTION = 20

def main():
    ops = int(sys.argv[1])
    out = sys.stdout
    out.write("module {\n")
    for k in range(max(1, ops // OPS_PER_FUNCTION)):
        out.write(FUNCTION.format(k=k))
    out.write("}\n")

main()
