"""What the CPU benchmarks share: lowering a program with asyncpipe-opt and
upstream's passes to LLVM, and running it under mlir-runner -O3 with the
runner utilities and the async runtime."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM = "/usr/lib/llvm-22"
# The async dialect to the runtime (test/lit.cfg.py's %lower-async).
ASYNC = ["--async-to-async-runtime", "--async-runtime-ref-counting", "--async-runtime-ref-counting-opt",
         "--convert-async-to-llvm", "--asyncpipe-async-loop-types"]


def default_bin():
    release = os.path.join(ROOT, "target/release/asyncpipe-opt")
    return release if os.path.exists(release) else os.path.join(ROOT, "target/debug/asyncpipe-opt")


def report(error, call, repeat):
    """The end of a benchmark's @main, in the form `run` reads: prints the
    f32 `error` (as f64), then runs `call` (a func.call, with its type)
    `repeat` times, printing each run's seconds."""
    return f"""  %error64 = arith.extf {error} : f32 to f64
  call @printF64(%error64) : (f64) -> ()
  call @printNewline() : () -> ()
  %c0_report = arith.constant 0 : index
  %c1_report = arith.constant 1 : index
  %reps = arith.constant {repeat} : index
  scf.for %r = %c0_report to %reps step %c1_report {{
    %t0 = func.call @rtclock() : () -> f64
    {call}
    %t1 = func.call @rtclock() : () -> f64
    %dt = arith.subf %t1, %t0 : f64
    func.call @printF64(%dt) : (f64) -> ()
    func.call @printNewline() : () -> ()
  }}
  return
"""


def run(opt, source, passes):
    """Lowers `source` with `passes` then to LLVM, runs @main, and returns
    the numbers it printed, one a line: (the first, the rest)."""
    with open(os.path.join(ROOT, "test/tools/lower-to-llvm.flags")) as f:
        lower = f.read().split()
    lowered = subprocess.run([opt] + passes + lower, input=source, capture_output=True, text=True)
    if lowered.returncode != 0:
        sys.exit(f"lowering failed ({' '.join(passes)}):\n{lowered.stderr[:2000]}")
    libs = ",".join(f"{LLVM}/lib/{name}" for name in ["libmlir_runner_utils.so", "libmlir_c_runner_utils.so", "libmlir_async_runtime.so"])
    ran = subprocess.run([f"{LLVM}/bin/mlir-runner", "-e", "main", "-entry-point-result=void", "-O3", f"-shared-libs={libs}"],
                         input=lowered.stdout, capture_output=True, text=True)
    if ran.returncode != 0:
        sys.exit(f"run failed ({' '.join(passes)}):\n{ran.stderr[:2000]}")
    values = [float(x) for x in re.findall(r"^\s*([-0-9.e+]+)\s*$", ran.stdout, re.M)]
    return values[0], values[1:]
