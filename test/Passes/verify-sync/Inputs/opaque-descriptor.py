#!/usr/bin/env python3
"""Reads an NVVM-level module (upstream's convert-nvgpu-to-nvvm output) and
ORs into the first nvvm.wgmma.mma_async's A descriptor the result of a call
to an external function: bits the Hopper model cannot follow, beside the
address it can."""
import re
import sys

text = sys.stdin.read()
text = text.replace("  gpu.module @kernels {", "  gpu.module @kernels {\n    llvm.func @opaque_bits() -> i64", 1)
text, count = re.subn(r"(\n *)(%\d+ = nvvm\.wgmma\.mma_async )(%\d+),",
                      r"\1%bits = llvm.call @opaque_bits() : () -> i64\1%opaque = llvm.or \3, %bits : i64\1\2%opaque,",
                      text, count=1)
if count != 1:
    sys.exit("opaque-descriptor: no nvvm.wgmma.mma_async found")
sys.stdout.write(text)
