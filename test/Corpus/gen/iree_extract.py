#!/usr/bin/env python3
"""Extract IREE's CUDA kernels from an iree-compile IR dump as standalone
modules that upstream mlir-opt (LLVM 22) parses.

Usage: iree_extract.py DUMP STAGE OUT_DIR PREFIX

DUMP is iree-compile's stderr with --mlir-print-ir-after=... etc. (see
make-iree.sh). STAGE picks the dump:
  structured  "IR Dump Before GpuEliminateBarriers" (scf, vector, affine;
              before IREE runs upstream's barrier elimination itself)
  cf          "IR Dump After SCFToControlFlowPass" of the dispatch function
              (the LLVMGPU lowering's scf-to-cf, affine already lowered)
  final       "IR Dump Before ConvertToNVVMPass" (strided metadata expanded)

Only IREE's own ops are rewritten; the body is otherwise kept exactly as
IREE printed it:
  %N = hal.interface.binding.subspan ... binding(K) ... : T
      -> the kernel argument %N : T (#hal.descriptor_type<...> dropped)
  hal.interface.workgroup.id[i] [upper_bound N] -> gpu.block_id x|y|z [upper_bound N]
  hal.interface.workgroup.count[i] ...  -> gpu.grid_dim likewise
  func.func @f() attributes {...} {      -> gpu.func @f(args) kernel
      attributes {known_block_size = array<i32: X, Y, Z>} {
  return                                 -> gpu.return
  vector.splat %x : vector<...xT>        -> vector.broadcast %x : T to vector<...xT>
                                            (upstream LLVM 22 removed vector.splat)
The block size is the workgroup_size of IREE's translation_info (from the
"IR Dump After LLVMGPUSelectLoweringStrategyPass" in the same dump).
"""
import os
import re
import sys

STAGES = {
    "structured": r"Before GpuEliminateBarriers \(gpu-eliminate-barriers\)",
    "cf": r"After SCFToControlFlowPass \(convert-scf-to-cf\)",
    "final": r"Before ConvertToNVVMPass \(iree-convert-to-nvvm\)",
}
DIMS = "xyz"


def workgroup_sizes(text):
    sizes = {}
    for m in re.finditer(r"func\.func @(\w+)\(\) attributes \{translation_info = #iree_codegen\.translation_info<pipeline = (\w+) workgroup_size = \[(\d+), (\d+), (\d+)\]", text):
        sizes[m.group(1)] = ((int(m.group(3)), int(m.group(4)), int(m.group(5))), m.group(2))
    return sizes


def functions(chunk):
    """The dispatch functions of one dump chunk: (name, header line, body lines)."""
    lines = chunk.split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)func\.func @(\w+)\(\)", lines[i])
        if m and "_dispatch_" in m.group(2):
            indent = m.group(1)
            j = i + 1
            while j < len(lines) and lines[j] != indent + "}":
                j += 1
            out.append((m.group(2), [l[len(indent):] for l in lines[i + 1:j]]))
            i = j
        i += 1
    return out


def convert(name, body, block):
    args = []
    new = []
    for line in body:
        m = re.match(r"^(\s*)(%[\w]+) = hal\.interface\.binding\.subspan .* binding\((\d+)\).* : (memref<.*>)$", line)
        if m:
            ty = re.sub(r", #hal\.descriptor_type<\w+>", "", m.group(4))
            if not re.search(r"offset\(%c0\)", line):
                raise SystemExit(f"{name}: binding with a nonzero offset: {line.strip()}")
            args.append((int(m.group(3)), m.group(2), ty))
            continue
        line = re.sub(r"hal\.interface\.workgroup\.id\[(\d)\]( upper_bound \d+)? : index", lambda m: "gpu.block_id  " + DIMS[int(m.group(1))] + (m.group(2) or ""), line)
        line = re.sub(r"hal\.interface\.workgroup\.count\[(\d)\]( upper_bound \d+)? : index", lambda m: "gpu.grid_dim  " + DIMS[int(m.group(1))] + (m.group(2) or ""), line)
        line = re.sub(r"#hal\.descriptor_type<\w+>", "#gpu.address_space<global>", line)
        line = re.sub(r"^(\s*)return$", r"\1gpu.return", line)
        # LLVM 22 removed vector.splat (IREE 3.6's LLVM still has it).
        line = re.sub(r"vector\.splat (%[\w#]+) : vector<((?:\d+x)*)(\w+)>",
                      lambda m: f"vector.broadcast {m.group(1)} : {m.group(3)} to vector<{m.group(2)}{m.group(3)}>", line)
        if "hal." in line or "iree_" in line or "util." in line:
            raise SystemExit(f"{name}: IREE op or attribute left: {line.strip()}")
        new.append(line)
    args.sort()
    sig = ", ".join(f"{a}: {t}" for _, a, t in args)
    x, y, z = block
    head = f"    gpu.func @{name}({sig}) kernel attributes {{known_block_size = array<i32: {x}, {y}, {z}>}} {{"
    return "\n".join(["module attributes {gpu.container_module} {", "  gpu.module @kernels {", head]
                     + ["    " + l if l else l for l in new] + ["    }", "  }", "}", ""])


def main():
    dump, stage, out_dir, prefix = sys.argv[1:5]
    text = open(dump).read()
    sizes = workgroup_sizes(text)
    chunks = re.split(r"(?m)^// -----// IR Dump ", text)
    done = set()
    for chunk in chunks[1:]:
        if not re.match(STAGES[stage], chunk):
            continue
        for name, body in functions(chunk):
            if name in done:
                continue
            done.add(name)
            block, pipeline = sizes[name]
            short = prefix if len(done) == 1 else f"{prefix}-{len(done)}"
            path = os.path.join(out_dir, f"{short}.{stage}.mlir")
            with open(path, "w") as f:
                f.write(f"// kernel: {name}\n// pipeline: {pipeline}\n// stage: {stage}\n")
                f.write(convert(name, body, block))
            print(path)


if __name__ == "__main__":
    main()
