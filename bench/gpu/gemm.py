#!/usr/bin/env python3
"""The GPU half of the tiled GEMM benchmark (CUDA driver, CuPy).

Loads the PTX that bench/gpu/prepare.sh wrote into target/gpu/ for the main
job's kernel (examples/tiled_gemm.mlir through asyncpipe: 64 x 64 block
tiles, K steps of 16, 3 stages, cooperative cp.async loads), then for each
variant:
1. checks it at the size the example is written for (512 x 512 x 512):
   A[i][j] = (3i + 5j) mod 7 - 3, B[i][j] = (2i + 7j) mod 5 - 2, the inputs
   of test/Execution/tiled-gemm-block-cpu.mlir, whose CPU block model gives
   exactly linalg.matmul's C; integer inputs make every sum exact in f32, so
   the GPU's C must equal the float64 product element for element;
2. times it at N = 4096 (by default), the median of --repeat launches after
   --warmup, CUDA events, after checking that result the same way.
Beside them, on the same inputs, in the same process: a plain CUDA C kernel
of the same tiling (synchronous 16-byte loads into shared memory between two
__syncthreads per K step, 4 x 4 outputs a thread), and cuBLAS's sgemm
through cupy.matmul (TF32 off).

Each variant runs in a child process with a time limit, so a kernel that
hangs is reported, not waited on.

  python3 bench/gpu/gemm.py [--dir target/gpu] [--repeat 20] [--json FILE]
  compute-sanitizer --tool racecheck python3 bench/gpu/gemm.py --one VARIANT --check-only
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variants import arguments, check_gemm, checked_at_check_size, memref, run_each, timed  # noqa: E402

PLAIN_CUDA = r"""
extern "C" __global__ void plain_gemm(const float* A, const float* B, float* C, int n) {
  // The tiling of examples/tiled_gemm.mlir, with synchronous loads.
  __shared__ __align__(16) float As[64][16];
  __shared__ __align__(16) float Bs[16][64];
  int tid = threadIdx.x;
  int blocks_n = n / 64;
  int row0 = blockIdx.x / blocks_n * 64, col0 = blockIdx.x % blocks_n * 64;
  int a_row = tid / 4, a_col = tid % 4 * 4;
  int b_row = tid / 16, b_col = tid % 16 * 4;
  int r0 = b_row * 4, q0 = b_col;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < n; k0 += 16) {
    *reinterpret_cast<float4*>(&As[a_row][a_col]) =
        *reinterpret_cast<const float4*>(&A[(size_t)(row0 + a_row) * n + k0 + a_col]);
    *reinterpret_cast<float4*>(&Bs[b_row][b_col]) =
        *reinterpret_cast<const float4*>(&B[(size_t)(k0 + b_row) * n + col0 + b_col]);
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < 16; ++kk) {
      float a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) a[i] = As[r0 + i][kk];
#pragma unroll
      for (int j = 0; j < 4; ++j) b[j] = Bs[kk][q0 + j];
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) C[(size_t)(row0 + r0 + i) * n + col0 + q0 + j] = acc[i][j];
}
"""


def inputs(cp, n):
    i = cp.arange(n, dtype=cp.int64).reshape(n, 1)
    j = cp.arange(n, dtype=cp.int64).reshape(1, n)
    a = ((3 * i + 5 * j) % 7 - 3).astype(cp.float32)
    b = ((2 * i + 7 * j) % 5 - 2).astype(cp.float32)
    return a, b


def launcher(cp, np, manifest, directory, name, size):
    """A function (A, B, C) -> None launching variant `name` at `size`, and
    the kernel's registers and static shared memory where CuPy says."""
    n = manifest["sizes"][size]
    blocks = (n // 64) ** 2
    if name == "plain CUDA C":
        kernel = cp.RawKernel(PLAIN_CUDA, "plain_gemm")
        attrs = {"registers": kernel.num_regs, "shared bytes": kernel.shared_size_bytes}
        return (lambda a, b, c: kernel((blocks,), (256,), (a, b, c, np.int32(n)))), attrs
    if name == "cuBLAS sgemm":
        return (lambda a, b, c: cp.matmul(a, b, out=c)), {}
    path = os.path.join(directory, manifest["variants"][name].format(size=size))
    kernel = cp.RawModule(path=path).get_function(manifest["kernel"])
    attrs = {"registers": kernel.num_regs, "shared bytes": kernel.shared_size_bytes}
    return (lambda a, b, c: kernel((blocks,), (256,), memref(a) + memref(b) + memref(c))), attrs


def one(args):
    os.environ["CUPY_TF32"] = "0"  # read when CuPy is imported
    import cupy as cp
    import numpy as np

    manifest, result = checked_at_check_size(cp, np, args, "gemm_manifest.json", launcher, inputs)
    if args.check_only:
        print(json.dumps(result), flush=True)
        return
    n = manifest["sizes"]["bench"]
    launch, _ = launcher(cp, np, manifest, args.dir, args.one, "bench")
    result["bench check"] = check_gemm(cp, inputs, launch, n)
    a, b = inputs(cp, n)
    c = cp.empty((n, n), dtype=cp.float32)
    ms = timed(cp, lambda: launch(a, b, c), args.warmup, args.repeat)
    result["n"] = n
    result["median ms"] = ms
    result["GFLOP/s"] = 2 * n**3 / (ms * 1e-3) / 1e9
    print(json.dumps(result), flush=True)


def main():
    args = arguments(__doc__, "gemm_manifest.json", 20, 3, 180, "the 512 check")
    if args.one:
        return one(args)
    manifest = json.load(open(os.path.join(args.dir, "gemm_manifest.json")))
    names = list(manifest["variants"]) + ["plain CUDA C", "cuBLAS sgemm"]
    results, failed = run_each(__file__, args, names)
    for result in results:
        for key in ("check", "bench check"):
            c = result.get(key, {})
            if "error" not in result:
                failed |= c.get("equal to the exact product") != c.get("outputs")
    print(f"{'variant':<28} {'check (512)':>14} {'ms':>9} {'GFLOP/s':>9} {'regs':>5} {'smem':>6}")
    for r in results:
        if "error" in r:
            print(f"{r['variant']:<28} ERROR {r['error']}")
            continue
        c = r["check"]
        print(f"{r['variant']:<28} {c['equal to the exact product']:>6}/{c['outputs']:<7} {r['median ms']:>9.3f} "
              f"{r['GFLOP/s']:>9.0f} {str(r.get('registers', '')):>5} {str(r.get('shared bytes', '')):>6}")
    if args.json:
        json.dump(results, open(args.json, "w"), indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
