#!/usr/bin/env python3
"""Reads an NVVM-level module (upstream's convert-nvgpu-to-nvvm output) and
moves the source pointer of its first TMA store
(nvvm.cp.async.bulk.tensor.global.shared.cta) 512 f32 elements on with a
getelementptr; with --unknown, by the kernel's last argument (an i64 the
model cannot evaluate)."""
import re
import sys

text = sys.stdin.read()
if "--unknown" in sys.argv:
    args = re.search(r"llvm\.func @\w+\(([^)]*)\)|gpu\.func @\w+\(([^)]*)\)", text)
    last = (args.group(1) or args.group(2)).split(",")[-1].split(":")[0].strip()
    index = f"{last}"
else:
    index = "512"
text, count = re.subn(
    r"(\n *)(nvvm\.cp\.async\.bulk\.tensor\.global\.shared\.cta \S+, )(%\w+),",
    lambda m: f"{m.group(1)}%moved = llvm.getelementptr {m.group(3)}[{index}] : (!llvm.ptr<3>{', i64' if index != '512' else ''}) -> !llvm.ptr<3>, f32{m.group(1)}{m.group(2)}%moved,",
    text, count=1)
if count != 1:
    sys.exit("store-source-offset: no TMA store found")
sys.stdout.write(text)
