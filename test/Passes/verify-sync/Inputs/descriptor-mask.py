#!/usr/bin/env python3
"""Reads an NVVM-level module (upstream's convert-nvgpu-to-nvvm output) and
changes how the first wgmma descriptor packs its pointer: upstream keeps
address bits 4-17 as the 14-bit start field, `(p << 46) >> 50`; here
`(p << 47) >> 51` keeps bits 4-16 only. The descriptor is right while the
buffer lies below 128 KB of shared memory and addresses another tile when
it lies above: which one, the kernel cannot say at compile time."""
import re
import sys

text = sys.stdin.read()
pattern = re.compile(r"llvm\.mlir\.constant\(46 : i64\) : i64\n(.*?)llvm\.mlir\.constant\(50 : i64\) : i64", re.S)
text, count = pattern.subn(lambda m: "llvm.mlir.constant(47 : i64) : i64\n" + m.group(1) + "llvm.mlir.constant(51 : i64) : i64", text, count=1)
if count != 1:
    sys.exit("descriptor-mask: no descriptor packing found")
sys.stdout.write(text)
