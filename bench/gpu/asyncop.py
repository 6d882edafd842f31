#!/usr/bin/env python3
"""asyncop chains lowered to cp.async on an NVIDIA GPU (CUDA driver, CuPy),
from target/gpu/ (bench/gpu/prepare.sh):
- stage (test/Passes/asyncop-to-asyncpipe/copy.mlir): each of 128 threads
  copies its row of 8 floats into workgroup memory through a wrapped
  memref.copy (cp.async, the wait at the done) and sums it: out[t] must be
  the sum of row t;
- stream (carried.mlir): a chain carried across 15 loop iterations (the
  copy of tile k + 1 in flight while tile k is summed, two tile buffers):
  out[t] must be the sum over the 16 tiles of row t.
Each runs --trials times on fresh integer inputs; the count of wrong runs is
printed.

  python3 bench/gpu/asyncop.py [--dir target/gpu] [--trials 500]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variants import memref  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", default="target/gpu")
    parser.add_argument("--trials", type=int, default=500)
    args = parser.parse_args()
    import cupy as cp
    import numpy as np

    rng = np.random.default_rng(1)
    for name, ptx, shape in [("stage", "asyncop_stage.sm_80.ptx", (128, 8)), ("stream", "asyncop_stream.sm_80.ptx", (16, 128, 8))]:
        kernel = cp.RawModule(path=os.path.join(args.dir, ptx)).get_function(name)
        wrong = 0
        for _ in range(args.trials):
            g = cp.asarray(rng.integers(-5, 6, size=shape).astype(np.float32))
            out = cp.full((128,), cp.nan, dtype=cp.float32)
            kernel((1,), (128,), memref(g) + memref(out))
            cp.cuda.Device().synchronize()
            expect = g.sum(axis=-1) if len(shape) == 2 else g.sum(axis=(0, 2))
            wrong += int((out != expect).any())
        print(f"asyncop {name} kernel (cp.async from a wrapped memref.copy{', carried across iterations' if name == 'stream' else ''}): {wrong} of {args.trials} runs wrong, {kernel.num_regs} registers")


if __name__ == "__main__":
    main()
