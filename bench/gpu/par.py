#!/usr/bin/env python3
"""par-to-gpu's kernels on an NVIDIA GPU (CUDA driver, CuPy): the tiled
matmul of bench/gpu/par_tiles.mlir (one par.foreach_thread thread per 16x16
tile of C) as bench/gpu/prepare.sh lowered it, flattened onto blocks of 128
threads with the bounds check, and mapped [#gpu.block<x>, #gpu.thread<x>].

Each variant runs on integer inputs (A[i][k] = (3i + 5k) mod 7 - 3,
B[k][j] = (2k + 7j) mod 5 - 2, the CPU tests' pattern), so C must equal the
exact product element for element, as the CPU runs of the same lowering do
(test/Execution/par-to-gpu-block-cpu.mlir). C starts at 0 (linalg.matmul
accumulates into it). Then it is timed (median of --repeat launches, each
after zeroing C).

Then the cooperative rows kernel (test/Passes/par-to-gpu/block-threads.mlir)
runs 1,000 times and every output is compared with the sums computed here.

  python3 bench/gpu/par.py [--dir target/gpu] [--repeat 20]
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variants import memref  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", default="target/gpu")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    import cupy as cp
    import numpy as np

    with open(os.path.join(args.dir, "par_manifest.json")) as f:
        manifest = json.load(f)
    n = manifest["n"]
    i = cp.arange(n).reshape(-1, 1)
    k = cp.arange(n).reshape(1, -1)
    a = ((3 * i + 5 * k) % 7 - 3).astype(cp.float32)
    b = ((2 * i + 7 * k) % 5 - 2).astype(cp.float32)
    expect = a.astype(cp.float64) @ b.astype(cp.float64)

    print(f"device: {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}, {n}x{n}x{n} f32, {manifest['tiles'] ** 2} par threads")
    print("| variant | grid x block | C equal to the exact product | registers | median ms |")
    print("| --- | --- | --- | --- | --- |")
    for name, variant in manifest["variants"].items():
        kernel = cp.RawModule(path=os.path.join(args.dir, variant["ptx"])).get_function(manifest["kernel"])
        c = cp.zeros((n, n), dtype=cp.float32)
        launch = lambda: kernel(tuple(variant["grid"]), tuple(variant["block"]), memref(a) + memref(b) + memref(c))
        launch()
        cp.cuda.Device().synchronize()
        equal = int((c.astype(cp.float64) == expect).sum())
        times = []
        for _ in range(args.repeat):
            start, stop = cp.cuda.Event(), cp.cuda.Event()
            start.record()
            c.fill(0)
            launch()
            stop.record()
            stop.synchronize()
            times.append(cp.cuda.get_elapsed_time(start, stop))
        times.sort()
        print(f"| {name} | {variant['grid'][0]} x {variant['block'][0]} | {equal}/{n * n} | {kernel.num_regs} | {times[len(times) // 2]:.3f} |")
    rows(cp, np, args.dir, manifest)


def rows(cp, np, directory, manifest):
    """The cooperative rows kernel: out[b][t] = sum of row (t + 1) mod 32 of
    slab b, which thread t + 1 copied into the block's workgroup tile."""
    spec = manifest["rows"]
    kernel = cp.RawModule(path=os.path.join(directory, spec["ptx"])).get_function(spec["kernel"])
    b, r, j = cp.meshgrid(cp.arange(4), cp.arange(32), cp.arange(8), indexing="ij")
    a = ((5 * b + r + j) % 11 - 5).astype(cp.float32)
    out = cp.full((4, 32), cp.nan, dtype=cp.float32)
    expect = cp.roll(a.sum(axis=2), -1, axis=1)
    # memref<4x32x8xf32> and memref<4x32xf32> lowered to LLVM.
    args = (a, a, np.int64(0), np.int64(4), np.int64(32), np.int64(8), np.int64(256), np.int64(8), np.int64(1),
            out, out, np.int64(0), np.int64(4), np.int64(32), np.int64(32), np.int64(1))
    wrong = 0
    for _ in range(1000):
        out.fill(cp.nan)
        kernel(tuple(spec["grid"]), tuple(spec["block"]), args)
        cp.cuda.Device().synchronize()
        wrong += int((out != expect).any())
    print(f"cooperative rows kernel (4 blocks of 32 threads, cp.async, one barrier): {wrong} of 1000 runs wrong, {kernel.num_regs} registers")


if __name__ == "__main__":
    main()
