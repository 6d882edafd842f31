#!/usr/bin/env python3
"""The kernels of a corpus folder (test/Corpus/sm90, public hand-written
sm90 kernels, by default; iree/ and nvgpu-pipeliner/ for cp.async
pipelines) at the NVVM level: each is lowered by upstream's
convert-nvgpu-to-nvvm (the NVVM level users' pipelines reach: mbarriers,
TMA loads and stores through pointers, wgmma with i64 descriptors,
nvvm.cp.async.shared.global and nvvm.ldmatrix on pointers) and
verify-sync's first finding there is compared with its first finding on the
nvgpu-level kernel (proven, or the same message). Prints one line per kernel
whose first finding differs and a summary; a kernel that both levels find
racy, each with its own first race, keeps its verdict (the NVVM level sees
plain stores where the nvgpu level has a Hopper op). Exits 1 when a verdict
differs (proven at one level only) or a kernel is "not modeled" at the
NVVM level. With --memrefs, upstream's finalize-memref-to-llvm
runs after it as well: loads and stores of shared memory become llvm.load and
llvm.store through pointers taken from memref descriptors that the lowering
builds with llvm.insertvalue (upstream's gpu-lower-to-nvvm-pipeline reaches
that form before convert-gpu-to-nvvm). With --cfg, upstream's
convert-scf-to-cf, canonicalize and cse run as well (the pipeline's
CFG form: loops and branches as blocks).

  nvvm-level-verdicts.py --bin DIR [--corpus test/Corpus/sm90] [--memrefs] [--cfg | --also-cfg]
"""
import argparse
import os
import re
import subprocess
import sys


def pipeline(memrefs, cfg):
    """The --pass-pipeline option of one lowering."""
    steps = ["gpu.module(convert-nvgpu-to-nvvm" + (",convert-scf-to-cf)" if cfg else ")")]
    if memrefs:
        steps.append("finalize-memref-to-llvm")
    if cfg:
        steps += ["canonicalize", "cse"]
    return "--pass-pipeline=builtin.module(" + ",".join(steps) + ")"


def first_finding(opt, text):
    """verify-sync's first error on `text`, without its location; None when
    the kernel is proven."""
    done = subprocess.run([opt, "--asyncpipe-verify-sync", "-o", os.devnull], input=text, capture_output=True, text=True)
    for line in done.stderr.splitlines():
        match = re.search(r"error: (.*)", line)
        if match:
            return match.group(1)
    if done.returncode != 0:
        return f"(exit code {done.returncode})"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="the folder of asyncpipe-opt")
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "..", "Corpus", "sm90"))
    parser.add_argument("--memrefs", action="store_true", help="lower memrefs to LLVM as well (finalize-memref-to-llvm)")
    parser.add_argument("--cfg", action="store_true", help="lower scf to cf as well (convert-scf-to-cf, canonicalize, cse)")
    parser.add_argument("--also-cfg", action="store_true",
                        help="also compare the CFG form (with --memrefs as given), in the same run: the nvgpu-level verdicts are computed once")
    args = parser.parse_args()
    opt = os.path.join(args.bin, "asyncpipe-opt")
    kernels = sorted(f for f in os.listdir(args.corpus) if f.endswith(".mlir"))
    forms = [("nvvm-level", args.memrefs, args.cfg)]
    if args.also_cfg:
        forms.append(("nvvm-level, CFG form", args.memrefs, True))
    counts = {label: [0, 0, 0, 0] for label, _, _ in forms}  # same verdict, proven, unconverted, another first race
    for name in kernels:
        with open(os.path.join(args.corpus, name)) as f:
            text = f.read()
        nvgpu = None
        for label, memrefs, cfg in forms:
            count = counts[label]
            lowered = subprocess.run([opt, pipeline(memrefs, cfg)], input=text, capture_output=True, text=True)
            if lowered.returncode != 0:
                # Upstream's limit, not verify-sync's: such a kernel is counted
                # apart (IREE's wmma kernels carry gpu.mma_matrix values
                # through scf.for, which the conversion cannot type).
                print(f"{name} ({label}): upstream's conversion failed: {lowered.stderr.strip().splitlines()[0][:160]}")
                count[2] += 1
                continue
            if nvgpu is None:
                nvgpu = (first_finding(opt, text),)
            nvvm = first_finding(opt, lowered.stdout)
            if nvvm is not None and "not modeled" in nvvm:
                print(f"{name} ({label}): not modeled at the NVVM level: {nvvm}")
            elif nvgpu[0] == nvvm:
                count[0] += 1
                count[1] += nvgpu[0] is None
            else:
                print(f"{name} ({label}): nvgpu level: {nvgpu[0] or 'proven'}; NVVM level: {nvvm or 'proven'}")
                if nvgpu[0] is not None and nvvm is not None:
                    count[0] += 1
                    count[3] += 1
    status = 0
    for label, _, _ in forms:
        same, proven, unconverted, other = counts[label]
        apart = f", {unconverted} not converted by upstream" if unconverted else ""
        others = f", {other} racy with another first race" if other else ""
        print(f"{label}: {len(kernels)} kernels{apart}, {same} with the nvgpu level's verdict ({proven} proven, {same - proven - other} with the same first finding{others})")
        status |= same != len(kernels) - unconverted
    return status


if __name__ == "__main__":
    sys.exit(main())
