#!/usr/bin/env python3
"""Reads an NVVM-level module (upstream's convert-nvgpu-to-nvvm output) and
moves the first k step of the first warpgroup MMA's A descriptor 16 KB
further (its offset 2, in 16-byte units, becomes 1026): the wgmma then
reads the ring's other A slot, past the memref whose pointer the
descriptor packs."""
import re
import sys

text = sys.stdin.read()
text, count = re.subn(r"= llvm\.mlir\.constant\(2 : i32\) : i64", "= llvm.mlir.constant(1026 : i32) : i64", text, count=1)
if count != 1:
    sys.exit("descriptor-offset: no k-step offset found")
sys.stdout.write(text)
