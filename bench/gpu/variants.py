"""What the scripts of bench/gpu share: CUDA-event timing, running each
variant in a child process with a time limit (so that a kernel that hangs is
reported, not waited on), and a memref's kernel arguments."""
import argparse
import json
import os
import subprocess
import sys


def memref(x):
    """The kernel arguments of a static memref lowered to LLVM, for array
    `x`: allocated and aligned pointers, offset, sizes, strides (in
    elements)."""
    import numpy as np

    strides = [s // x.itemsize for s in x.strides]
    return (x, x, np.int64(0)) + tuple(np.int64(n) for n in x.shape) + tuple(np.int64(s) for s in strides)


def arguments(doc, manifest, repeat, warmup, timeout, check):
    """The command line both scripts take; `manifest` names the variants
    --one picks from, `check` says what --check-only keeps."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--dir", default="target/gpu")
    parser.add_argument("--repeat", type=int, default=repeat)
    parser.add_argument("--warmup", type=int, default=warmup)
    parser.add_argument("--timeout", type=int, default=timeout)
    parser.add_argument("--json", help="also write the results here")
    parser.add_argument("--one", metavar="VARIANT", help=f"check and time one variant (a name from {manifest})")
    parser.add_argument("--check-only", action="store_true", help=f"with --one: only {check} (for compute-sanitizer)")
    return parser.parse_args()


def timed(cp, fn, warmup, repeat):
    """The median time of `repeat` calls of `fn` after `warmup`, in ms."""
    for _ in range(warmup):
        fn()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(repeat):
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop))
    times.sort()
    return times[len(times) // 2]


def run_each(script, args, names):
    """Runs `script --one NAME` for each name; returns the JSON results (or
    {"variant", "error"}) and whether any run failed."""
    results, failed = [], False
    for name in names:
        cmd = [sys.executable, script, "--dir", args.dir, "--repeat", str(args.repeat),
               "--warmup", str(args.warmup), "--one", name]
        try:
            run = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            results.append({"variant": name, "error": f"no result in {args.timeout} s (hang?)"})
            failed = True
            continue
        if run.returncode != 0:
            sys.stderr.write(f"== {name}\n{run.stderr}\n")
            results.append({"variant": name, "error": run.stderr.strip().splitlines()[-1:] or [f"exit {run.returncode}"]})
            failed = True
            continue
        results.append(json.loads(run.stdout.strip().splitlines()[-1]))
    return results, failed


def checked_at_check_size(cp, np, args, manifest_name, launcher, inputs):
    """The start of a GEMM variant's run (--one): the manifest, and the
    result so far: the kernel's attributes and its check at the manifest's
    check size (launcher(cp, np, manifest, dir, name, size) -> (launch,
    attributes))."""
    manifest = json.load(open(os.path.join(args.dir, manifest_name)))
    result = {"variant": args.one}
    launch, attrs = launcher(cp, np, manifest, args.dir, args.one, "check")
    result.update(attrs)
    result["check"] = check_gemm(cp, inputs, launch, manifest["sizes"]["check"])
    return manifest, result


def check_gemm(cp, inputs, launch, n):
    """Runs `launch(A, B, C)` on `inputs(cp, n)` (integer-valued, so every
    sum is exact) into a C filled with NaN, and counts the outputs equal to
    the float64 product."""
    a, b = inputs(cp, n)
    c = cp.full((n, n), cp.nan, dtype=cp.float32)
    launch(a, b, c)
    cp.cuda.Device().synchronize()
    expect = a.astype(cp.float64) @ b.astype(cp.float64)
    equal = c.astype(cp.float64) == expect
    result = {"outputs": n * n, "equal to the exact product": int(equal.sum())}
    if not bool(equal.all()):
        # Where it goes wrong, to tell a layout mistake from a race.
        i, j = divmod(int(cp.argmin(equal)), n)
        result["first wrong"] = {"at": [i, j], "got": float(c[i, j]), "expected": float(expect[i, j]),
                                 "unwritten (NaN)": int(cp.isnan(c).sum()),
                                 "row 0 got": c[0, :8].tolist(), "row 0 expected": expect[0, :8].tolist()}
    return result
