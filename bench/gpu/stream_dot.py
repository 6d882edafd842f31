#!/usr/bin/env python3
"""The half of the GPU benchmark that runs on the GPU (CUDA driver, CuPy).

Loads the PTX that bench/gpu/prepare.sh wrote into target/gpu/ (the main
job's kernel, examples/stream_dot.mlir, through asyncpipe), then for each
variant:
1. checks it: runs the 64-block kernel on x[i] = i mod 13 - 6,
   y[i] = i mod 7 - 3 and compares its 8192 partial sums with the CPU
   model's (cpu_partials.txt) exactly; the inputs are small integers, so
   every partial sum is exact in f32 whatever the order of the additions;
2. times it: the resized kernel on two 512 MiB inputs (2048 blocks by
   default), the median of --repeat launches after --warmup, timed with CUDA
   events; the result is checked against a float64 reference first.
Beside them, on the same inputs, in the same process: a plain CUDA C kernel
of the same tiling (each thread loads its 8-float tiles straight from global
memory into registers), cuBLAS's sdot through cupy.dot (the whole reduction),
and a device-to-device copy of as many bytes (the bandwidth roof).

Each variant runs in a child process with a time limit, so a kernel that
hangs (an mbarrier phase that never completes) is reported, not waited on.

  python3 bench/gpu/stream_dot.py [--dir target/gpu] [--repeat 50] [--json FILE]
  compute-sanitizer --tool racecheck python3 bench/gpu/stream_dot.py --one VARIANT --check-only
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variants import arguments, memref, run_each, timed  # noqa: E402

PLAIN_CUDA = r"""
extern "C" __global__ void plain_dot(const float* x, const float* y, float* partial) {
  // The tiling of examples/stream_dot.mlir without shared memory: thread tid
  // of block bid reads floats ((bid * 64 + t) * 128 + tid) * 8 .. + 8.
  float acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int t = 0; t < 64; ++t) {
    long long first = (((long long)blockIdx.x * 64 + t) * 128 + threadIdx.x) * 8;
    const float4* xv = reinterpret_cast<const float4*>(x + first);
    const float4* yv = reinterpret_cast<const float4*>(y + first);
    float4 a0 = xv[0], a1 = xv[1], b0 = yv[0], b1 = yv[1];
    acc[0] += a0.x * b0.x; acc[1] += a0.y * b0.y; acc[2] += a0.z * b0.z; acc[3] += a0.w * b0.w;
    acc[4] += a1.x * b1.x; acc[5] += a1.y * b1.y; acc[6] += a1.z * b1.z; acc[7] += a1.w * b1.w;
  }
  float sum = 0;
  for (int j = 0; j < 8; ++j) sum += acc[j];
  partial[blockIdx.x * 128 + threadIdx.x] = sum;
}
"""


def inputs(cp, blocks):
    n = blocks * 64 * 128 * 8
    i = cp.arange(n, dtype=cp.int64)
    x = (i % 13 - 6).astype(cp.float32)
    y = (i % 7 - 3).astype(cp.float32)
    del i
    return n, x, y


def reference(cp, x, y, blocks):
    # partial[bid * 128 + tid] = sum over t, j of x * y at ((bid*64+t)*128+tid)*8+j
    prod = (x.astype(cp.float64) * y.astype(cp.float64)).reshape(blocks, 64, 128, 8)
    return prod.sum(axis=(1, 3)).reshape(blocks * 128)


def attributes(kernel):
    """Registers and static shared memory of a loaded kernel, where CuPy says."""
    return {key: getattr(kernel, attr, None) for key, attr in [("registers", "num_regs"), ("shared bytes", "shared_size_bytes")]}


def launcher(cp, np, manifest, directory, name, size):
    """A function (x, y, partial) -> None launching variant `name` at `size`."""
    blocks = manifest["sizes"][size]
    threads = manifest["threads"]
    if name == "plain CUDA C":
        kernel = cp.RawKernel(PLAIN_CUDA, "plain_dot")
        return (lambda x, y, p: kernel((blocks,), (threads,), (x, y, p))), attributes(kernel)
    if name == "cuBLAS sdot":
        out = cp.empty((), dtype=cp.float32)
        return (lambda x, y, p: cp.dot(x, y, out=out)), {}
    if name == "D2D copy":
        return None, {}
    path = os.path.join(directory, manifest["variants"][name].format(size=size))
    module = cp.RawModule(path=path)
    kernel = module.get_function(manifest["kernel"])
    attrs = attributes(kernel)

    def launch(x, y, p):
        kernel((blocks,), (threads,), memref(x) + memref(y) + memref(p))

    return launch, attrs


def one(args):
    """Checks and times one variant; prints one JSON line."""
    import cupy as cp
    import numpy as np

    manifest = json.load(open(os.path.join(args.dir, "manifest.json")))
    result = {"variant": args.one}
    # 1. the checked size, against the CPU model
    blocks = manifest["sizes"]["check"]
    launch, attrs = launcher(cp, np, manifest, args.dir, args.one, "check")
    result.update(attrs)
    if launch is not None and args.one != "cuBLAS sdot":
        n, x, y = inputs(cp, blocks)
        partial = cp.full(blocks * 128, cp.nan, dtype=cp.float32)
        launch(x, y, partial)
        cp.cuda.Device().synchronize()
        model = np.array(open(os.path.join(args.dir, manifest["cpu_partials"])).read().split(), dtype=np.float32)
        got = cp.asnumpy(partial)
        result["check"] = {
            "threads": int(got.size),
            "equal to the CPU model": int((got == model).sum()),
            "equal to float64 reference": int((got == cp.asnumpy(reference(cp, x, y, blocks))).sum()),
        }
        del x, y, partial
    if args.check_only:
        print(json.dumps(result), flush=True)
        return
    # 2. the timed size
    blocks = manifest["sizes"]["bench"]
    n, x, y = inputs(cp, blocks)
    bytes_moved = 2 * n * 4
    if args.one == "D2D copy":
        dst = cp.empty_like(x)
        ms = timed(cp, lambda: cp.copyto(dst, x), args.warmup, args.repeat)
    else:
        launch, _ = launcher(cp, np, manifest, args.dir, args.one, "bench")
        partial = cp.full(blocks * 128, cp.nan, dtype=cp.float32)
        launch(x, y, partial)
        cp.cuda.Device().synchronize()
        expect = reference(cp, x, y, blocks)
        if args.one == "cuBLAS sdot":
            total = float(cp.dot(x, y))
            exact = float(expect.sum())
            result["bench check"] = {"sum": total, "float64 sum": exact}
        else:
            result["bench check"] = {
                "threads": int(partial.size),
                "equal to float64 reference": int((partial.astype(cp.float64) == expect).sum()),
            }
        ms = timed(cp, lambda: launch(x, y, partial), args.warmup, args.repeat)
    result["blocks"] = blocks
    result["bytes"] = bytes_moved
    result["median ms"] = ms
    result["GB/s"] = bytes_moved / (ms * 1e-3) / 1e9
    print(json.dumps(result), flush=True)


def main():
    args = arguments(__doc__, "manifest.json", 50, 5, 120, "the check against the CPU model")
    if args.one:
        return one(args)
    manifest = json.load(open(os.path.join(args.dir, "manifest.json")))
    names = list(manifest["variants"]) + ["plain CUDA C", "cuBLAS sdot", "D2D copy"]
    results, failed = run_each(__file__, args, names)
    import cupy as cp
    props = cp.cuda.runtime.getDeviceProperties(0)
    print(f"device: {props['name'].decode()}, CUDA driver {cp.cuda.runtime.driverGetVersion()}")
    print(f"| variant | check vs CPU model | regs | median ms | GB/s |")
    print(f"| --- | --- | --- | --- | --- |")
    for r in results:
        if "error" in r:
            print(f"| {r['variant']} | ERROR: {r['error']} | | | |")
            continue
        check = r.get("check")
        if check:
            ok = check["equal to the CPU model"] == check["threads"] and r["bench check"]["equal to float64 reference"] == r["bench check"]["threads"]
            failed |= not ok
            text = f"{check['equal to the CPU model']}/{check['threads']} equal" + ("" if ok else " MISMATCH")
        elif "bench check" in r:
            text = f"sum {r['bench check']['sum']:.6g} (float64 {r['bench check']['float64 sum']:.6g})"
        else:
            text = "-"
        print(f"| {r['variant']} | {text} | {r.get('registers', '')} | {r['median ms']:.3f} | {r['GB/s']:.0f} |")
    if args.json:
        json.dump({"device": props["name"].decode(), "results": results}, open(args.json, "w"), indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
