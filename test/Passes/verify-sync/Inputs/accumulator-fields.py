#!/usr/bin/env python3
"""Reads an NVVM-level module (upstream's convert-nvgpu-to-nvvm output of a
GEMM whose warpgroup MMA is two 64-row halves of four k steps each: eight
nvvm.wgmma.mma_async, the first four one accumulator chain, the next four
another) and breaks one wgmma's accumulator operand:
  --mix    the sixth (second half, second k step) takes its chain's
           registers with field 5 replaced by field 5 of the first half's
           latest result, still in flight;
  --moved  the sixth takes its chain's registers with field 5 moved to 6;
  --stale  the third takes the first's result, which the second has
           already accumulated onto in place."""
import re
import sys

text = sys.stdin.read()
pattern = re.compile(r"(?P<indent>\n *)(?P<result>%\w+) = nvvm\.wgmma\.mma_async (?P<a>%\w+), (?P<b>%\w+), (?P<acc>%\w+),(?P<rest>[^\n]*-> (?P<type>[^\n]*))")
ops = list(pattern.finditer(text))
if len(ops) < 8:
    sys.exit("accumulator-fields: fewer than eight nvvm.wgmma.mma_async")
mode = sys.argv[1] if len(sys.argv) > 1 else ""


def rewrite(op, inouts, before=""):
    line = f"{op['indent']}{before}{op['result']} = nvvm.wgmma.mma_async {op['a']}, {op['b']}, {inouts},{op['rest']}"
    return text[:op.start()] + line + text[op.end():]


if mode == "--mix":
    sixth, latest, ty = ops[5], ops[3]["result"], ops[5]["type"]
    extra = (f"%mixf = llvm.extractvalue {latest}[5] : {ty}{sixth['indent']}"
             f"%mixed = llvm.insertvalue %mixf, {sixth['acc']}[5] : {ty}{sixth['indent']}")
    text = rewrite(sixth, "%mixed", extra)
elif mode == "--moved":
    sixth, ty = ops[5], ops[5]["type"]
    extra = (f"%movf = llvm.extractvalue {sixth['acc']}[5] : {ty}{sixth['indent']}"
             f"%moved = llvm.insertvalue %movf, {sixth['acc']}[6] : {ty}{sixth['indent']}")
    text = rewrite(sixth, "%moved", extra)
elif mode == "--stale":
    text = rewrite(ops[2], ops[0]["result"])
else:
    sys.exit("accumulator-fields: --mix, --moved or --stale")
sys.stdout.write(text)
