#!/usr/bin/env python3
"""Reads a cp.async kernel after upstream's convert-nvgpu-to-nvvm and breaks
one thing:
  --no-wait     the first nvvm.cp.async.wait.group is deleted;
  --wait-more   the first nvvm.cp.async.wait.group keeps one group more
                in flight;
  --stride      the first copy's destination is computed with a slot
                stride of one element more than its memref's (513, not
                512): not the memref's own addressing;
  --llvm-load   an llvm.load of the first copy's destination pointer right
                after it (an access the queue model does not follow);
  --generic-store  an llvm.store through that pointer made generic;
  --i32-index   the first copy's destination index truncated to i32 before
                its getelementptr (32-bit arithmetic may wrap)."""
import re
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else ""
text = sys.stdin.read()
wait = re.compile(r"nvvm\.cp\.async\.wait\.group (\d+)").search(text)
copy = re.compile(r"\n( *)nvvm\.cp\.async\.shared\.global (%\w+),[^\n]*").search(text)
if mode == "--no-wait":
    start = text.rindex("\n", 0, wait.start())
    text = text[:start] + text[wait.end():]
elif mode == "--wait-more":
    text = text[:wait.start()] + f"nvvm.cp.async.wait.group {int(wait.group(1)) + 1}" + text[wait.end():]
elif mode == "--stride":
    text, n = re.subn(r"llvm\.mlir\.constant\(512 : index\) : i64", "llvm.mlir.constant(513 : index) : i64", text, count=1)
    if n != 1:
        sys.exit("cp-async-mutant: no slot stride 512")
elif mode == "--llvm-load":
    text = text[:copy.end()] + f"\n{copy.group(1)}%early = llvm.load {copy.group(2)} : !llvm.ptr<3> -> f32" + text[copy.end():]
elif mode == "--generic-store":
    text = (text[:copy.end()] + f"\n{copy.group(1)}%generic = llvm.addrspacecast {copy.group(2)} : !llvm.ptr<3> to !llvm.ptr"
            f"\n{copy.group(1)}%one = llvm.mlir.constant(1.0 : f32) : f32\n{copy.group(1)}llvm.store %one, %generic : f32, !llvm.ptr" + text[copy.end():])
elif mode == "--i32-index":
    gep = re.compile(r"(%\w+) = llvm\.getelementptr (%\w+)\[(%\w+)\] : \(!llvm\.ptr<3>, i64\) -> !llvm\.ptr<3>, (\w+)").search(text)
    line = text.rindex("\n", 0, gep.start())
    indent = text[line + 1:gep.start()]
    text = (text[:gep.start()] + f"%narrow = llvm.trunc {gep.group(3)} : i64 to i32\n{indent}"
            + f"{gep.group(1)} = llvm.getelementptr {gep.group(2)}[%narrow] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, {gep.group(4)}" + text[gep.end():])
else:
    sys.exit("cp-async-mutant: --no-wait, --wait-more, --stride, --llvm-load, --generic-store or --i32-index")
sys.stdout.write(text)
