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

  python3 bench/gpu/par.py [--dir target/gpu] [--repeat 20]
"""
import argparse
import json
import os


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

    def memref(x):
        # A static 2-D memref lowered to LLVM: allocated and aligned
        # pointers, offset, sizes, strides.
        return (x, x, np.int64(0), np.int64(n), np.int64(n), np.int64(n), np.int64(1))

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


if __name__ == "__main__":
    main()
