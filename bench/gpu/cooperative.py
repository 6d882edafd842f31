#!/usr/bin/env python3
"""The block-scope kernel on a GPU (CUDA driver, CuPy): the pipelined
cooperative tile of test/Passes/software-pipeline/cooperative.mlir (thread t
copies row t of each tile, reads row t + 1 two stages later), with the
barriers asyncpipe placed and with them taken out of the PTX (what the
pipeliner emitted before), from target/gpu/ (bench/gpu/prepare.sh).

Each variant runs --trials times, one block of 128 threads, on fresh
integer inputs, and every result is compared exactly with
out[t] = sum over tiles k and j of a[k, (t + 1) mod 128, j]; the count of
wrong results is printed. Run it under `compute-sanitizer --tool racecheck`
with --trials 1 to see the hazards.

  python3 bench/gpu/cooperative.py [--dir target/gpu] [--trials 2000] [--only VARIANT]
"""
import argparse
import os
import sys

VARIANTS = {"with barriers": "coop.sm_80.ptx", "barriers removed": "coop_nobarrier.sm_80.ptx"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", default="target/gpu")
    parser.add_argument("--trials", type=int, default=2000)
    parser.add_argument("--only", choices=list(VARIANTS))
    args = parser.parse_args()
    import cupy as cp
    import numpy as np

    failed = False
    for name, file in VARIANTS.items():
        if args.only and name != args.only:
            continue
        kernel = cp.RawModule(path=os.path.join(args.dir, file)).get_function("cooperative")
        rng = np.random.default_rng(1)
        wrong = 0
        out = cp.empty(128, dtype=cp.float32)
        for _ in range(args.trials):
            host = rng.integers(-8, 9, size=(64, 128, 8)).astype(np.float32)
            a = cp.asarray(host)
            out.fill(cp.nan)
            # memref<64x128x8xf32>: pointers, offset, sizes, strides; then memref<128xf32>.
            params = (a, a, np.int64(0), np.int64(64), np.int64(128), np.int64(8), np.int64(1024), np.int64(8), np.int64(1),
                      out, out, np.int64(0), np.int64(128), np.int64(1))
            kernel((1,), (128,), params)
            expect = np.roll(host.sum(axis=(0, 2)), -1)
            wrong += int(not np.array_equal(cp.asnumpy(out), expect))
        print(f"{name}: {wrong} of {args.trials} runs wrong", flush=True)
        failed |= name == "with barriers" and wrong > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
