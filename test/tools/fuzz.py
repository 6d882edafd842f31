#!/usr/bin/env python3
"""Structure-aware fuzzer for asyncpipe-opt (issue "Reliability: no panic,
hang or broken output on any input").

Every execution runs one input through one entry of the pass tables (PASSES,
GPU_PASSES, PAR_PASSES, ASYNCOP_PASSES): one pass with some options, a
registered pipeline (asyncpipe-to-nvgpu, asyncpipe-block-model,
asyncpipe-to-ptx), or a documented pipeline of several passes (the CPU
models: lower-sequential, lower-deferred, the block model; par's and
asyncop's lowerings to the async runtime and GPU; synchronize, place- and
eliminate-barriers, lower-mma, timeline, explain), chosen by a seeded RNG.
The tables name every pass asyncpipe-opt registers (--help:
--asyncpipe-*, --par-*, --asyncop-*, --scf-forall-to-par); --check-registry
fails when one is missing, and --coverage reports what ran. The inputs are

  * the test corpus: every *.mlir under test/ and examples/ (not test/Output
    nor the open findings in test/tools/findings),
    split on `// -----` lines, mutated at the text level: integer literals
    (constants, queue numbers, wait counts, memref dims, stage/order numbers,
    trip bounds) replaced by boundary values, memref shapes given huge dims,
    op lines swapped / duplicated / deleted, `index` loops turned into
    i32/i64 loops, a region's body wrapped in an extra loop, attributes
    (asyncpipe.stage/order/async_stages) dropped, added or rewritten;
  * generated programs: nested scf.for loops (depth 1..64, --max-depth;
    constant trip counts 0..10^12 and boundary values, run-time bounds from function
    arguments, index/i32/i64 induction variables) holding asyncpipe ops in
    token form (copy -> token, commit_group, wait) and counting form (copy
    queue N, commit, wait_queue, commit_queue), loop-carried groups
    (iter_args), scf.if branches, and software-pipeline annotations; some are
    wrapped in a gpu.module kernel (for the NVGPU/PTX passes); generated
    programs are mutated too, sometimes;
  * extremes: bench/scaling.py's deep `outer` shape (a group committed
    before a nest of up to 64 loops, --deep-depth, whatever --max-depth
    says; commits at every level, a wait innermost; 2, 3 or 2^62 trips per
    level; token, unguarded and bulk-kernel forms), memref shapes of about
    2^63 bytes or more (2^31 x 2^32 f32, 2^61 x i64, ...), 64 distinct
    queues in one function and queue numbers and wait counts near i64 max,
    function bodies that are CFGs (cf.br / cf.cond_br, back edges, block
    arguments carrying groups, indices, conditions and, rarely, tokens) and
    region ops holding CFGs (scf.execute_region, also inside a commit
    scope).

Each step of an entry (each element of its args) runs in its own
asyncpipe-opt, with --verify-each=false (a pass that leaves IR which does
not verify then prints it instead of reporting an error; a step of upstream
passes only keeps the verifier, which names the op they broke), and its output is
checked before the next step reads it (intermediate outputs keep the
input's locations, --mlir-print-debuginfo).

Invalid IR is fine: it must just get a located diagnostic. A finding (bug) is

  * the process killed by a signal or exiting with a code other than 0 or 1,
    or exiting 1 without printing any error;
  * output containing "internal error in pass" (a caught Rust panic),
    "PLEASE submit a bug report", "Stack dump", "panicked at",
    "LLVM ERROR" or "Assertion";
  * a timeout (--timeout, default 10 s; a hang or runaway work);
  * an error diagnostic without a location (a line starting with "error:"
    or "<unknown>:0:0: error");
  * on success of a step (every step of a pipeline): output that does not
    parse and verify again (asyncpipe-opt on it with no pass must exit 0);
    for the synchronization passes
    (token-to-count, count-to-token, optimize-waits, software-pipeline and
    pipelines of them), an output that fails --asyncpipe-verify-sync while
    the input passed it.

Two kinds are known open work (README, "Reliability"), and without --strict
they are reported and counted apart, not as findings: a timeout (analysis
cost still grows exponentially with loop nesting), and an output that
verify-sync says it "could not prove safe" (its slices of a loop with a
run-time step were not exact; not a proven race). A third is upstream's:
MLIR 22's canonicalize erases an scf.for over a narrow integer type whose
trip count exceeds that type's signed maximum (llvm-project#178506; the
loop runs, canonicalize thinks it does not), so a pipeline with
--canonicalize on an input holding such a loop can lose the loop's copies
and then fail verify-sync: "upstream-canonicalize". A fourth is upstream's
too: a crash that asyncpipe-opt also has on the step's input with no pass
at all (MLIR's parser and verifier accept IR its printer crashes on, as a
vector.insert position equal to the dynamic-size sentinel INT64_MIN):
"upstream-crash". Their reproducers are saved as 9NN-kind.mlir.

Findings are deduplicated by a signature (kind, pass, first line of the
message with numbers stripped; the pass is the failing step's in a
pipeline); one reproducer per signature is written to --out (NNN-kind.mlir,
the input, and NNN-kind.txt, the command line and output; for a later step
of a pipeline also NNN-kind.step.mlir, that step's input). The sequence of
inputs and passes depends only on --seed (and the execution index), never
on timing, so `--seed S --execs N` is reproducible, also with --jobs > 1.

Usage (from anywhere; the default binary is target/debug/asyncpipe-opt of
this checkout):

  # the test command's checks (test/Tool/fuzz.test):
  python3 test/tools/fuzz.py --check-registry
  python3 test/tools/fuzz.py --seed 1 --execs 120 --max-depth 4 --deep-depth 8
  # short run (smoke test, ~half a minute):
  python3 test/tools/fuzz.py --seed 1 --execs 500
  # long run (an hour, all cores):
  python3 test/tools/fuzz.py --seed 7 --seconds 3600 --jobs "$(nproc)" --out /tmp/fuzz [--strict]
  # extremes at full depth, with a coverage report at the end:
  python3 test/tools/fuzz.py --seed 4000 --seconds 1500 --max-depth 64 --strict --coverage --out /tmp/fuzz4000
  # replay a finding: the .txt next to the reproducer has the command line;
  # shrink it (writes NNN-kind.reduced.mlir):
  python3 test/tools/fuzz.py --reduce /tmp/fuzz/001-panic.mlir

Exit status: 1 if there were findings, else 0 (--check-registry: 1 if a
registered pass is missing from the tables). The last line reads
`fuzz: N executions, F findings (D distinct), T s`.
"""

import argparse
import concurrent.futures
import errno
import hashlib
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# --------------------------------------------------------------------------
# Boundary values

BOUNDARY = [
    0, 1, -1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 65, 100, 127, 128, 255,
    256, 1023, 1024, 4096, 65535, 65536, 2**31 - 1, 2**31, -2**31, 2**32 - 1,
    2**32, 2**53, 2**62, 2**63 - 2, 2**63 - 1, -2**63, 2**63, 2**64 - 1, 2**64,
    10**6, 10**9, 10**12, 10**18, -10**12,
]
SMALL = [0, 1, 2, 3, 4, 5, 7, 8, 16, 63, 64, 65, 100]
TRIPS = [0, 1, 2, 3, 4, 5, 7, 10, 16, 63, 64, 65, 1000, 10**6, 10**9, 10**12,
         2**31 - 1, 2**32, 2**62, 2**63 - 1]
HUGE_DIMS = [0, 1, 2**16, 2**31 - 1, 2**31, 2**32, 2**40, 2**60, 2**61, 2**62, 2**63 - 1, 10**12]
# Memref shapes whose size in bytes is near 2^63 (the most an i64 offset
# holds) or above it: (dims, element type).
HUGE_SHAPES = [
    ([2**31, 2**32], "f32"),        # 2^65 bytes
    ([2**61], "i64"),               # 2^64
    ([2**60], "i64"),               # 2^63
    ([2**60 - 1], "i64"),           # 2^63 - 8
    ([2**61 - 1], "f32"),           # 2^63 - 4
    ([2**62], "f16"),               # 2^63
    ([2**63 - 1], "i8"),            # 2^63 - 1
    ([2**31 - 1, 2**32 + 1], "f32"),
    ([3, 2**61], "i8"),
    ([2**30, 2**30, 8], "f64"),     # 2^66
    ([4, 2**59], "f32"),            # 2^63
]
I64_MAX = 2**63 - 1
# Queue numbers and wait counts at the top of i64.
NEAR_I64_MAX = [I64_MAX, I64_MAX - 1, 2**62]

I32_MAX = 2**31 - 1


def pick_int(rng):
    r = rng.random()
    if r < 0.6:
        return rng.choice(BOUNDARY)
    if r < 0.85:
        return rng.choice(SMALL)
    return rng.randint(-2**63, 2**63 - 1)


# --------------------------------------------------------------------------
# Passes

# The upstream lowering of the async dialect to the async runtime (lit's
# %lower-async), before which asyncpipe-async-loop-types retypes the loops.
LOWER_ASYNC = ["--async-to-async-runtime", "--async-runtime-ref-counting", "--async-runtime-ref-counting-opt",
               "--convert-async-to-llvm", "--asyncpipe-async-loop-types"]
# asyncpipe-to-ptx's gpu.module step (passes/Pipelines.cpp) without the
# target and binary steps, as three steps: upstream's conversions, then
# asyncpipe's pass on their output, then upstream's clean-up. A step of
# upstream passes only (UPSTREAM_STEPS) runs with the pass manager's
# verifier on: what they leave that does not verify (our ops' invariants
# broken by a conversion that does not know them) is then reported as an
# error at the op, which is the most any pipeline of them can do; asyncpipe's
# own steps still run with it off, so that their outputs are checked.
NVVM_CONVERT = ("--pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm,expand-strided-metadata,lower-affine,"
                "convert-scf-to-cf,convert-nvvm-to-llvm,convert-gpu-to-nvvm))")
NVVM_CLEANUP = "--pass-pipeline=builtin.module(gpu.module(canonicalize,cse,reconcile-unrealized-casts))"
EXTERN_SHARED = "--pass-pipeline=builtin.module(gpu.module(asyncpipe-extern-dynamic-shared))"
NVVM_STEPS = [NVVM_CONVERT, EXTERN_SHARED, NVVM_CLEANUP]
GPU_TO_NVVM = "--pass-pipeline=builtin.module(gpu.module(convert-gpu-to-nvvm))"
# Upstream's nvgpu conversion alone: the NVVM level verify-sync's Hopper
# model reads (wgmma descriptors, TMA loads and stores through pointers).
NVGPU_TO_NVVM = "--pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm))"
# And memref's own lowering after it: shared memory read and written through
# llvm.load and llvm.store, descriptors built by llvm.insertvalue.
NVGPU_MEMREF_TO_LLVM = "--pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm),finalize-memref-to-llvm)"
# Loops and branches as blocks (upstream's convert-scf-to-cf, then
# canonicalize and cse, as gpu-lower-to-nvvm-pipeline leaves them): the CFG
# form verify-sync raises back to scf for the Hopper model, and
# asyncpipe-raise-cfg raises in place.
SCF_TO_CF = "--pass-pipeline=builtin.module(convert-scf-to-cf,canonicalize,cse)"
NVGPU_SCF_TO_CF = "--pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf),canonicalize,cse)"
UPSTREAM_STEPS = {NVVM_CONVERT, NVVM_CLEANUP, GPU_TO_NVVM, NVGPU_TO_NVVM, NVGPU_MEMREF_TO_LLVM, SCF_TO_CF, NVGPU_SCF_TO_CF}

# (label, args, sync, weight) -- `sync`: the output must pass
# --asyncpipe-verify-sync when the input does. Each element of `args` is one
# step: a pipeline runs one asyncpipe-opt per element, and every step's
# output is checked (it parses and verifies) before the next step reads it.
# A registered pipeline (asyncpipe-to-nvgpu, asyncpipe-block-model,
# asyncpipe-to-ptx) is one element and runs in one process; its steps also
# appear one per element in other entries.
PASSES = [
    ("asyncpipe-token-to-count", ["--asyncpipe-token-to-count"], True, 10),
    ("asyncpipe-token-to-count=single-hw-queue=true",
     ["--asyncpipe-token-to-count=single-hw-queue=true"], True, 6),
    ("asyncpipe-count-to-token", ["--asyncpipe-count-to-token"], True, 8),
    ("asyncpipe-optimize-waits", ["--asyncpipe-optimize-waits"], True, 8),
    ("asyncpipe-verify-sync", ["--asyncpipe-verify-sync"], False, 6),
    ("asyncpipe-verify-sync=max-steps=50", ["--asyncpipe-verify-sync=max-steps=50"], False, 1),
    ("pipeline:convert-nvgpu-to-nvvm,verify-sync", [NVGPU_TO_NVVM, "--asyncpipe-verify-sync"], False, 2),
    ("pipeline:convert-nvgpu-to-nvvm,finalize-memref-to-llvm,verify-sync", [NVGPU_MEMREF_TO_LLVM, "--asyncpipe-verify-sync"], False, 1),
    ("pipeline:convert-scf-to-cf,verify-sync", [SCF_TO_CF, "--asyncpipe-verify-sync"], False, 2),
    ("pipeline:convert-nvgpu-to-nvvm,convert-scf-to-cf,verify-sync", [NVGPU_SCF_TO_CF, "--asyncpipe-verify-sync"], False, 1),
    ("asyncpipe-raise-cfg", ["--asyncpipe-raise-cfg"], False, 1),
    ("pipeline:convert-scf-to-cf,raise-cfg,verify-sync", [SCF_TO_CF, "--asyncpipe-raise-cfg", "--asyncpipe-verify-sync"], False, 2),
    ("asyncpipe-print-async-effects", ["--asyncpipe-print-async-effects"], False, 2),
    ("asyncpipe-explain", ["--asyncpipe-explain"], False, 2),
    ("asyncpipe-timeline", ["--asyncpipe-timeline=output=/tmp/asyncpipe-fuzz-timeline example-trip-count=3"], False, 2),
    ("asyncpipe-timeline=bulk-queues=0 example-trip-count=2^62",
     ["--asyncpipe-timeline=output=/tmp/asyncpipe-fuzz-timeline bulk-queues=0 example-trip-count=4611686018427387904"],
     False, 1),
    ("pipeline:software-pipeline,explain", ["--asyncpipe-software-pipeline", "--asyncpipe-explain"], False, 2),
    ("pipeline:token-to-count,timeline",
     ["--asyncpipe-token-to-count", "--asyncpipe-timeline=output=/tmp/asyncpipe-fuzz-timeline"], False, 1),
    ("asyncpipe-synchronize", ["--asyncpipe-synchronize"], True, 4),
    ("pipeline:synchronize,verify-sync", ["--asyncpipe-synchronize", "--asyncpipe-verify-sync"], False, 2),
    ("asyncpipe-synchronize=max-queues=1", ["--asyncpipe-synchronize=max-queues=1"], True, 2),
    ("asyncpipe-synchronize=tighten=false", ["--asyncpipe-synchronize=tighten=false"], True, 2),
    ("asyncpipe-synchronize=max-queues=64 max-barriers=1",
     ["--asyncpipe-synchronize=max-queues=64 max-barriers=1"], True, 1),
    ("pipeline:synchronize,verify-sync=ordered-writes", ["--asyncpipe-synchronize", "--asyncpipe-verify-sync=ordered-writes=true"], False, 2),
    ("pipeline:synchronize,explain,timeline",
     ["--asyncpipe-synchronize", "--asyncpipe-explain", "--asyncpipe-timeline=output=/tmp/asyncpipe-fuzz-timeline"], False, 1),
    ("pipeline:synchronize,print-async-effects", ["--asyncpipe-synchronize", "--asyncpipe-print-async-effects"], False, 1),
    ("pipeline:synchronize,optimize-waits", ["--asyncpipe-synchronize", "--asyncpipe-optimize-waits"], True, 1),
    # The CPU models: sequential and deferred completion.
    ("asyncpipe-lower-sequential", ["--asyncpipe-lower-sequential"], False, 5),
    ("asyncpipe-lower-deferred", ["--asyncpipe-lower-deferred"], False, 4),
    ("pipeline:optimize-waits,verify-sync,lower-sequential",
     ["--asyncpipe-optimize-waits", "--asyncpipe-verify-sync", "--asyncpipe-lower-sequential"], False, 1),
    ("pipeline:count-to-token,token-to-count,lower-sequential",
     ["--asyncpipe-count-to-token", "--asyncpipe-token-to-count", "--asyncpipe-lower-sequential"], False, 1),
    ("pipeline:token-to-count,lower-deferred", ["--asyncpipe-token-to-count", "--asyncpipe-lower-deferred"], False, 2),
    ("pipeline:software-pipeline,lower-deferred", ["--asyncpipe-software-pipeline", "--asyncpipe-lower-deferred"], False, 1),
    ("pipeline:synchronize,lower-deferred", ["--asyncpipe-synchronize", "--asyncpipe-lower-deferred"], False, 1),
    ("asyncpipe-software-pipeline", ["--asyncpipe-software-pipeline"], True, 12),
    ("asyncpipe-software-pipeline=bulk-queues=0,1", ["--asyncpipe-software-pipeline=bulk-queues=0,1"], False, 1),
    ("asyncpipe-to-nvgpu", ["--asyncpipe-to-nvgpu"], False, 6),
    ("asyncpipe-to-nvgpu=bulk-queues=0", ["--asyncpipe-to-nvgpu=bulk-queues=0"], False, 5),
    ("asyncpipe-to-nvgpu=bulk-queues=0,1", ["--asyncpipe-to-nvgpu=bulk-queues=0,1"], False, 2),
    ("asyncpipe-to-nvgpu=max-copy-bytes=4", ["--asyncpipe-to-nvgpu=max-copy-bytes=4"], False, 2),
    # asyncpipe-to-nvgpu's two steps, alone and one after the other.
    ("asyncpipe-hardware-queues", ["--asyncpipe-hardware-queues"], True, 4),
    ("asyncpipe-hardware-queues=bulk-queues=1", ["--asyncpipe-hardware-queues=bulk-queues=1"], False, 2),
    ("asyncpipe-hardware-queues=max-copy-bytes=4 bypass-l1=false",
     ["--asyncpipe-hardware-queues=max-copy-bytes=4 bypass-l1=false"], False, 1),
    ("asyncpipe-lower-to-nvgpu", ["--asyncpipe-lower-to-nvgpu"], False, 3),
    ("asyncpipe-lower-to-nvgpu=bulk-queues=1", ["--asyncpipe-lower-to-nvgpu=bulk-queues=1"], False, 1),
    ("pipeline:hardware-queues,lower-to-nvgpu", ["--asyncpipe-hardware-queues", "--asyncpipe-lower-to-nvgpu"], False, 2),
    ("pipeline:to-nvgpu=bulk-queues=1,lower-sequential",
     ["--asyncpipe-to-nvgpu=bulk-queues=1", "--asyncpipe-lower-sequential"], False, 1),
    ("asyncpipe-workgroup-attributions", ["--asyncpipe-workgroup-attributions"], False, 3),
    ("asyncpipe-attach-nvvm-target", ["--asyncpipe-attach-nvvm-target"], False, 2),
    ("asyncpipe-check-nvvm-target", ["--asyncpipe-check-nvvm-target"], False, 2),
    ("asyncpipe-extern-dynamic-shared", ["--asyncpipe-extern-dynamic-shared"], False, 1),
    ("asyncpipe-async-loop-types", ["--asyncpipe-async-loop-types"], False, 1),
    ("pipeline:software-pipeline,canonicalize,token-to-count",
     ["--asyncpipe-software-pipeline", "--canonicalize", "--asyncpipe-token-to-count"], True, 5),
    ("pipeline:count-to-token,canonicalize,cse,token-to-count",
     ["--asyncpipe-count-to-token", "--canonicalize", "--cse", "--asyncpipe-token-to-count"], True, 5),
    ("pipeline:count-to-token,token-to-count=single-hw-queue=true,optimize-waits",
     ["--asyncpipe-count-to-token", "--asyncpipe-token-to-count=single-hw-queue=true",
      "--asyncpipe-optimize-waits"], True, 3),
    ("pipeline:token-to-count,optimize-waits", ["--asyncpipe-token-to-count", "--asyncpipe-optimize-waits"], True, 3),
    # The test printers (one per analysis, issue 37): each analysis alone,
    # on every input, at its extremes (a 2^62 assumed trip count, a step
    # budget of 50).
    ("asyncpipe-test-print-in-flight", ["--asyncpipe-test-print-in-flight"], False, 1),
    ("asyncpipe-test-print-in-flight=single-hw-queue=true", ["--asyncpipe-test-print-in-flight=single-hw-queue=true"], False, 1),
    ("asyncpipe-test-print-in-flight-bounds", ["--asyncpipe-test-print-in-flight-bounds"], False, 1),
    ("asyncpipe-test-print-hazards", ["--asyncpipe-test-print-hazards"], False, 1),
    ("asyncpipe-test-print-hazards=max-steps=50 bulk-queues=0 ordered-writes=true",
     ["--asyncpipe-test-print-hazards=max-steps=50 bulk-queues=0 ordered-writes=true"], False, 1),
    ("asyncpipe-test-print-sync-state", ["--asyncpipe-test-print-sync-state"], False, 1),
    ("asyncpipe-test-print-effects", ["--asyncpipe-test-print-effects"], False, 1),
    ("asyncpipe-test-print-const-eval", ["--asyncpipe-test-print-const-eval"], False, 1),
    ("asyncpipe-test-print-symbolic", ["--asyncpipe-test-print-symbolic"], False, 1),
    ("asyncpipe-test-print-periodicity", ["--asyncpipe-test-print-periodicity"], False, 1),
    ("asyncpipe-test-print-gemm-cost", ["--asyncpipe-test-print-gemm-cost"], False, 1),
    ("asyncpipe-test-print-version-slices", ["--asyncpipe-test-print-version-slices"], False, 1),
    ("asyncpipe-test-print-async-trace=assumed-trips=2^62",
     ["--asyncpipe-test-print-async-trace=assumed-trips=4611686018427387904"], False, 1),
    ("pipeline:software-pipeline,test-print-async-trace",
     ["--asyncpipe-software-pipeline", "--asyncpipe-test-print-async-trace"], False, 1),
]
# Passes for gpu.module inputs (picked more often when the input has one).
GPU_PASSES = [
    ("asyncpipe-test-print-hopper-sync", ["--asyncpipe-test-print-hopper-sync"], False, 1),
    ("pipeline:convert-nvgpu-to-nvvm,test-print-hopper-sync", [NVGPU_TO_NVVM, "--asyncpipe-test-print-hopper-sync"], False, 1),
    ("asyncpipe-test-print-barrier-intervals", ["--asyncpipe-test-print-barrier-intervals"], False, 1),
    ("asyncpipe-test-print-thread-scope", ["--asyncpipe-test-print-thread-scope"], False, 1),
    ("asyncpipe-to-ptx=chip=sm_80", ["--asyncpipe-to-ptx=chip=sm_80"], False, 4),
    ("asyncpipe-to-ptx=chip=sm_90 bulk-queues=0", ["--asyncpipe-to-ptx=chip=sm_90 bulk-queues=0"], False, 3),
    ("asyncpipe-to-ptx=chip=sm_80 bulk-queues=0", ["--asyncpipe-to-ptx=chip=sm_80 bulk-queues=0"], False, 1),
    ("asyncpipe-to-ptx=chip=sm_90 bulk-queues=0,1", ["--asyncpipe-to-ptx=chip=sm_90 bulk-queues=0,1"], False, 1),
    ("asyncpipe-to-ptx=chip=sm_90 features=+ptx80 max-copy-bytes=4",
     ["--asyncpipe-to-ptx=chip=sm_90 features=+ptx80 max-copy-bytes=4"], False, 1),
    ("pipeline:software-pipeline,to-ptx=chip=sm_80",
     ["--asyncpipe-software-pipeline", "--asyncpipe-to-ptx=chip=sm_80"], False, 3),
    # The whole path as one registered pipeline, verified and not.
    ("asyncpipe-kernel-to-ptx=chip=sm_80", ["--asyncpipe-kernel-to-ptx=chip=sm_80"], False, 3),
    ("asyncpipe-kernel-to-ptx=chip=sm_80 verify=false", ["--asyncpipe-kernel-to-ptx=chip=sm_80 verify=false"], False, 1),
    ("asyncpipe-kernel-to-ptx=chip=sm_90a bulk-queues=0", ["--asyncpipe-kernel-to-ptx=chip=sm_90a bulk-queues=0"], False, 2),
    ("asyncpipe-nvgpu-to-ptx=chip=sm_80", ["--asyncpipe-nvgpu-to-ptx=chip=sm_80"], False, 1),
    # asyncpipe-to-ptx one step at a time (its target and binary steps too).
    ("pipeline:lower-mma,hardware-queues,lower-to-nvgpu,workgroup-attributions,attach-nvvm-target,nvvm,check-nvvm-target",
     ["--asyncpipe-lower-mma=chip=sm_80", "--asyncpipe-hardware-queues", "--asyncpipe-lower-to-nvgpu",
      "--asyncpipe-workgroup-attributions", "--asyncpipe-attach-nvvm-target=chip=sm_80", *NVVM_STEPS,
      "--asyncpipe-check-nvvm-target"], False, 2),
    ("pipeline:to-nvgpu=bulk-queues=0,workgroup-attributions,attach-nvvm-target=sm_90,nvvm,check-nvvm-target",
     ["--asyncpipe-to-nvgpu=bulk-queues=0", "--asyncpipe-workgroup-attributions",
      "--asyncpipe-attach-nvvm-target=chip=sm_90 features=+ptx80 O=0", *NVVM_STEPS, "--asyncpipe-check-nvvm-target"], False, 1),
    ("pipeline:workgroup-attributions,gpu.module(convert-gpu-to-nvvm,extern-dynamic-shared)",
     ["--asyncpipe-workgroup-attributions", GPU_TO_NVVM, EXTERN_SHARED], False, 1),
    ("asyncpipe-to-nvgpu", ["--asyncpipe-to-nvgpu"], False, 3),
    ("asyncpipe-to-nvgpu=bulk-queues=0", ["--asyncpipe-to-nvgpu=bulk-queues=0"], False, 3),
    ("asyncpipe-hardware-queues", ["--asyncpipe-hardware-queues"], True, 2),
    ("asyncpipe-hardware-queues=bulk-queues=0", ["--asyncpipe-hardware-queues=bulk-queues=0"], False, 2),
    ("asyncpipe-lower-to-nvgpu", ["--asyncpipe-lower-to-nvgpu"], False, 2),
    ("asyncpipe-lower-to-nvgpu=bulk-queues=0", ["--asyncpipe-lower-to-nvgpu=bulk-queues=0"], False, 1),
    ("pipeline:hardware-queues=bulk-queues=0,lower-to-nvgpu=bulk-queues=0",
     ["--asyncpipe-hardware-queues=bulk-queues=0", "--asyncpipe-lower-to-nvgpu=bulk-queues=0"], False, 2),
    ("asyncpipe-workgroup-attributions", ["--asyncpipe-workgroup-attributions"], False, 3),
    ("asyncpipe-attach-nvvm-target", ["--asyncpipe-attach-nvvm-target"], False, 1),
    ("asyncpipe-check-nvvm-target", ["--asyncpipe-check-nvvm-target"], False, 1),
    ("pipeline:attach-nvvm-target=sm_90,check-nvvm-target",
     ["--asyncpipe-attach-nvvm-target=chip=sm_90 features=+ptx80 O=3", "--asyncpipe-check-nvvm-target"], False, 1),
    # Block scope: barriers placed or removed keep verified kernels verified.
    ("asyncpipe-place-barriers", ["--asyncpipe-place-barriers"], True, 3),
    ("asyncpipe-eliminate-barriers", ["--asyncpipe-eliminate-barriers"], True, 3),
    ("asyncpipe-eliminate-barriers=explain=true", ["--asyncpipe-eliminate-barriers=explain=true"], False, 1),
    ("asyncpipe-place-barriers=bulk-queues=0", ["--asyncpipe-place-barriers=bulk-queues=0"], False, 1),
    ("asyncpipe-eliminate-barriers=bulk-queues=0", ["--asyncpipe-eliminate-barriers=bulk-queues=0"], False, 1),
    ("asyncpipe-verify-sync=bulk-queues=0", ["--asyncpipe-verify-sync=bulk-queues=0"], False, 1),
    ("pipeline:place-barriers,eliminate-barriers", ["--asyncpipe-place-barriers", "--asyncpipe-eliminate-barriers"], True, 2),
    ("pipeline:synchronize,place-barriers,eliminate-barriers,to-nvgpu",
     ["--asyncpipe-synchronize", "--asyncpipe-place-barriers", "--asyncpipe-eliminate-barriers",
      "--asyncpipe-to-nvgpu"], False, 2),
    ("pipeline:software-pipeline,eliminate-barriers,verify-sync,to-nvgpu",
     ["--asyncpipe-software-pipeline", "--asyncpipe-eliminate-barriers", "--asyncpipe-verify-sync",
      "--asyncpipe-to-nvgpu"], False, 1),
    ("pipeline:software-pipeline=bulk-queues=0,to-nvgpu=bulk-queues=0",
     ["--asyncpipe-software-pipeline=bulk-queues=0", "--asyncpipe-to-nvgpu=bulk-queues=0"], False, 2),
    ("asyncpipe-explain", ["--asyncpipe-explain"], False, 1),
    ("pipeline:software-pipeline=bulk-queues=0,timeline=bulk-queues=0",
     ["--asyncpipe-software-pipeline=bulk-queues=0",
      "--asyncpipe-timeline=output=/tmp/asyncpipe-fuzz-timeline bulk-queues=0"], False, 1),
    # The CPU block model (its registered pipeline), on kernels as written
    # and lowered; its steps one at a time; the raw pass alone.
    ("asyncpipe-block-model", ["--asyncpipe-block-model"], False, 3),
    ("asyncpipe-lower-block", ["--asyncpipe-lower-block"], False, 1),
    ("asyncpipe-lower-block=check-only=true", ["--asyncpipe-lower-block=check-only=true"], False, 1),
    ("pipeline:lower-block=check-only=true,convert-scf-to-cf,lower-block",
     ["--asyncpipe-lower-block=check-only=true", "--convert-scf-to-cf", "--asyncpipe-lower-block"], False, 1),
    ("pipeline:to-nvgpu,block-model", ["--asyncpipe-to-nvgpu", "--asyncpipe-block-model"], False, 2),
    ("pipeline:to-nvgpu=bulk-queues=0,block-model", ["--asyncpipe-to-nvgpu=bulk-queues=0", "--asyncpipe-block-model"], False, 2),
    ("pipeline:place-barriers,to-nvgpu,block-model",
     ["--asyncpipe-place-barriers", "--asyncpipe-to-nvgpu", "--asyncpipe-block-model"], False, 1),
    # Tensor cores (issue 21): MMAs to ldmatrix and mma.sync, then the block
    # model's warp collectives.
    ("asyncpipe-lower-mma=chip=sm_80", ["--asyncpipe-lower-mma=chip=sm_80"], False, 2),
    ("asyncpipe-lower-mma=chip=sm_90", ["--asyncpipe-lower-mma=chip=sm_90"], False, 1),
    ("pipeline:software-pipeline,lower-mma,to-nvgpu,block-model",
     ["--asyncpipe-software-pipeline", "--asyncpipe-lower-mma=chip=sm_80", "--asyncpipe-to-nvgpu",
      "--asyncpipe-block-model"], False, 2),
    # sm_90a: wgmma on swizzled tiles, tensor-map copies on bulk queues, and
    # the block model of both.
    ("asyncpipe-lower-mma=chip=sm_90a", ["--asyncpipe-lower-mma=chip=sm_90a"], False, 2),
    # Warp specialization (issue 38): a producer warpgroup and wgmma
    # consumers on an mbarrier ring, then its proof and the whole path.
    ("asyncpipe-warp-specialize", ["--asyncpipe-warp-specialize"], False, 2),
    ("asyncpipe-tile-gemm", ["--asyncpipe-tile-gemm"], False, 2),
    ("asyncpipe-tile-gemm=tile-n=256 group-rows=2", ["--asyncpipe-tile-gemm=tile-n=256 group-rows=2"], False, 1),
    ("pipeline:tile-gemm,warp-specialize=persistent,lower-mma=sm_90a",
     ["--asyncpipe-tile-gemm", "--asyncpipe-warp-specialize=persistent=true slots=2", "--asyncpipe-lower-mma=chip=sm_90a"], False, 1),
    ("pipeline:tile-gemm,software-pipeline,verify-sync",
     ["--asyncpipe-tile-gemm", "--asyncpipe-software-pipeline", "--asyncpipe-verify-sync"], False, 1),
    ("asyncpipe-warp-specialize=slots=2 producer-registers=24",
     ["--asyncpipe-warp-specialize=slots=2 producer-registers=24"], False, 1),
    ("pipeline:warp-specialize=slots=2,lower-mma=sm_90a,verify-sync",
     ["--asyncpipe-warp-specialize=slots=2", "--asyncpipe-lower-mma=chip=sm_90a", "--asyncpipe-verify-sync"], False, 2),
    ("asyncpipe-warp-specialize=persistent=true slots=2",
     ["--asyncpipe-warp-specialize=persistent=true slots=2"], False, 1),
    ("pipeline:warp-specialize=persistent,lower-mma=sm_90a,verify-sync",
     ["--asyncpipe-warp-specialize=persistent=true slots=2", "--asyncpipe-lower-mma=chip=sm_90a", "--asyncpipe-verify-sync"], False, 1),
    ("asyncpipe-kernel-to-ptx=chip=sm_90a warp-specialize=true slots=2",
     ["--asyncpipe-kernel-to-ptx=chip=sm_90a warp-specialize=true slots=2"], False, 1),
    ("pipeline:software-pipeline,lower-mma=sm_90a,to-nvgpu=bulk-queues=0,block-model",
     ["--asyncpipe-software-pipeline", "--asyncpipe-lower-mma=chip=sm_90a", "--asyncpipe-to-nvgpu=bulk-queues=0",
      "--asyncpipe-block-model"], False, 2),
]
# Passes for par.foreach_thread and scf.forall inputs (issue 15; picked more
# often when the input has one).
PAR_PASSES = [
    ("par-verify-disjoint", ["--par-verify-disjoint"], False, 4),
    ("asyncpipe-test-print-thread-slices", ["--asyncpipe-test-print-thread-slices"], False, 1),
    ("par-to-scf", ["--par-to-scf"], False, 2),
    ("par-to-async", ["--par-to-async"], False, 3),
    ("par-to-async=chunk=3", ["--par-to-async=chunk=3"], False, 1),
    ("par-to-gpu", ["--par-to-gpu"], False, 3),
    ("par-to-gpu=block-size=7", ["--par-to-gpu=block-size=7"], False, 1),
    ("par-to-scf-forall", ["--par-to-scf-forall"], False, 2),
    ("scf-forall-to-par", ["--scf-forall-to-par"], False, 3),
    ("pipeline:par-to-scf-forall,scf-forall-to-par", ["--par-to-scf-forall", "--scf-forall-to-par"], False, 2),
    ("one-shot-bufferize (par models)", ["--one-shot-bufferize=bufferize-function-boundaries"], False, 3),
    # The documented pipelines: bufferize, then the sequential, async-runtime
    # or GPU-block model.
    ("pipeline:par-verify-disjoint,one-shot-bufferize,cse,canonicalize,par-to-scf",
     ["--par-verify-disjoint",
      "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
      "--cse", "--canonicalize", "--par-to-scf"], False, 1),
    ("pipeline:scf-forall-to-par,par-verify-disjoint,one-shot-bufferize,par-to-async,lower-async",
     ["--scf-forall-to-par", "--par-verify-disjoint",
      "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
      "--par-to-async"] + LOWER_ASYNC, False, 1),
    ("pipeline:par-to-async=chunk=5,lower-async", ["--par-to-async=chunk=5"] + LOWER_ASYNC, False, 2),
    ("pipeline:par-to-gpu=block-size=8,symbol-dce,convert-linalg-to-loops,block-model",
     ["--par-to-gpu=block-size=8", "--symbol-dce", "--convert-linalg-to-loops", "--asyncpipe-block-model"], False, 2),
    ("pipeline:par-to-async,timeline=example-trip-count=5",
     ["--par-to-async", "--asyncpipe-timeline=output=/tmp/asyncpipe-fuzz-timeline example-trip-count=5"], False, 1),
]

# Passes for asyncop chains (issue 16; picked more often when the input has
# one, and asyncop-wrap on any input).
ASYNCOP_PASSES = [
    ("asyncop-wrap=ops=arith.addf,arith.mulf,memref.load,memref.store,memref.copy,func.call",
     ["--asyncop-wrap=ops=arith.addf,arith.mulf,memref.load,memref.store,memref.copy,func.call"], False, 2),
    ("asyncop-wrap=ops=arith.mulf,memref.copy,scf.if outline=true",
     ["--asyncop-wrap=ops=arith.mulf,memref.copy,scf.if outline=true"], False, 1),
    ("pipeline:asyncop-wrap,asyncop-schedule",
     ["--asyncop-wrap=ops=arith.addf,arith.mulf,memref.load,memref.store,memref.copy,func.call", "--asyncop-schedule"], False, 3),
    ("pipeline:asyncop-wrap,asyncop-schedule,asyncop-to-async",
     ["--asyncop-wrap=ops=arith.addf,arith.mulf,memref.load,memref.copy,func.call", "--asyncop-schedule", "--asyncop-to-async"], False, 2),
    ("pipeline:asyncop-wrap,asyncop-unwrap", ["--asyncop-wrap=ops=arith.addf,memref.store,memref.copy", "--asyncop-unwrap"], False, 2),
    ("asyncop-unwrap", ["--asyncop-unwrap"], False, 2),
    ("asyncop-schedule=max-in-flight=1", ["--asyncop-schedule=max-in-flight=1"], False, 2),
    ("asyncop-to-async", ["--asyncop-to-async"], False, 2),
    ("asyncpipe-test-print-chain-effects", ["--asyncpipe-test-print-chain-effects"], False, 1),
    ("pipeline:asyncop-schedule,asyncop-to-async,lower-async",
     ["--asyncop-schedule", "--asyncop-to-async"] + LOWER_ASYNC, False, 2),
    ("asyncop-to-asyncpipe", ["--asyncop-to-asyncpipe"], False, 2),
    ("pipeline:asyncop-wrap=ops=memref.copy,asyncop-schedule,asyncop-to-asyncpipe",
     ["--asyncop-wrap=ops=memref.copy", "--asyncop-schedule", "--asyncop-to-asyncpipe"], False, 2),
    ("pipeline:asyncop-wrap,asyncop-schedule,asyncop-to-asyncpipe=group-queue=3,token-to-count",
     ["--asyncop-wrap=ops=memref.copy", "--asyncop-schedule", "--asyncop-to-asyncpipe=group-queue=3",
      "--asyncpipe-token-to-count"], True, 1),
    ("pipeline:asyncop-schedule,timeline",
     ["--asyncop-schedule", "--asyncpipe-timeline=output=/tmp/asyncpipe-fuzz-timeline"], False, 1),
]

TABLES = [("PASSES", PASSES), ("GPU_PASSES", GPU_PASSES), ("PAR_PASSES", PAR_PASSES),
          ("ASYNCOP_PASSES", ASYNCOP_PASSES)]
ALL_PASSES = PASSES + GPU_PASSES + PAR_PASSES + ASYNCOP_PASSES
# A label names one command everywhere it appears (--reduce looks it up).
assert all(a == b for (la, a, *_), (lb, b, *_) in
           ((x, y) for x in ALL_PASSES for y in ALL_PASSES if x[0] == y[0])), "label with two commands"


def weighted(rng, items):
    total = sum(w for *_, w in items)
    x = rng.uniform(0, total)
    for item in items:
        x -= item[-1]
        if x <= 0:
            return item
    return items[-1]


# The registry: the passes and pipelines asyncpipe-opt --help lists (at the
# passes' indentation) under asyncpipe's prefixes; upstream's options that
# share a prefix (scf-forall-to-parallel, parallel-loop-tile-sizes, ...) are
# not asyncpipe's.
REGISTRY_RE = re.compile(r"^ {6}--((?:asyncpipe|par|asyncop)-[\w-]+|scf-forall-to-par)(?=\s)", re.M)
NOT_ASYNCPIPE = {"scf-forall-to-parallel", "scf-forall-to-for", "parallel-loop-tile-sizes",
                 "parallel-reductions", "parallelization-strategy"}


def registered_passes(binary):
    p = subprocess.run([binary, "--help"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60)
    return sorted(set(REGISTRY_RE.findall(p.stdout.decode("utf-8", "replace"))) - NOT_ASYNCPIPE)


def step_names(arg):
    """The passes one step (an element of an entry's args) names: its flag,
    or every pass of a --pass-pipeline."""
    if arg.startswith("--pass-pipeline="):
        spec = re.sub(r"\{[^{}]*\}", "", arg.split("=", 1)[1])
        return [n for n in re.findall(r"[\w.-]+", spec) if n not in ("builtin.module", "gpu.module", "func.func")]
    m = re.match(r"--?([\w.-]+)", arg)
    return [m.group(1)] if m else []


def entry_names(pass_):
    return {n for arg in pass_[1] for n in step_names(arg)}


# --------------------------------------------------------------------------
# Corpus


def load_corpus():
    cases = []
    for top in ("test", "examples"):
        base = os.path.join(ROOT, top)
        for dirpath, dirnames, filenames in os.walk(base):
            # Not test/Output, nor the open findings (test/tools/findings:
            # mostly timeouts, which would take the short run's time).
            dirnames[:] = sorted(d for d in dirnames if d != "Output"
                                 and os.path.join(dirpath, d) != os.path.join(ROOT, "test", "tools", "findings"))
            for name in sorted(filenames):
                if not name.endswith(".mlir"):
                    continue
                path = os.path.join(dirpath, name)
                try:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        text = f.read()
                except OSError:
                    continue
                rel = os.path.relpath(path, ROOT)
                for k, part in enumerate(re.split(r"(?m)^// -----\s*$", text)):
                    if "func" in part or "gpu.module" in part:
                        cases.append((f"{rel}#{k}", part))
    return cases


# --------------------------------------------------------------------------
# Generator


# Whether the two kinds of result that are known open work (README,
# "Reliability") count as findings: verify-sync's "could not be proven safe"
# (its imprecision on run-time steps and trip counts) and timeouts (analysis
# cost that still grows exponentially with loop nesting). Without --strict
# they are counted and reported apart, and a run with only those passes.
STRICT = False

# The deepest generated loop nest (--max-depth): the sync analyses' cost is
# still exponential in the nesting depth (README, "Reliability"), so the
# test command's short run stays at 4; long runs use 32 or 64.
MAX_DEPTH = 32
# The deepest nest of the dedicated deep shape (--deep-depth; bench/scaling.py
# `outer`: a group committed before the nest, commits at every level, a wait
# innermost, 2, 3 or 2^62 trips per level), whatever --max-depth says.
DEEP_DEPTH = 64


class Gen:
    """Generates one function (or gpu kernel) with nested loops and
    asyncpipe ops. Constants are hoisted to the entry block."""

    def __init__(self, rng, gpu=False):
        self.rng = rng
        self.gpu = gpu
        self.n = 0
        self.consts = {}
        self.const_lines = []
        self.allocs = []
        self.ops = 0
        self.max_ops = rng.choice([8, 20, 40, 80])
        self.sh = rng.choice(["3", "#gpu.address_space<workgroup>"]) if gpu else \
            rng.choice(["3", "3", "#gpu.address_space<workgroup>"])
        self.elem = rng.choice(["f32", "f32", "f32", "f16", "i8", "f64"])
        self.k = rng.choice([1, 2, 4, 4, 8, 16])
        self.dims = [self.k]
        if rng.random() < 0.07:
            # Sizes near or above 2^63 bytes.
            self.dims, self.elem = rng.choice(HUGE_SHAPES)
        shape = "x".join(map(str, self.dims))
        self.a_ty = f"memref<{shape}x{self.elem}>"
        self.b_ty = f"memref<{shape}x{self.elem}, {self.sh}>"
        # The form: token, counting or both.
        self.form = rng.choice(["token", "count", "mixed", "token", "count"])
        r = rng.random()
        if r < 0.04:
            self.queues = list(range(64))
        elif r < 0.06:
            self.queues = sorted(rng.sample(range(2**20), 64))
        elif r < 0.09:
            self.queues = [0] + rng.sample(NEAR_I64_MAX, rng.randint(1, 3))
        else:
            self.queues = rng.choice([[0], [0], [0, 1], [0, 1, 2], [0, 5]])

    def fresh(self, prefix):
        self.n += 1
        return f"%{prefix}{self.n}"

    def const(self, value, ty="index"):
        key = (value, ty)
        if key not in self.consts:
            name = f"%k{len(self.consts)}_{ty}"
            self.consts[key] = name
            self.const_lines.append(f"{name} = arith.constant {value} : {ty}")
        return self.consts[key]

    def queue(self):
        return self.rng.choice(self.queues)

    def index(self, last=None):
        """Subscripts of one element of the buffers: 0 in every dimension but
        the last, `last` (default: 0 or the last element) there."""
        if last is None:
            last = self.rng.choice([0, 0, self.dims[-1] - 1])
        return ", ".join([self.const(0)] * (len(self.dims) - 1) + [self.const(max(0, last))])

    def copy_src(self):
        return self.rng.choice(["%a", "%a", "%a2"])

    def copy_dst(self):
        return self.rng.choice(["%b", "%b", "%b2"])

    # Statements -----------------------------------------------------------

    def stmts(self, depth, groups, ivs, count=None, share=False):
        out = []
        if count is None:
            count = self.rng.randint(1, 5)
        if not share:
            groups = list(groups)
        for _ in range(count):
            if self.ops >= self.max_ops:
                break
            self.ops += 1
            out += self.stmt(depth, groups, ivs)
        return out

    def stmt(self, depth, groups, ivs):
        rng = self.rng
        choices = []
        token = self.form in ("token", "mixed")
        count = self.form in ("count", "mixed")
        if token:
            choices += ["tok_copy"] * 4 + ["group_region"] * 2 + ["wait"] * 4
        if count:
            choices += ["cnt_copy"] * 3 + ["commit"] * 3 + ["wait_queue"] * 3 + ["commit_queue"] * 3
        choices += ["load"] * 2
        if depth > 0:
            choices += ["for"] * 4 + ["if"] * 2 + ["exec_region"]
            if token and groups:
                choices += ["for_carried"] * 3 + ["if_group"] + ["exec_region_group"]
        what = rng.choice(choices)
        q = self.queue()
        if what == "tok_copy":
            toks = []
            lines = []
            for _ in range(rng.choice([1, 1, 2])):
                t = self.fresh("t")
                zf = " zero_fill" if rng.random() < 0.1 else ""
                lines.append(f"{t} = asyncpipe.copy {self.copy_src()}, {self.copy_dst()}{zf} : "
                             f"{self.a_ty} to {self.b_ty} -> !asyncpipe.token")
                toks.append(t)
            g = self.fresh("g")
            lines.append(f"{g} = asyncpipe.commit_group queue {q} ({', '.join(toks)})")
            groups.append(g)
            if rng.random() < 0.3:
                lines.append(f"asyncpipe.wait {rng.choice(groups)}")
            return lines
        if what == "group_region":
            g = self.fresh("g")
            groups.append(g)
            return [f"{g} = asyncpipe.commit_group queue {q} {{",
                    f"  asyncpipe.copy {self.copy_src()}, {self.copy_dst()} : {self.a_ty} to {self.b_ty}",
                    "}"]
        if what == "wait":
            if not groups:
                return self.stmt(depth, groups, ivs) if rng.random() < 0.5 else []
            return [f"asyncpipe.wait {rng.choice(groups)}"]
        if what == "cnt_copy":
            lines = [f"asyncpipe.copy {self.copy_src()}, {self.copy_dst()} queue {q} : {self.a_ty} to {self.b_ty}"]
            if rng.random() < 0.6:
                lines.append(f"asyncpipe.commit {q}")
            return lines
        if what == "commit":
            return [f"asyncpipe.commit {q}"]
        if what == "wait_queue":
            r = rng.random()
            index_ivs = [iv for iv, ty in ivs if ty == "index"]
            if r < 0.1 and index_ivs:
                n = rng.choice(index_ivs)
            elif r < 0.15:
                n = "%n"
            elif r < 0.25:
                n = self.const(rng.choice(SMALL))
            elif r < 0.35:
                n = rng.choice(BOUNDARY[:41])
                n = max(0, min(n, 2**63 - 1))
            elif r < 0.4:
                n = rng.choice(NEAR_I64_MAX)
            else:
                n = rng.choice([0, 0, 1, 1, 2, 3])
            return [f"asyncpipe.wait_queue {q}, {n}"]
        if what == "commit_queue":
            body = [f"  asyncpipe.copy {self.copy_src()}, {self.copy_dst()} : {self.a_ty} to {self.b_ty}"]
            if rng.random() < 0.2:
                body.append(f"  asyncpipe.copy {self.copy_src()}, {self.copy_dst()} : {self.a_ty} to {self.b_ty}")
            if rng.random() < 0.15:
                body = ["  asyncpipe.async_scope {",
                        f"    %s{self.n} = memref.load %a[{self.index(0)}] : {self.a_ty}",
                        f"    memref.store %s{self.n}, %b[{self.index(0)}] : {self.b_ty}",
                        "  }"] + body
                self.n += 1
            if rng.random() < 0.1:
                body.insert(0, f"  asyncpipe.wait_queue {self.queue()}, {rng.choice([0, 1])}")
            if rng.random() < 0.12:
                # A region op whose region holds a CFG, in the commit scope.
                body = indent(["scf.execute_region {"] + indent(body) +
                              ["  cf.cond_br %cond, ^bb1, ^bb2", "^bb1:",
                               f"  asyncpipe.copy {self.copy_src()}, {self.copy_dst()} : {self.a_ty} to {self.b_ty}",
                               "  cf.br ^bb2", "^bb2:", "  scf.yield", "}"])
            return [f"asyncpipe.commit_queue {q} {{"] + body + ["}"]
        if what == "load":
            v = self.fresh("v")
            buf = self.copy_dst()
            return [f"{v} = memref.load {buf}[{self.index()}] : {self.b_ty}"]
        if what == "if":
            then = self.stmts(depth - 1, groups, ivs)
            lines = ["scf.if %cond {"] + indent(then)
            if rng.random() < 0.5:
                lines += ["} else {"] + indent(self.stmts(depth - 1, groups, ivs))
            return lines + ["}"]
        if what == "if_group":
            g = self.fresh("g")
            a, b = rng.choice(groups), rng.choice(groups)
            then = self.stmts(depth - 1, groups, ivs, rng.randint(0, 2))
            els = self.stmts(depth - 1, groups, ivs, rng.randint(0, 2))
            groups.append(g)
            return ([f"{g} = scf.if %cond -> (!asyncpipe.group) {{"] + indent(then) +
                    [f"  scf.yield {a} : !asyncpipe.group", "} else {"] + indent(els) +
                    [f"  scf.yield {b} : !asyncpipe.group", "}"])
        if what in ("for", "for_carried"):
            return self.loop(depth, groups, ivs, carried=(what == "for_carried"))
        if what in ("exec_region", "exec_region_group"):
            return self.exec_region(depth, groups, ivs, what == "exec_region_group")
        return []

    def exec_region(self, depth, groups, ivs, result):
        """scf.execute_region whose region is a CFG: an entry block (its
        groups reach the later blocks), a cf.br or cf.cond_br to blocks that
        take a group (and an index) as block arguments, scf.yield of a group
        or of nothing."""
        rng = self.rng
        local = list(groups)
        lines = self.stmts(depth - 1, local, ivs, rng.randint(0, 3), share=True)
        nblocks = rng.randint(1, 3)
        gty = "!asyncpipe.group"

        def args_for(k):
            if not result:
                return ""
            g = rng.choice(local) if local and rng.random() < 0.9 else None
            if g is None:
                g = self.fresh("c")
                lines.append(f"{g} = asyncpipe.completed")
            return f"({g}, {self.const(rng.choice([0, 1, 2, 3, 2**62]))} : {gty}, index)"

        def branch(k):
            if k == nblocks or rng.random() < 0.5:
                lines.append(f"  cf.br ^bb{k}{args_for(k)}")
            else:
                other = rng.randint(k, nblocks)
                a, b = args_for(k), args_for(other)
                lines.append(f"  cf.cond_br %cond, ^bb{k}{a}, ^bb{other}{b}")

        lines = indent(lines)
        branch(1)
        for k in range(1, nblocks + 1):
            block_groups = list(local)
            block_ivs = list(ivs)
            if result:
                x, i = self.fresh("x"), self.fresh("bi")
                lines.append(f"^bb{k}({x}: {gty}, {i}: index):")
                block_groups.append(x)
                block_ivs.append((i, "index"))
            else:
                lines.append(f"^bb{k}:")
            body = self.stmts(depth - 1, block_groups, block_ivs, rng.randint(0, 2))
            lines += indent(body)
            if k < nblocks:
                saved, local = local, block_groups
                branch(k + 1)
                local = saved
            elif result:
                lines.append(f"  scf.yield {rng.choice(block_groups[-1:] + block_groups)} : {gty}")
            else:
                lines.append("  scf.yield")
        if result:
            r = self.fresh("er")
            groups.append(r)
            return [f"{r} = scf.execute_region -> {gty} {{"] + lines + ["}"]
        return ["scf.execute_region {"] + lines + ["}"]

    def bounds(self):
        rng = self.rng
        ty = rng.choice(["index"] * 6 + ["i32", "i64"])
        dyn = {"index": "%n", "i32": "%m", "i64": "%m64"}[ty]
        r = rng.random()
        if r < 0.15:
            lb, ub = self.const(0, ty), dyn
        elif r < 0.2:
            lb, ub = dyn, self.const(rng.choice(TRIPS), ty) if ty != "i32" else self.const(64, ty)
        else:
            lbv = rng.choice([0, 0, 0, 1, 5, -3]) if rng.random() < 0.9 else pick_int(rng)
            ubv = rng.choice(TRIPS)
            if rng.random() < 0.2:
                ubv = lbv + rng.choice(TRIPS)
            lb, ub = self.clamp_const(lbv, ty), self.clamp_const(ubv, ty)
        stv = rng.choice([1, 1, 1, 1, 2, 3, 7]) if rng.random() < 0.9 else \
            rng.choice([2**31 - 1, 2**32, 2**62, 10**12])
        st = self.clamp_const(stv, ty) if rng.random() < 0.95 else dyn
        return ty, lb, ub, st

    def clamp_const(self, v, ty):
        lim = 31 if ty == "i32" else 63
        v = max(-2**lim, min(v, 2**lim - 1))
        return self.const(v, ty)

    def loop(self, depth, groups, ivs, carried=False):
        rng = self.rng
        ty, lb, ub, st = self.bounds()
        iv = self.fresh("i")
        tysuffix = "" if ty == "index" else f" : {ty}"
        inner_ivs = ivs + [(iv, ty)]
        if carried:
            nres = rng.choice([1, 1, 2])
            xs = [self.fresh("x") for _ in range(nres)]
            inits = [rng.choice(groups) for _ in range(nres)]
            body = self.stmts(depth - 1, groups + xs, inner_ivs)
            yields = []
            for x in xs:
                if rng.random() < 0.75:
                    g = self.fresh("g")
                    q = self.queue()
                    body += [f"{g} = asyncpipe.commit_group queue {q} {{",
                             f"  asyncpipe.copy {self.copy_src()}, {self.copy_dst()} : {self.a_ty} to {self.b_ty}",
                             "}"]
                    if rng.random() < 0.7:
                        body.append(f"asyncpipe.wait {x}")
                    yields.append(g)
                else:
                    yields.append(x)
            r = self.fresh("r")
            res = f"{r}:{nres}" if nres > 1 else r
            head = (f"{res} = scf.for {iv} = {lb} to {ub} step {st} iter_args("
                    + ", ".join(f"{x} = {i}" for x, i in zip(xs, inits))
                    + ") -> (" + ", ".join(["!asyncpipe.group"] * nres) + f"){tysuffix} {{")
            lines = [head] + indent(body) + [
                "  scf.yield " + ", ".join(yields) + " : " + ", ".join(["!asyncpipe.group"] * nres), "}"]
            if nres > 1:
                groups += [f"{r}#{j}" for j in range(nres)]
            else:
                groups.append(r)
            return lines
        body = self.stmts(depth - 1, groups, inner_ivs)
        return [f"scf.for {iv} = {lb} to {ub} step {st}{tysuffix} {{"] + indent(body) + ["}"]

    def deep_nest(self, groups):
        """A chain of nested loops, 1..32 deep, a few ops at each level."""
        rng = self.rng
        depth = rng.choice([d for d in [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64] if d <= MAX_DEPTH] or [1])
        self.max_ops = max(self.max_ops, depth * 3)
        inner = self.stmts(0, groups, [], rng.randint(1, 3))
        for _ in range(depth):
            ty, lb, ub, st = self.bounds()
            if rng.random() < 0.5:
                ub = self.clamp_const(rng.choice(TRIPS[:8] + [10**12, 10**12, 2**62]), ty)
            iv = self.fresh("i")
            tysuffix = "" if ty == "index" else f" : {ty}"
            pre = self.stmts(0, groups, [], rng.choice([0, 0, 1]))
            post = self.stmts(0, groups, [], rng.choice([0, 0, 1]))
            inner = pre + [f"scf.for {iv} = {lb} to {ub} step {st}{tysuffix} {{"] + indent(inner) + ["}"] + post
        return inner

    def pipeline_loop(self):
        """An scf.for annotated for asyncpipe-software-pipeline."""
        rng = self.rng
        ty, lb, ub, st = self.bounds()
        if rng.random() < 0.4:
            lb = self.const(0, ty)
            st = self.const(1, ty)
            ub = self.clamp_const(rng.choice([0, 1, 2, 3, 4, 5, 8, 64, 64, 1000, 10**12, 2**31 - 1]), ty)
        iv = self.fresh("i")
        tysuffix = "" if ty == "index" else f" : {ty}"
        sh = self.sh
        nasync = rng.choice([1, 1, 2, 2, 3])
        body = []
        if ty != "index":
            idx = self.fresh("ii")
            body.append(f"{idx} = arith.index_cast {iv} : {ty} to index")
        else:
            idx = iv
        strided = "memref<8xf32, strided<[1], offset: ?>>"
        bufs = []
        stage = 0
        order = 0
        stages = []
        for j in range(nasync):
            buf = self.fresh("buf")
            self.allocs.append(f"{buf} = memref.alloc() : memref<8xf32, {sh}>")
            bufs.append(buf)
            src = self.fresh("src")
            body.append(f"{src} = memref.subview %src[{idx}, 0] [1, 8] [1, 1] : memref<64x8xf32> to {strided}")
            s = stage
            stages.append(s)
            attrs = f"{{asyncpipe.stage = {s}, asyncpipe.order = {order}}}"
            body.append(f"memref.copy {src}, {buf} {attrs} : {strided} to memref<8xf32, {sh}>")
            order += 1
            if rng.random() < 0.6:
                stage += 1
        consumer = max(stages) + rng.choice([1, 1, 2, 3])
        dst = self.fresh("dst")
        body.append(f"{dst} = memref.subview %out[{idx}, 0] [1, 8] [1, 1] : memref<64x8xf32> to {strided}")
        if nasync >= 2 and rng.random() < 0.5:
            body.append(f"linalg.add {{asyncpipe.stage = {consumer}, asyncpipe.order = {order}}} "
                        f"ins({bufs[0]}, {bufs[1]} : memref<8xf32, {sh}>, memref<8xf32, {sh}>) "
                        f"outs({dst} : {strided})")
        else:
            for buf in bufs:
                body.append(f"memref.copy {buf}, {dst} {{asyncpipe.stage = {consumer}, asyncpipe.order = {order}}}"
                            f" : memref<8xf32, {sh}> to {strided}")
                order += 1
        if rng.random() < 0.08:
            rng.shuffle(body)  # mostly invalid: dominance or order
        astages = sorted(set(stages))
        if rng.random() < 0.15:
            astages = rng.sample(astages, rng.randint(0, len(astages)))
        arr = "array<i64" + (": " + ", ".join(map(str, astages)) if astages else "") + ">"
        loop = [f"scf.for {iv} = {lb} to {ub} step {st}{tysuffix} {{"] + indent(body) + \
               [f"}} {{asyncpipe.async_stages = {arr}}}"]
        # Sometimes inside an outer loop (gemm-nested).
        if rng.random() < 0.3:
            oty, olb, oub, ost = self.bounds()
            oiv = self.fresh("o")
            osfx = "" if oty == "index" else f" : {oty}"
            loop = [f"scf.for {oiv} = {olb} to {oub} step {ost}{osfx} {{"] + indent(loop) + ["}"]
        return loop

    def cfg(self):
        """A function body that is a CFG: 2..6 blocks joined by cf.br and
        cf.cond_br (forward, back edges and self loops), block arguments
        carrying groups, tokens, indices and conditions. A block sees the
        entry block's groups, its arguments and its own ops."""
        rng = self.rng
        token = self.form in ("token", "mixed")
        nblocks = rng.randint(2, 6)
        tys = {"group": "!asyncpipe.group", "token": "!asyncpipe.token", "index": "index", "i1": "i1"}
        kinds = ["group", "group", "index", "index", "i1"] if token else ["index", "index", "i1", "group"]
        if rng.random() < 0.1:
            # Tokens through control flow (the verifier refuses them).
            kinds.append("token")
        sigs = [[]] + [[rng.choice(kinds) for _ in range(rng.choice([0, 1, 1, 2, 3]))] for _ in range(1, nblocks)]
        entry_groups = []
        lines = []
        for k in range(nblocks):
            avail = {"group": list(entry_groups), "token": [], "index": [], "i1": ["%cond"]}
            if k > 0:
                params = []
                for ty in sigs[k]:
                    v = self.fresh({"group": "bg", "token": "bt", "index": "bi", "i1": "bc"}[ty])
                    params.append(f"{v}: {tys[ty]}")
                    avail[ty].append(v)
                lines.append(f"^bb{k}" + (f"({', '.join(params)})" if params else "") + ":")
            body = []
            for t in avail["token"]:
                if rng.random() < 0.7:
                    g = self.fresh("g")
                    body.append(f"{g} = asyncpipe.commit_group queue {self.queue()} ({t})")
                    avail["group"].append(g)
            groups = avail["group"]
            ivs = [(i, "index") for i in avail["index"]]
            body += self.stmts(rng.randint(0, 2), groups, ivs, rng.randint(1, 4), share=True)
            if k == 0:
                entry_groups = list(groups)
            if k == nblocks - 1:
                if groups and token and rng.random() < 0.6:
                    body.append(f"asyncpipe.wait {', '.join(rng.sample(groups, min(len(groups), rng.randint(1, 3))))}")
                if self.form != "token" and rng.random() < 0.5:
                    body += [f"asyncpipe.wait_queue {q}, 0" for q in self.queues]
                body.append("gpu.return" if self.gpu else "return")
                lines += indent(body)
                break

            def operand(ty):
                if ty == "group":
                    if groups and rng.random() < 0.9:
                        return rng.choice(groups)
                    g = self.fresh("c")
                    body.append(f"{g} = asyncpipe.completed")
                    return g
                if ty == "token":
                    if avail["token"] and rng.random() < 0.2:
                        return rng.choice(avail["token"])
                    t = self.fresh("t")
                    body.append(f"{t} = asyncpipe.copy {self.copy_src()}, {self.copy_dst()} : "
                                f"{self.a_ty} to {self.b_ty} -> !asyncpipe.token")
                    return t
                if ty == "index":
                    if avail["index"] and rng.random() < 0.7:
                        nx = self.fresh("nx")
                        body.append(f"{nx} = arith.addi {rng.choice(avail['index'])}, {self.const(1)} : index")
                        return nx
                    return rng.choice(["%n", self.const(rng.choice([0, 1, 2, 3, 2**62, I64_MAX]))])
                return rng.choice(avail["i1"])

            def target(j):
                ops = [operand(ty) for ty in sigs[j]]
                if not ops:
                    return f"^bb{j}"
                return f"^bb{j}({', '.join(ops)} : {', '.join(tys[ty] for ty in sigs[j])})"

            succs = [k + 1]
            if rng.random() < 0.6:
                # Another successor: a back edge, a self loop or a jump ahead.
                succs.append(rng.randint(1, nblocks - 1))
                rng.shuffle(succs)
            if len(succs) == 1:
                body.append(f"cf.br {target(succs[0])}")
            else:
                if avail["index"] and rng.random() < 0.7:
                    c = self.fresh("cm")
                    bound = self.const(rng.choice([2, 3, 64, 2**62]))
                    body.append(f"{c} = arith.cmpi slt, {rng.choice(avail['index'])}, {bound} : index")
                else:
                    c = rng.choice(avail["i1"])
                a, b = target(succs[0]), target(succs[1])
                body.append(f"cf.cond_br {c}, {a}, {b}")
            lines += indent(body)
        return lines

    def function(self, name="f"):
        rng = self.rng
        groups = []
        body = []
        kind = rng.random()
        if kind < 0.12:
            return self.wrap_function(name, self.cfg(), ret=False)
        if kind < 0.3:
            body += self.pipeline_loop()
            if rng.random() < 0.3:
                body += self.stmts(2, groups, [], share=True)
        elif kind < 0.55:
            body += self.deep_nest(groups)
        else:
            body += self.stmts(rng.randint(1, 4), groups, [], rng.randint(2, 8), share=True)
        if rng.random() < 0.5 and self.form != "count" and groups:
            body.append(f"asyncpipe.wait {groups[-1]}")
        if self.form != "token" and rng.random() < 0.5:
            for q in self.queues:
                body.append(f"asyncpipe.wait_queue {q}, 0")
        return self.wrap_function(name, body)

    def wrap_function(self, name, body, ret=True):
        """The function (or kernel) around `body`: allocations and constants
        first, then the body and, with `ret`, the return."""
        rng = self.rng
        args = (f"%a: {self.a_ty}, %a2: {self.a_ty}, %b: {self.b_ty}, %b2: {self.b_ty}, "
                f"%src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index, %m: i32, %m64: i64, %cond: i1")
        if self.gpu and rng.random() < 0.6:
            # Workgroup buffers as allocations at the top of the kernel.
            self.allocs.insert(0, f"%b = memref.alloc() : {self.b_ty}")
            self.allocs.insert(1, f"%b2 = memref.alloc() : {self.b_ty}")
            args = args.replace(f"%b: {self.b_ty}, %b2: {self.b_ty}, ", "")
        lines = self.allocs + self.const_lines + body
        if ret:
            lines.append("gpu.return" if self.gpu else "return")
        if self.gpu:
            attrs = ""
            if rng.random() < 0.5:
                # The block model runs kernels of a known 1-D block size.
                attrs = f" attributes {{known_block_size = array<i32: {rng.choice([1, 2, 4, 32, 128, 1024])}, 1, 1>}}"
            head = f"gpu.func @{name}({args}) kernel{attrs} {{"
        else:
            head = f"func.func @{name}({args}) {{"
        return [head] + indent(lines) + ["}"]


def indent(lines, n=2):
    pad = " " * n
    return [pad + line for line in lines]


def gen_outer(rng):
    """bench/scaling.py's `outer` shape, in its three forms: a group
    committed before a nest of `depth` loops (up to DEEP_DEPTH = 64,
    whatever --max-depth says), a commit at every level and a wait (or the
    read of the buffer) innermost. "token": copies to tokens and
    commit_groups, `asyncpipe.wait %g` of the outer group; "unguarded": copies
    on queue 0 without any commit or wait, then a load (for
    asyncpipe-synchronize); "bulk": a gpu.module kernel with commit_queue
    regions on one queue and wait_queue Q, 0 innermost and after the nest.
    Trips per level: 2, 3 or 2^62 (all levels alike, or drawn per level, or
    a run-time bound)."""
    form = rng.choice(["token", "token", "unguarded", "bulk", "bulk"])
    depths = [d for d in [2, 3, 4, 8, 16, 24, 32, 48, 64, 64, 64] if d <= DEEP_DEPTH] or [DEEP_DEPTH]
    depth = rng.choice(depths)
    kernel = form == "bulk"
    shared = "memref<4xf32, #gpu.address_space<workgroup>>" if kernel else "memref<4xf32, 3>"
    plain = "memref<4xf32>"
    q = rng.choice([0, 0, 1, 1, 2, I64_MAX]) if rng.random() < 0.3 else (1 if kernel else 0)
    if kernel:
        attrs = " attributes {known_block_size = array<i32: 4, 1, 1>}" if rng.random() < 0.5 else ""
        lines = ["gpu.module @kernels {", f"gpu.func @f(%a: {plain}, %o: {plain}, %m: index) kernel{attrs} {{",
                 f"  %b = memref.alloc() : {shared}"]
    else:
        lines = [f"func.func @f(%a: {plain}, %b: {shared}, %c: {shared}, %o: {plain}, %m: index) {{"]
    lines += ["  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index"]
    mode = rng.random()
    trips = rng.choice([2, 3, 2**62])
    bounds = []
    for d in range(depth):
        if mode < 0.6:
            t = trips
        elif mode < 0.9:
            t = rng.choice([2, 3, 2**62])
        else:
            t = rng.choice([2, 3, 2**62, "m"])
        bounds.append("%m" if t == "m" else f"%n{t}")
    for t in sorted({b for b in bounds if b != "%m"}):
        lines.append(f"  {t} = arith.constant {t[2:]} : index")

    def commit(pad, suffix):
        if form == "token":
            return [f"{pad}%t{suffix} = asyncpipe.copy %a, %b : {plain} to {shared} -> !asyncpipe.token",
                    f"{pad}%g{suffix} = asyncpipe.commit_group queue {q} (%t{suffix})"]
        if form == "unguarded":
            dst = "%b" if suffix == "" else "%c"
            return [f"{pad}asyncpipe.copy %a, {dst} queue {q} : {plain} to {shared}"]
        return [f"{pad}asyncpipe.commit_queue {q} {{", f"{pad}  asyncpipe.copy %a, %b : {plain} to {shared}", f"{pad}}}"]

    lines += commit("  ", "")
    pad = "  "
    for d in range(depth):
        lines.append(f"{pad}scf.for %i{d} = %c0 to {bounds[d]} step %c1 {{")
        pad += "  "
        lines += commit(pad, str(d))
    if form == "token":
        lines.append(f"{pad}asyncpipe.wait %g")
    elif form == "unguarded":
        lines += [f"{pad}%v = memref.load %b[%c0] : {shared}", f"{pad}memref.store %v, %o[%c0] : {plain}"]
    else:
        lines.append(f"{pad}asyncpipe.wait_queue {q}, 0")
    for d in range(depth):
        pad = pad[:-2]
        lines.append(f"{pad}}}")
    if kernel:
        lines += [f"  asyncpipe.wait_queue {q}, 0", "  gpu.return", "}", "}"]
    else:
        lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def gen_many_queues(rng):
    """One function using 64 distinct queues (0..63, spread out, or at the
    top of i64), each with a group (counting form: copy + commit, commit
    scope; token form: commit_group), then waits on them in some order with
    in-flight counts up to i64 max, sometimes all inside a loop of 2, 3 or
    2^62 trips."""
    r = rng.random()
    if r < 0.4:
        qs = list(range(64))
    elif r < 0.6:
        qs = sorted(rng.sample(range(2**40), 64))
    elif r < 0.8:
        qs = [I64_MAX - j for j in range(64)]
    else:
        qs = list(range(62)) + [I64_MAX - 1, I64_MAX]
    form = rng.choice(["count", "scope", "token"])
    gpu = rng.random() < 0.25
    shared = "memref<4xf32, #gpu.address_space<workgroup>>" if gpu else "memref<4xf32, 3>"
    plain = "memref<4xf32>"
    body = []
    for j, q in enumerate(qs):
        if form == "count":
            body += [f"asyncpipe.copy %a, %b queue {q} : {plain} to {shared}", f"asyncpipe.commit {q}"]
        elif form == "scope":
            body += [f"asyncpipe.commit_queue {q} {{", f"  asyncpipe.copy %a, %b : {plain} to {shared}", "}"]
        else:
            body += [f"%t{j} = asyncpipe.copy %a, %b : {plain} to {shared} -> !asyncpipe.token",
                     f"%g{j} = asyncpipe.commit_group queue {q} (%t{j})"]
    order = list(range(64))
    rng.shuffle(order)
    if form == "token":
        if rng.random() < 0.5:
            body.append("asyncpipe.wait " + ", ".join(f"%g{j}" for j in order))
        else:
            body += [f"asyncpipe.wait %g{j}" for j in order[:rng.randint(1, 64)]]
    else:
        for j in order[:rng.randint(1, 64)]:
            n = rng.choice([0, 0, 0, 1, 63, 64] + NEAR_I64_MAX)
            body.append(f"asyncpipe.wait_queue {qs[j]}, {n}")
    body += ["%v = memref.load %b[%c0] : " + shared, f"memref.store %v, %o[%c0] : {plain}"]
    consts = ["%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index"]
    if rng.random() < 0.4:
        trips = rng.choice([2, 3, 2**62])
        consts.append(f"%n = arith.constant {trips} : index")
        body = ["scf.for %i = %c0 to %n step %c1 {"] + indent(body) + ["}"]
    ret = "gpu.return" if gpu else "return"
    if gpu:
        head = [f"gpu.func @f(%a: {plain}, %o: {plain}) kernel {{", f"  %b = memref.alloc() : {shared}"]
    else:
        head = [f"func.func @f(%a: {plain}, %b: {shared}, %o: {plain}) {{"]
    text = head + indent(consts + body + [ret]) + ["}"]
    if gpu:
        text = ["gpu.module @kernels {"] + indent(text) + ["}"]
    return "\n".join(text) + "\n"


def generate(rng):
    r = rng.random()
    if r < 0.05:
        return gen_outer(rng)
    if r < 0.08:
        return gen_many_queues(rng)
    gpu = rng.random() < 0.2
    nfuncs = rng.choice([1, 1, 1, 2])
    funcs = []
    for j in range(nfuncs):
        funcs += Gen(rng, gpu).function(f"f{j}")
    if gpu:
        text = ["module attributes {gpu.container_module} {", "  gpu.module @kernels {"] + \
            indent(funcs, 4) + ["  }", "}"]
    else:
        text = funcs
    return "\n".join(text) + "\n"


# --------------------------------------------------------------------------
# Mutations

INT_RE = re.compile(r"(?<![\w.%#@$\-])(-?\d+)(?![\w.])")
DIM_RE = re.compile(r"(?<=[<x])(\d+)(?=x)")
SHAPE_RE = re.compile(r"memref<((?:\d+x)+)")
TERMINATORS = ("scf.yield", "return", "gpu.return", "func.return", "asyncpipe.yield", "scf.condition")


def op_lines(lines):
    return [i for i, l in enumerate(lines)
            if l.strip() and not l.strip().startswith("//")]


def mut_int(rng, text):
    ms = [m for m in INT_RE.finditer(text) if not text[max(0, m.start() - 3):m.start()].endswith("//")]
    # Skip literals inside comments.
    ms = [m for m in ms if "//" not in text[text.rfind("\n", 0, m.start()) + 1:m.start()]]
    if not ms:
        return text
    m = rng.choice(ms)
    return text[:m.start()] + str(pick_int(rng)) + text[m.end():]


def mut_int_all(rng, text):
    """Replace every occurrence of one literal value in a kind of context."""
    ms = [m for m in INT_RE.finditer(text)
          if "//" not in text[text.rfind("\n", 0, m.start()) + 1:m.start()]]
    if not ms:
        return text
    value = rng.choice(ms).group(1)
    new = str(pick_int(rng))
    return INT_RE.sub(lambda m: new if m.group(1) == value and
                      "//" not in text[text.rfind("\n", 0, m.start()) + 1:m.start()] else m.group(0), text)


def mut_dim(rng, text):
    ms = list(DIM_RE.finditer(text))
    if not ms:
        return text
    m = rng.choice(ms)
    return text[:m.start()] + str(rng.choice(HUGE_DIMS)) + text[m.end():]


def mut_shape_all(rng, text):
    """Change one memref shape everywhere it occurs (keeps types consistent)."""
    ms = list(SHAPE_RE.finditer(text))
    if not ms:
        return text
    shape = rng.choice(ms).group(1)
    dims = shape.rstrip("x").split("x")
    j = rng.randrange(len(dims))
    dims[j] = str(rng.choice(HUGE_DIMS))
    return text.replace("memref<" + shape, "memref<" + "x".join(dims) + "x")


def mut_swap(rng, text):
    lines = text.split("\n")
    idx = op_lines(lines)
    if len(idx) < 2:
        return text
    k = rng.randrange(len(idx) - 1)
    i, j = idx[k], idx[k + 1]
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def mut_dup(rng, text):
    lines = text.split("\n")
    idx = op_lines(lines)
    if not idx:
        return text
    i = rng.choice(idx)
    line = lines[i]
    # Duplicating a definition redefines its value; rename it sometimes.
    if rng.random() < 0.5:
        line = re.sub(r"^(\s*)%([\w$.]+)", lambda m: f"{m.group(1)}%{m.group(2)}_dup", line)
    lines.insert(i + 1, line)
    return "\n".join(lines)


def mut_delete(rng, text):
    lines = text.split("\n")
    idx = op_lines(lines)
    if not idx:
        return text
    del lines[rng.choice(idx)]
    return "\n".join(lines)


FOR_RE = re.compile(r"scf\.for (%[\w$.]+) = (%[\w$.#]+) to (%[\w$.#]+) step (%[\w$.#]+)")


def mut_for_type(rng, text):
    """Turn one index loop into an i32/i64 (or i1/i8) loop: retyped copies of
    its constant bounds are defined right before it."""
    lines = text.split("\n")
    fors = [i for i, l in enumerate(lines) if FOR_RE.search(l) and not re.search(r": i\d+ \{", l)]
    if not fors:
        return text
    i = rng.choice(fors)
    ty = rng.choice(["i32", "i32", "i64", "i64", "i1", "i8"])
    m = FOR_RE.search(lines[i])
    names = list(m.group(2, 3, 4))
    pad = re.match(r"\s*", lines[i]).group(0)
    defs = []
    for k, name in enumerate(names):
        for l in lines:
            cm = re.match(r"\s*" + re.escape(name) + r" = arith\.constant (-?\d+) : index\s*$", l)
            if cm:
                fresh = f"{name}_{ty}_{k}"
                defs.append(f"{pad}{fresh} = arith.constant {cm.group(1)} : {ty}")
                names[k] = fresh
                break
    line = lines[i]
    line = line[:m.start()] + f"scf.for {m.group(1)} = {names[0]} to {names[1]} step {names[2]}" + line[m.end():]
    if line.rstrip().endswith("{"):
        line = line.rstrip()[:-1].rstrip() + f" : {ty} {{"
    lines[i] = line
    lines[i:i] = defs
    return "\n".join(lines)


def mut_wrap(rng, text):
    """Wrap a region's body (minus its terminator) in an extra scf.for."""
    lines = text.split("\n")
    openers = [i for i, l in enumerate(lines)
               if l.rstrip().endswith("{") and not l.strip().startswith("//")
               and not l.strip().startswith("module") and not l.strip().startswith("gpu.module")]
    if not openers:
        return text
    i = rng.choice(openers)
    depth = 0
    close = None
    for j in range(i, len(lines)):
        s = lines[j]
        if s.strip().startswith("//"):
            continue
        depth += s.count("{") - s.count("}")
        if j > i and depth <= 0:
            close = j
            break
    if close is None:
        return text
    end = close
    # Keep the terminator (and a trailing `} else {` style closer) outside.
    k = close - 1
    while k > i and (not lines[k].strip() or lines[k].strip().startswith("//")):
        k -= 1
    if k > i and lines[k].strip().startswith(TERMINATORS):
        end = k
    pad = re.match(r"\s*", lines[i]).group(0) + "  "
    trip = rng.choice([0, 1, 2, 3, 10**12, 2**31 - 1])
    w = f"%wrap{rng.randrange(10**6)}"
    pre = [f"{pad}{w}_lb = arith.constant 0 : index",
           f"{pad}{w}_ub = arith.constant {trip} : index",
           f"{pad}{w}_st = arith.constant 1 : index",
           f"{pad}scf.for {w} = {w}_lb to {w}_ub step {w}_st {{"]
    body = ["  " + l for l in lines[i + 1:end]]
    return "\n".join(lines[:i + 1] + pre + body + [f"{pad}}}"] + lines[end:])


def add_argument(lines, i, name):
    """Adds `name: index` to the argument list of the function that holds
    line i (the nearest `func.func @`/`gpu.func @` header above it); False
    when there is none or its list cannot be found on the header line."""
    for h in range(i, -1, -1):
        m = re.search(r"\b(?:func\.func|gpu\.func)\s+(?:private\s+)?@[\w$.]+\(", lines[h])
        if not m:
            continue
        depth, k = 1, m.end()
        line = lines[h]
        while k < len(line) and depth:
            depth += {"(": 1, ")": -1}.get(line[k], 0)
            k += 1
        if depth:
            return False
        close = k - 1
        inside = line[m.end():close].strip()
        sep = ", " if inside else ""
        lines[h] = line[:close] + f"{sep}{name}: index" + line[close:]
        return True
    return False


def mut_run_time_bound(rng, text):
    """Make an scf.for's upper bound (or lower bound) an index argument of
    its function: the analyses then follow it over cases of that argument
    (verify-sync's queue and Hopper models) or join over every count."""
    lines = text.split("\n")
    loops = [i for i, l in enumerate(lines) if re.search(r"\bscf\.for\s+%[\w#]+\s*=\s*%[\w#]+\s+to\s+%[\w#]+", l)]
    if not loops:
        return text
    i = rng.choice(loops)
    name = f"%rt{rng.randrange(10**6)}"
    m = re.search(r"(\bscf\.for\s+%[\w#]+\s*=\s*)(%[\w#]+)(\s+to\s+)(%[\w#]+)", lines[i])
    if rng.random() < 0.8:
        replaced = lines[i][:m.start(4)] + name + lines[i][m.end(4):]
    else:
        replaced = lines[i][:m.start(2)] + name + lines[i][m.end(2):]
    if not add_argument(lines, i, name):
        return text
    lines[i] = replaced
    return "\n".join(lines)


ATTR_RE = re.compile(r"\s*\{asyncpipe\.(?:stage|order) = [^}]*\}|asyncpipe\.async_stages = array<[^>]*>")


def mut_drop_attr(rng, text):
    ms = list(re.finditer(r"asyncpipe\.(?:stage|order) = -?\d+(?:\s*:\s*i\d+)?,?\s*|"
                          r"\s*\{asyncpipe\.(?:stage|order) = [^}]*\}|"
                          r"\s*\{asyncpipe\.async_stages = array<[^>]*>\}|"
                          r"\s*\{[^{}\"]*\}(?=\s*:)", text))
    if not ms:
        return text
    m = rng.choice(ms)
    return text[:m.start()] + text[m.end():]


def mut_add_attr(rng, text):
    lines = text.split("\n")
    r = rng.random()
    if r < 0.4:
        # async_stages on a loop's closing brace.
        closers = [i for i, l in enumerate(lines) if l.strip() == "}"]
        if not closers:
            return text
        i = rng.choice(closers)
        vals = rng.sample([0, 1, 2, 3, -1, 2**31, 2**63 - 1], rng.randint(0, 3))
        if rng.random() < 0.2 and vals:
            vals.append(vals[0])
        arr = "array<i64" + (": " + ", ".join(map(str, vals)) if vals else "") + ">"
        lines[i] = lines[i] + f" {{asyncpipe.async_stages = {arr}}}"
    else:
        # stage/order on an op: before its trailing type (` : `).
        idx = [i for i in op_lines(lines) if " : " in lines[i] and "{" not in lines[i]]
        if not idx:
            return text
        i = rng.choice(idx)
        s = rng.choice([0, 1, 2, 3, 0, 1, -1, 2**31, 2**62])
        o = rng.choice([0, 1, 2, 3, 4, 0, -1, 2**63 - 1])
        pos = lines[i].index(" : ")
        lines[i] = lines[i][:pos] + f" {{asyncpipe.stage = {s}, asyncpipe.order = {o}}}" + lines[i][pos:]
    return "\n".join(lines)


def mut_stages_array(rng, text):
    ms = list(re.finditer(r"array<i64[^>]*>", text))
    if not ms:
        return text
    m = rng.choice(ms)
    vals = [rng.choice([0, 0, 1, 1, 2, 3, 4, -1, 63, 64, 2**31 - 1, 2**63 - 1, -2**63])
            for _ in range(rng.randint(0, 4))]
    arr = "array<i64" + (": " + ", ".join(map(str, vals)) if vals else "") + ">"
    return text[:m.start()] + arr + text[m.end():]


def mut_form(rng, text):
    """Token waits <-> counting waits, commits <-> commit groups."""
    r = rng.random()
    if r < 0.5:
        ms = list(re.finditer(r"asyncpipe\.wait (%[\w$.#]+)", text))
        if not ms:
            return text
        m = rng.choice(ms)
        return text[:m.start()] + f"asyncpipe.wait_queue {rng.choice([0, 1])}, {rng.choice([0, 1, 2])}" + text[m.end():]
    ms = list(re.finditer(r"asyncpipe\.commit (\d+)", text))
    if not ms:
        return text
    m = rng.choice(ms)
    return text[:m.start()] + f"%cg{rng.randrange(10**6)} = asyncpipe.commit_group queue {m.group(1)} {{\n}}" + text[m.end():]


MUTATORS = [
    (mut_int, 10), (mut_int_all, 5), (mut_dim, 3), (mut_shape_all, 3),
    (mut_swap, 4), (mut_dup, 4), (mut_delete, 4), (mut_for_type, 3),
    (mut_wrap, 4), (mut_drop_attr, 3), (mut_add_attr, 3), (mut_stages_array, 3),
    (mut_form, 2), (mut_run_time_bound, 3),
]


def mutate(rng, text, n):
    for _ in range(n):
        total = sum(w for _, w in MUTATORS)
        x = rng.uniform(0, total)
        for fn, w in MUTATORS:
            x -= w
            if x <= 0:
                break
        try:
            text = fn(rng, text)
        except (ValueError, IndexError):
            pass
    return text


# --------------------------------------------------------------------------
# One execution (deterministic in seed and index)


_POOLS = {}


def corpus_pools(corpus):
    """The corpus cases for the GPU, par and asyncop tables (drawn from more
    often than their share of the corpus, so that those tables' entries run)."""
    key = id(corpus)
    if key not in _POOLS:
        _POOLS[key] = {
            "par": [c for c in corpus if "par.foreach_thread" in c[1] or "scf.forall" in c[1]] or corpus,
            "asyncop": [c for c in corpus if "asyncop." in c[1]] or corpus,
            "gpu": [c for c in corpus if "gpu.module" in c[1]] or corpus,
        }
    return _POOLS[key]


def make_case(seed, index, corpus):
    rng = random.Random(f"{seed}:{index}")
    r = rng.random()
    if r < 0.45 and corpus:
        t = rng.random()
        pool = corpus
        if t < 0.12:
            pool = corpus_pools(corpus)["par"]
        elif t < 0.2:
            pool = corpus_pools(corpus)["asyncop"]
        elif t < 0.35:
            pool = corpus_pools(corpus)["gpu"]
        origin, text = rng.choice(pool)
        text = mutate(rng, text, rng.choice([0, 1, 1, 1, 2, 2, 3, 5]))
        origin = "corpus:" + origin
    else:
        text = generate(rng)
        origin = "generated"
        if rng.random() < 0.35:
            text = mutate(rng, text, rng.choice([1, 1, 2, 3]))
            origin = "generated+mutated"
    has_gpu = "gpu.module" in text
    has_par = "par.foreach_thread" in text or "scf.forall" in text
    has_asyncop = "asyncop." in text
    if (has_asyncop and rng.random() < 0.6) or rng.random() < 0.08:
        pass_ = weighted(rng, ASYNCOP_PASSES)
    elif has_par and rng.random() < 0.6:
        pass_ = weighted(rng, PAR_PASSES)
    elif has_gpu and rng.random() < 0.65:
        pass_ = weighted(rng, GPU_PASSES)
    else:
        pass_ = weighted(rng, PASSES)
    return origin, text, pass_


# In order of precedence for the signature ("panicked at" names the source
# line of a Rust panic; "internal error in pass" follows it).
MARKERS = ["panicked at", "internal error in pass", "LLVM ERROR", "Assertion",
           "PLEASE submit a bug report", "Stack dump"]
NOLOC_RE = re.compile(r"^(error:|<unknown>:0(:0)?: error)", re.M)
LOC_PREFIX_RE = re.compile(r"^[^\s:]*:\d+:\d+: ")


def normalize(msg):
    msg = LOC_PREFIX_RE.sub("", msg.strip())
    # A Rust panic names its thread ('main', or '<unnamed>' in a worker).
    msg = re.sub(r"thread '[^']*' \(\d+\)", "thread", msg)
    msg = re.sub(r"%[\w$.#]+", "%V", msg)
    msg = re.sub(r"0x[0-9a-fA-F]+", "N", msg)
    msg = re.sub(r"\d+", "N", msg)
    return msg[:320]


class Runner:
    def __init__(self, binary, timeout, mem_mb, tmpdir):
        self.binary = binary
        self.timeout = timeout
        self.mem = mem_mb * 1024 * 1024 if mem_mb else 0
        self.tmpdir = tmpdir

    def _limits(self):
        if self.mem:
            try:
                resource.setrlimit(resource.RLIMIT_AS, (self.mem, self.mem))
            except (ValueError, OSError):
                pass
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    def run(self, args):
        """Returns (rc, stdout, stderr); rc None on timeout."""
        for attempt in range(60):
            try:
                p = subprocess.run([self.binary] + args, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   timeout=self.timeout, preexec_fn=self._limits)
            except subprocess.TimeoutExpired as e:
                return None, (e.stdout or b"").decode("utf-8", "replace"), \
                    (e.stderr or b"").decode("utf-8", "replace")
            except OSError as e:
                # The binary is being replaced by a rebuild: wait and retry.
                if e.errno in (errno.ENOENT, errno.ETXTBSY, errno.EACCES, errno.ENOEXEC):
                    time.sleep(1)
                    continue
                raise
            if p.returncode == 127 or (p.returncode != 0 and b"error while loading shared libraries" in p.stderr):
                time.sleep(1)
                continue
            return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
        raise RuntimeError(f"{self.binary} could not be run")


# Every step of asyncpipe's runs with the pass manager's verifier off (the
# steps of upstream passes only, UPSTREAM_STEPS, with it on), so that a pass that
# leaves IR which does not verify prints it (in generic form) and exits 0
# instead of reporting "an error": the check of its output then finds it
# ("bad-output"). Intermediate outputs keep the input's locations.
STEP_FLAGS = ["--verify-each=false"]
KEEP_LOCS = ["--mlir-print-debuginfo"]


def check(runner, index, origin, text, pass_):
    """Runs one execution; returns a list of findings (dicts)."""
    return check_full(runner, index, origin, text, pass_)[0]


def check_full(runner, index, origin, text, pass_):
    """Runs one execution, one asyncpipe-opt per step of the entry, each
    step's output parsed and verified again before the next step reads it.
    Returns (findings, result): result["rc"] is 0 when every step exited 0,
    else the failing step's exit status (None: timeout); result["steps"]
    lists (arg, rc) for each step run."""
    label, args, sync, _ = pass_
    inp = os.path.join(runner.tmpdir, f"in-{index}.mlir")
    outp = os.path.join(runner.tmpdir, f"out-{index}.mlir")
    with open(inp, "w") as f:
        f.write(text)
    temps = [inp, outp]
    findings = []
    base = re.sub(r"=.*", "", label)
    result = {"rc": 0, "steps": []}
    state = {"step": None}

    def upstream_crash(kind, _flags, step_input):
        """`kind`, or "upstream-crash" when asyncpipe-opt crashes on the
        step's input with no pass at all (MLIR's own parse-verify-print)."""
        if kind != "crash":
            return kind
        # (Plain: parse, verify, print. The crash seen so far reads an
        # operand list out of range, so whether it fires depends on memory;
        # a crash that does not come back here stays a crash.)
        rc, _, _ = runner.run([step_input])
        return "upstream-crash" if rc not in (0, 1, None) else kind

    def finding(kind, msg, cmd, output, extra=""):
        f = {
            "kind": kind, "signature": f"{kind} | {base} | {normalize(msg)}",
            "cmd": cmd, "output": output, "extra": extra, "input": text,
            "origin": origin, "index": index, "label": label,
        }
        if state["step"]:
            f["step"] = state["step"]
        findings.append(f)

    try:
        cur = inp
        chain = []
        for k, arg in enumerate(args):
            last = k == len(args) - 1
            nxt = outp if last else os.path.join(runner.tmpdir, f"step{k + 1}-{index}.mlir")
            temps.append(nxt)
            flags = [] if arg in UPSTREAM_STEPS else STEP_FLAGS
            cmd = flags + ([] if last else KEEP_LOCS) + [arg, cur]
            if len(args) > 1:
                # A step's finding is its pass's (whichever pipeline ran it);
                # a --pass-pipeline step's, its passes'.
                if arg.startswith("--pass-pipeline"):
                    base = ",".join(step_names(arg))
                else:
                    base = re.sub(r"=.*", "", arg.lstrip("-"))
            rc, out, err = runner.run(cmd)
            result["steps"].append((arg, rc))
            both = out + err
            this = " ".join([runner.binary] + [shquote(a) for a in cmd])
            shown = " && ".join(chain + [this])
            if k > 0:
                # The failing step alone, on the previous step's output.
                with open(cur) as h:
                    state["step"] = {"number": k + 1, "arg": arg, "input": h.read(), "cmd": this}
            if rc is None:
                result["rc"] = None
                finding("timeout", f"timeout after {runner.timeout} s", shown, err[-20000:])
                return findings, result
            hit = False
            for marker in MARKERS:
                if marker in both:
                    line = next(l for l in both.splitlines() if marker in l)
                    # For a Rust panic the message is on the line after "panicked at".
                    if marker == "panicked at":
                        ls = both.splitlines()
                        j = next(i for i, l in enumerate(ls) if marker in l)
                        line = " ".join(ls[j:j + 2])
                    kind = "crash" if rc not in (0, 1) else "panic"
                    finding(upstream_crash(kind, flags, cur), line, shown, err[-20000:])
                    hit = True
                    break
            if not hit and rc not in (0, 1):
                kind = upstream_crash("crash", flags, cur)
                finding(kind, f"exit {rc}" + (f" (signal {-rc})" if rc < 0 else ""), shown, err[-20000:])
                hit = True
            if hit:
                result["rc"] = rc if rc != 0 else -1000
                return findings, result
            # An upstream pass's own error without a location (its
            # conversion refusing an input, as finalize-memref-to-llvm does
            # gpu address spaces) is upstream's, not asyncpipe's.
            m = NOLOC_RE.search(err) if arg not in UPSTREAM_STEPS else None
            if m:
                line = err[m.start():].splitlines()[0]
                finding("noloc", line, shown, err[-20000:])
            if rc == 1:
                result["rc"] = 1
                if "error" not in err:
                    finding("silent-failure", "exit 1 without an error", shown, err[-20000:])
                return findings, result
            # Success: the output must parse and verify again.
            with open(nxt, "w") as f:
                f.write(out)
            rc2, out2, err2 = runner.run([nxt])
            shown2 = f"{shown} > {nxt} && {runner.binary} {nxt}"
            if rc2 is None:
                base = "parse of output"
                result["rc"] = None
                finding("timeout", f"timeout after {runner.timeout} s", shown2, err2[-20000:], extra=out)
                return findings, result
            if rc2 != 0:
                result["rc"] = -1000
                first = next((l for l in err2.splitlines() if "error" in l), f"exit {rc2}")
                finding("bad-output", first, shown2, err2[-20000:], extra=out)
                return findings, result
            chain.append(f"{this} > {nxt}")
            cur = nxt
        state["step"] = None
        base = re.sub(r"=.*", "", label)
        shown = " && ".join(chain)
        if sync:
            rc3, _, err3 = runner.run(["--asyncpipe-verify-sync", outp])
            if rc3 is None:
                # verify-sync itself hangs (on the pass's output).
                base = "asyncpipe-verify-sync"
                finding("timeout", f"timeout after {runner.timeout} s",
                        f"{shown} && {runner.binary} --asyncpipe-verify-sync {outp}",
                        err3[-20000:], extra=out)
            elif rc3 != 0:
                rc4, _, _ = runner.run(["--asyncpipe-verify-sync", inp])
                if rc4 == 0:
                    first = next((l for l in err3.splitlines() if "error" in l), f"exit {rc3}")
                    # verify-sync saying it could not decide (its slices of a
                    # loop were not exact) is its known imprecision, not a
                    # proven race: counted apart unless --strict.
                    unproven = "could not be proven safe" in first and not STRICT
                    upstream = "--canonicalize" in args and long_narrow_loop(text) and not STRICT
                    kind = "unproven-output" if unproven else "upstream-canonicalize" if upstream else "unsync-output"
                    finding(kind, first,
                            f"{shown} && {runner.binary} --asyncpipe-verify-sync {outp}",
                            err3[-20000:], extra=out)
        return findings, result
    finally:
        for p in temps:
            try:
                os.unlink(p)
            except OSError:
                pass


CONSTANT_RE = re.compile(r"(%[\w.$-]+) = arith\.constant (-?\d+) : (i\d+)")
FOR_RE = re.compile(r"scf\.for (%[\w.$-]+) = (%[\w.$-]+) to (%[\w.$-]+) step (%[\w.$-]+)\s*:\s*(i\d+)")


def long_narrow_loop(text):
    """Whether some function of `text` has a signed scf.for over iN with
    constant bounds whose trip count exceeds 2^(N-1) - 1: the loops MLIR 22's
    canonicalize erases although they run (llvm-project#178506)."""
    for function in text.split("func.func")[1:]:
        constants = {name: int(value) for name, value, _ in CONSTANT_RE.findall(function)}
        for _, lb, ub, step, ty in FOR_RE.findall(function):
            if lb in constants and ub in constants and constants.get(step, 0) > 0:
                trips = -(-(constants[ub] - constants[lb]) // constants[step])
                if trips > 2 ** (int(ty[1:]) - 1) - 1:
                    return True
    return False


def shquote(s):
    if re.fullmatch(r"[\w./=,:+-]+", s):
        return s
    return "'" + s.replace("'", "'\\''") + "'"


def save(outdir, n, f):
    os.makedirs(outdir, exist_ok=True)
    stem = os.path.join(outdir, f"{n:03d}-{f['kind']}")
    with open(stem + ".mlir", "w") as h:
        h.write(f["input"])

    def paths(cmd):
        cmd = re.sub(r"\S*/in-\d+\.mlir", stem + ".mlir", cmd)
        cmd = re.sub(r"\S*/out-\d+\.mlir", "out.mlir", cmd)
        return re.sub(r"\S*/step(\d+)-\d+\.mlir", r"step\1.mlir", cmd)

    with open(stem + ".txt", "w") as h:
        h.write(f"signature: {f['signature']}\n")
        h.write(f"origin: {f['origin']} (execution {f['index']})\n")
        h.write(f"pass: {f['label']}\n")
        h.write(f"command: {paths(f['cmd'])}\n")
        step = f.get("step")
        if step:
            # The failing step alone, on its input (the previous step's
            # output, with the original locations).
            with open(stem + ".step.mlir", "w") as s:
                s.write(step["input"])
            alone = re.sub(r"\S*/step\d+-\d+\.mlir$", stem + ".step.mlir", step["cmd"])
            h.write(f"step {step['number']} alone: {paths(alone)}\n")
        h.write(f"\n--- output ---\n{f['output']}\n")
        if f["extra"]:
            h.write(f"\n--- pass output (the IR checked again) ---\n{f['extra']}\n")
    return stem + ".mlir"


def reduce_file(path, runner, log=print):
    """Line-deletion reducer: deletes chunks of lines (halving) and whole
    brace-balanced blocks while the reproducer keeps its signature. Writes
    PATH.reduced.mlir and returns it."""
    with open(os.path.splitext(path)[0] + ".txt") as h:
        txt = h.read()
    sig = re.search(r"^signature: (.*)$", txt, re.M).group(1)
    m = re.search(r"^pass: (.*)$", txt, re.M)
    if m:
        pass_ = {p[0]: p for p in ALL_PASSES}[m.group(1)]
    else:
        # Older reports: the pass whose flags the command line has (longest).
        cmd = re.search(r"^command: (.*)$", txt, re.M).group(1).split(" > ")[0]
        pass_ = max((p for p in ALL_PASSES if " ".join(shquote(x) for x in p[1]) + " " in cmd),
                    key=lambda p: len(" ".join(p[1])))
    with open(path) as h:
        lines = [l for l in h.read().split("\n") if l.strip() and not l.strip().startswith("//")]
    tries = [0]

    def interesting(ls):
        tries[0] += 1
        fs = check(runner, tries[0], "reduce", "\n".join(ls) + "\n", pass_)
        return any(f["signature"] == sig for f in fs)

    # The signature as this version of the fuzzer and binary compute it (the
    # same kind of finding as the saved one).
    fs = check(runner, 0, "reduce", "\n".join(lines) + "\n", pass_)
    same = [f["signature"] for f in fs if f["signature"] == sig] or \
        [f["signature"] for f in fs if f["kind"] == sig.split(" |")[0]]
    if not same:
        log(f"reduce: {path} does not reproduce '{sig}'")
        return None
    sig = same[0]
    log(f"reduce: keeping '{sig}'")
    out = os.path.splitext(path)[0] + ".reduced.mlir"

    def save_best(ls):
        # The best so far, so that an interrupted reduction leaves something.
        with open(out, "w") as h:
            h.write("\n".join(ls) + "\n")

    progress = True
    while progress:
        progress = False
        # Whole blocks: an opener line through its matching closer.
        i = 0
        while i < len(lines):
            if lines[i].rstrip().endswith("{"):
                depth = 0
                for j in range(i, len(lines)):
                    depth += lines[j].count("{") - lines[j].count("}")
                    if depth <= 0:
                        break
                for cand in (lines[:i] + lines[j + 1:], lines[:i] + lines[i + 1:j] + lines[j + 1:]):
                    if j > i and interesting(cand):
                        lines = cand
                        progress = True
                        save_best(lines)
                        break
                else:
                    i += 1
                continue
            i += 1
        chunk = max(1, len(lines) // 2)
        while chunk >= 1:
            i = 0
            while i < len(lines):
                cand = lines[:i] + lines[i + chunk:]
                if interesting(cand):
                    lines = cand
                    progress = True
                    save_best(lines)
                else:
                    i += chunk
            chunk //= 2
    save_best(lines)
    log(f"reduce: {len(lines)} lines after {tries[0]} runs: {out}")
    return out


def print_coverage(binary, entry_stats, pass_stats):
    """Per table entry: executions and exits 0; per registered pass: the
    steps that ran it (alone, in a pipeline, in a --pass-pipeline) and their
    exits 0; the registered passes that no table names."""
    print("coverage: table entries (executions, exit 0):")
    for tname, table in TABLES:
        for entry in table:
            runs, ok = entry_stats.get(id(entry), [0, 0])
            print(f"  {runs:6d} {ok:6d}  {tname}: {entry[0]}")
    registry = registered_passes(binary)
    named = set().union(*map(entry_names, ALL_PASSES))
    print("coverage: registered passes (steps run, exit 0):")
    for name in registry:
        runs, ok = pass_stats.get(name, [0, 0])
        note = "" if name in named else "  NOT IN THE TABLES"
        print(f"  {runs:6d} {ok:6d}  {name}{note}")
    ran = [n for n in registry if pass_stats.get(n, [0, 0])[0]]
    passed = [n for n in registry if pass_stats.get(n, [0, 0])[1]]
    missing = [n for n in registry if n not in named]
    print(f"coverage: {len(ran)}/{len(registry)} registered passes run, {len(passed)} with an exit 0; "
          f"not in the tables: {', '.join(missing) if missing else 'none'}")


def main():
    ap = argparse.ArgumentParser(description="Structure-aware fuzzer for asyncpipe-opt (see the docstring).")
    ap.add_argument("--seed", type=int, default=0)
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--execs", type=int, help="number of executions")
    g.add_argument("--seconds", type=float, help="run for this long")
    ap.add_argument("--jobs", type=int, default=1, help="executions in parallel")
    ap.add_argument("--out", default=None, help="directory for reproducers (default: a temporary one)")
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "asyncpipe-opt"))
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per execution")
    ap.add_argument("--mem-limit-mb", type=int, default=4096, help="address-space limit per process (0: none)")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--max-depth", type=int, default=32, help="deepest generated loop nest")
    ap.add_argument("--deep-depth", type=int, default=64,
                    help="deepest nest of the dedicated deep shape (bench/scaling.py outer), whatever --max-depth says")
    ap.add_argument("--coverage", action="store_true",
                    help="at the end, print per table entry its executions and how many exited 0, per registered "
                         "pass its steps run and exited 0, and the registered passes no table names")
    ap.add_argument("--check-registry", action="store_true",
                    help="only compare the registered passes (--help) with the tables: exit 1 when one is missing")
    ap.add_argument("--strict", action="store_true",
                    help="count outputs that verify-sync could not prove safe (not proven unsafe) as findings")
    ap.add_argument("--reduce", metavar="REPRO.mlir",
                    help="shrink a saved reproducer (keeping its signature) instead of fuzzing")
    a = ap.parse_args()
    global MAX_DEPTH, STRICT, DEEP_DEPTH
    MAX_DEPTH, STRICT, DEEP_DEPTH = a.max_depth, a.strict, a.deep_depth
    if a.check_registry:
        registry = registered_passes(os.path.abspath(a.bin))
        named = set().union(*map(entry_names, ALL_PASSES))
        missing = [r for r in registry if r not in named]
        for r in missing:
            print(f"fuzz: registered pass not in the tables: {r}")
        print(f"fuzz: registry: {len(registry) - len(missing)}/{len(registry)} registered passes named by the tables")
        return 1 if missing or not registry else 0
    if a.reduce:
        tmpdir = tempfile.mkdtemp(prefix="asyncpipe-fuzz-work-")
        try:
            out = reduce_file(a.reduce, Runner(os.path.abspath(a.bin), a.timeout, a.mem_limit_mb, tmpdir))
        finally:
            shutil.rmtree(tmpdir, ignore_errors=True)
        return 0 if out else 1
    if a.execs is None and a.seconds is None:
        a.execs = 200
    binary = os.path.abspath(a.bin)
    outdir = a.out or tempfile.mkdtemp(prefix="asyncpipe-fuzz-")
    tmpdir = tempfile.mkdtemp(prefix="asyncpipe-fuzz-work-")
    runner = Runner(binary, a.timeout, a.mem_limit_mb, tmpdir)
    corpus = load_corpus()
    start = time.monotonic()
    deadline = start + a.seconds if a.seconds is not None else None
    total_findings = 0
    known = {}  # kind -> count, for the known open kinds (see STRICT)
    known_seen = {}
    distinct = {}
    times = {}  # signature -> executions that found it
    execs = 0
    lock = threading.Lock()

    entry_stats = {}  # id(entry) -> [executions, exit 0]
    pass_stats = {}  # pass name -> [steps run, exit 0]

    def job(i):
        origin, text, pass_ = make_case(a.seed, i, corpus)
        fs, result = check_full(runner, i, origin, text, pass_)
        return pass_, result, fs

    def handle(i, done):
        nonlocal total_findings
        pass_, result, fs = done
        st = entry_stats.setdefault(id(pass_), [0, 0])
        st[0] += 1
        st[1] += result["rc"] == 0
        for arg, rc in result["steps"]:
            for name in step_names(arg):
                ps = pass_stats.setdefault(name, [0, 0])
                ps[0] += 1
                ps[1] += rc == 0
        for f in fs:
            if f["kind"] in ("unproven-output", "upstream-canonicalize", "upstream-crash") or (f["kind"] == "timeout" and not STRICT):
                known[f["kind"]] = known.get(f["kind"], 0) + 1
                if f["signature"] not in known_seen:
                    known_seen[f["signature"]] = save(outdir, 900 + len(known_seen), f)
                    print(f"known ({f['kind']}): {f['signature']}\n  reproducer: {known_seen[f['signature']]}", flush=True)
                continue
            total_findings += 1
            times[f["signature"]] = times.get(f["signature"], 0) + 1
            if f["signature"] not in distinct:
                path = save(outdir, len(distinct) + 1, f)
                distinct[f["signature"]] = path
                print(f"finding: {f['signature']}\n  reproducer: {path}", flush=True)
            elif a.verbose:
                print(f"again: {f['signature']} (execution {i})", flush=True)

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
            pending = {}
            next_i = 0
            next_report = 0
            results = {}
            while True:
                while len(pending) < 2 * max(1, a.jobs):
                    if a.execs is not None and next_i >= a.execs:
                        break
                    if deadline is not None and time.monotonic() >= deadline:
                        break
                    pending[pool.submit(job, next_i)] = next_i
                    next_i += 1
                if not pending:
                    break
                done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for fut in done:
                    i = pending.pop(fut)
                    results[i] = fut.result()
                # Report in execution order (deterministic numbering).
                while next_report in results:
                    handle(next_report, results.pop(next_report))
                    next_report += 1
                    execs += 1
                    if a.verbose and execs % 100 == 0:
                        print(f"... {execs} executions, {time.monotonic() - start:.0f} s", flush=True)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    elapsed = time.monotonic() - start
    if a.coverage:
        print_coverage(binary, entry_stats, pass_stats)
    for sig, path in distinct.items():
        print(f"distinct ({times[sig]}x): {sig}\n  reproducer: {path}")
    if distinct:
        kinds = {}
        for sig, n in times.items():
            kind = sig.split(" |")[0]
            kinds[kind] = kinds.get(kind, 0) + n
        print("fuzz: findings by kind: " + ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items())))
        print(f"reproducers in {outdir}")
    if known:
        listed = ", ".join(f"{count} {kind}" for kind, count in sorted(known.items()))
        print(f"fuzz: known open kinds, not counted as findings without --strict: {listed}")
    print(f"fuzz: {execs} executions, {total_findings} findings ({len(distinct)} distinct), {elapsed:.1f} s")
    return 1 if total_findings else 0


if __name__ == "__main__":
    sys.exit(main())
