#!/usr/bin/env python3
"""The GPU half of the tensor-core GEMM benchmark (CUDA driver, CuPy, cuBLAS).

Loads the PTX that bench/gpu/prepare.sh wrote into target/gpu/ (named by
tc_gemm_manifest.json) through CuPy's RawModule (the CUDA driver API's
cuModuleLoadData): examples/tensor_core_gemm.mlir (cp.async tile loads,
ldmatrix and mma.sync) for sm_80 and sm_90, and
examples/tensor_core_gemm_tma.mlir (tensor-map copies on an mbarrier ring,
wgmma with wgmma.wait_group 1) for sm_90a; all f16 inputs, f32
accumulation, 128 x 128 block tiles of 256 threads, K steps of 64, 3 stages,
128 KiB of dynamic shared memory, which each launch gives after raising the
kernel's limit. The wgmma kernel takes a tensor map per input after its
memrefs: encoded here once per buffer (cuTensorMapEncodeTiled, the box and
swizzle the manifest names, from the kernel's asyncpipe.tensor_maps) into
device memory, and passed by address. For each variant:
1. checks it at 512 x 512 x 512 on the inputs of
   test/Execution/tensor-core-gemm-block-cpu.mlir, A[i][j] = (3i + 5j) mod 7
   - 3 and B[i][j] = (2i + 3j) mod 5 - 2 as f16: every product and sum is
   exact in f32, so C must equal the float64 product element for element
   (as the CPU block model's C equals linalg.matmul's);
2. times it at 4096 and 8192 (the median of --repeat launches after
   --warmup, CUDA events) on inputs drawn from N(0, 1) (values change the
   power draw and clocks), after checking the exact product there too,
beside cuBLAS's GemmEx on the same f16 inputs with f32 accumulation and f32
output (CUBLAS_COMPUTE_32F), in the same process, and prints each
variant's time as a share of cuBLAS's.

Each variant runs in a child process with a time limit, so a kernel that
hangs is reported, not waited on. The card's name, power limit and clocks
(nvidia-smi) are printed before and after. Not yet: rounds of every variant
interleaved in one process, torch.matmul and Triton beside cuBLAS.

  python3 bench/gpu/tensor_core_gemm.py [--dir target/gpu] [--repeat 20] [--json FILE]
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variants import arguments, check_gemm, checked_at_check_size, memref, run_each, timed  # noqa: E402

CUBLAS = "cuBLAS GemmEx (f16, f32 accumulation)"
TIMED = ("4096", "8192")


def inputs(cp, n):
    i = cp.arange(n, dtype=cp.int64).reshape(n, 1)
    j = cp.arange(n, dtype=cp.int64).reshape(1, n)
    a = ((3 * i + 5 * j) % 7 - 3).astype(cp.float16)
    b = ((2 * i + 3 * j) % 5 - 2).astype(cp.float16)
    return a, b


def normal_inputs(cp, n, seed=0):
    """A and B drawn from N(0, 1), as f16: what the timing runs on."""
    rng = cp.random.default_rng(seed)
    return (rng.standard_normal((n, n), dtype=cp.float32).astype(cp.float16),
            rng.standard_normal((n, n), dtype=cp.float32).astype(cp.float16))


def card():
    """The GPU's name, power limit and clocks now, from nvidia-smi (or why
    not)."""
    import subprocess
    query = "name,power.limit,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu"
    try:
        done = subprocess.run(["nvidia-smi", f"--query-gpu={query}", "--format=csv,noheader"],
                              capture_output=True, text=True, timeout=30)
        return done.stdout.strip() or done.stderr.strip()
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"nvidia-smi: {error}"


def cublas_gemm(cp, np):
    """C = A B for row-major f16 A, B and f32 C through cublasGemmEx: in
    column-major terms C^T = B^T A^T, so B goes first."""
    from cupy_backends.cuda.libs import cublas

    handle = cp.cuda.device.get_cublas_handle()
    cublas.setPointerMode(handle, cublas.CUBLAS_POINTER_MODE_HOST)
    one, zero = np.array(1.0, dtype=np.float32), np.array(0.0, dtype=np.float32)
    r_16f, r_32f, compute_32f, default_tensor_op = 2, 0, 68, 99

    def launch(a, b, c):
        n = a.shape[0]
        cublas.gemmEx(handle, cublas.CUBLAS_OP_N, cublas.CUBLAS_OP_N, n, n, n,
                      one.ctypes.data, b.data.ptr, r_16f, n, a.data.ptr, r_16f, n,
                      zero.ctypes.data, c.data.ptr, r_32f, n, compute_32f, default_tensor_op)

    return launch


# CUtensorMapDataType and CUtensorMapSwizzle (cuda.h).
TENSOR_MAP_TYPES = {"float16": 6, "bfloat16": 9}
TENSOR_MAP_SWIZZLE = {0: 0, 32: 1, 64: 2, 128: 3}
TENSOR_MAP_L2_128B = 2


def tensor_map(cp, np, array, box_rows, box_columns, swizzle):
    """A CUtensorMap of the row-major 2-D `array` in device memory (128
    bytes), with boxes of box_rows x box_columns and the swizzle (bytes)."""
    import ctypes

    driver = ctypes.CDLL("libcuda.so.1")
    rows, columns = array.shape
    storage = ctypes.create_string_buffer(128 + 64)
    address = (ctypes.addressof(storage) + 63) // 64 * 64  # a CUtensorMap is 64-byte aligned
    u64, u32 = ctypes.c_uint64, ctypes.c_uint32
    status = driver.cuTensorMapEncodeTiled(
        ctypes.c_void_p(address), ctypes.c_int(TENSOR_MAP_TYPES[array.dtype.name]), u32(2),
        ctypes.c_void_p(array.data.ptr), (u64 * 2)(columns, rows), (u64 * 1)(columns * array.itemsize),
        (u32 * 2)(box_columns, box_rows), (u32 * 2)(1, 1), ctypes.c_int(0), ctypes.c_int(TENSOR_MAP_SWIZZLE[swizzle]),
        ctypes.c_int(TENSOR_MAP_L2_128B), ctypes.c_int(0))
    if status != 0:
        raise RuntimeError(f"cuTensorMapEncodeTiled failed with CUresult {status}")
    return cp.asarray(np.frombuffer(ctypes.string_at(address, 128), dtype=np.uint8))


def launcher(cp, np, manifest, directory, name, size):
    """A function (A, B, C) -> None launching variant `name` at `size`, and
    the kernel's registers and dynamic shared memory."""
    if name == CUBLAS:
        return cublas_gemm(cp, np), {}
    variant = manifest["variants"][name]
    # A variant whose kernel differs by size (the compiler's choice) names
    # each size's facts.
    variant = dict(variant, **variant.get("per_size", {}).get(size, {}))
    n = manifest["sizes"][size]
    tile_m, tile_n = variant.get("tile", manifest["tile"])
    blocks = (n // tile_m) * (n // tile_n)
    if variant.get("persistent"):
        # One block per multiprocessor (at most one a tile): each walks the
        # tiles b, b + grid, ...
        blocks = min(blocks, cp.cuda.Device().attributes["MultiProcessorCount"])
    path = os.path.join(directory, variant["ptx"].format(size=size))
    kernel = cp.RawModule(path=path).get_function(variant["kernel"])
    shared = variant["dynamic_shared_bytes"]
    # Over 48 KiB a launch may give only after the kernel's limit is raised
    # (cuFuncSetAttribute MAX_DYNAMIC_SHARED_SIZE_BYTES).
    kernel.max_dynamic_shared_size_bytes = shared
    attrs = {"registers": kernel.num_regs, "shared bytes": shared}
    threads = variant.get("threads", manifest["threads"])
    maps = {}  # once per buffer: (argument, buffer address) -> tensor map

    def launch(a, b, c):
        arguments = (a, b, c)
        extra = []
        for argument, rows, columns, swizzle in variant["tensor_maps"]:
            key = (argument, arguments[argument].data.ptr, rows, columns)
            if key not in maps:
                maps[key] = tensor_map(cp, np, arguments[argument], rows, columns, swizzle)
            extra.append(np.uint64(maps[key].data.ptr))
        kernel((blocks,), (threads,), memref(a) + memref(b) + memref(c) + tuple(extra), shared_mem=shared)

    return launch, attrs


def one(args):
    import cupy as cp
    import numpy as np

    manifest, result = checked_at_check_size(cp, np, args, "tc_gemm_manifest.json", launcher, inputs)
    if args.check_only:
        print(json.dumps(result), flush=True)
        return
    for size in TIMED:
        n = manifest["sizes"][size]
        launch, _ = launcher(cp, np, manifest, args.dir, args.one, size)
        result[f"check {size}"] = check_gemm(cp, inputs, launch, n)
        # Timed on inputs drawn from a normal distribution (the integer
        # inputs are for the exact check: values change a GEMM's power draw
        # and so its clocks).
        a, b = normal_inputs(cp, n)
        c = cp.empty((n, n), dtype=cp.float32)
        ms = timed(cp, lambda: launch(a, b, c), args.warmup, args.repeat)
        result[f"ms {size}"] = ms
        result[f"TFLOP/s {size}"] = 2 * n**3 / (ms * 1e-3) / 1e12
    print(json.dumps(result), flush=True)


def main():
    args = arguments(__doc__, "tc_gemm_manifest.json", 20, 3, 600, "the 512 check")
    if args.one:
        return one(args)
    manifest = json.load(open(os.path.join(args.dir, "tc_gemm_manifest.json")))
    names = list(manifest["variants"]) + [CUBLAS]
    print(f"card before (name, power limit, SM and memory clocks, max SM clock, temperature): {card()}", flush=True)
    results, failed = run_each(__file__, args, names)
    print(f"card after: {card()}", flush=True)
    for result in results:
        for key in ["check"] + [f"check {size}" for size in TIMED]:
            c = result.get(key, {})
            if "error" not in result:
                failed |= c.get("equal to the exact product") != c.get("outputs")
    reference = next((r for r in results if r["variant"] == CUBLAS and "error" not in r), None)
    print(f"{'variant':<44} {'check (512)':>14} " + " ".join(f"{'ms ' + s:>9} {'TFLOP/s':>8} {'of cuBLAS':>9}" for s in TIMED))
    for r in results:
        if "error" in r:
            print(f"{r['variant']:<44} ERROR {r['error']}")
            continue
        c = r["check"]
        line = f"{r['variant']:<44} {c['equal to the exact product']:>6}/{c['outputs']:<7}"
        for size in TIMED:
            share = reference[f"ms {size}"] / r[f"ms {size}"] if reference else float("nan")
            line += f" {r[f'ms {size}']:>9.3f} {r[f'TFLOP/s {size}']:>8.1f} {share:>8.0%}"
        print(line)
    for r in results:
        for key in ["check"] + [f"check {size}" for size in TIMED]:
            if "first wrong" in r.get(key, {}):
                print(f"{r['variant']}, {key}: {json.dumps(r[key]['first wrong'])}")
    if args.json:
        json.dump(results, open(args.json, "w"), indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
