#!/usr/bin/env python3
"""Reads an NVVM-level module (upstream's convert-nvgpu-to-nvvm output) and
splits each nvvm.mbarrier.arrive.expect_tx into nvvm.mbarrier.expect_tx
and nvvm.mbarrier.arrive (as asyncpipe's bulk queues do), the arrival on
a pointer rebuilt from an integer (llvm.ptrtoint, llvm.add of an offset,
llvm.inttoptr, as asyncpipe's lowerings compute addresses). Modes:
  (none)    the offset is 0: the same mbarrier;
  --twice   the first expect_tx is issued twice: the phase expects twice
            the bytes its loads bring;
  --next    the offset is 8: the arrival is on the next 8-byte slot, an
            mbarrier nobody initialized;
  --negative the first expect_tx expects -4 bytes;
  --cast    the first expect_tx's count comes through an unrealized cast
            from i16 (a cast of another width says nothing of the value)."""
import re
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else ""
text = sys.stdin.read()
count = 0


def split(m):
    global count
    count += 1
    indent, pointer, tx, types = m.group(1), m.group(2), m.group(3), m.group(4)
    n = count
    offset = 8 if mode == "--next" else 0
    if mode == "--cast" and n == 1:
        lines = [f"%n16 = llvm.mlir.constant(6144 : i16) : i16",
                 f"%cast = builtin.unrealized_conversion_cast %n16 : i16 to i32",
                 f"nvvm.mbarrier.expect_tx {pointer}, %cast : {types}"]
    elif mode == "--negative" and n == 1:
        lines = [f"%neg = llvm.mlir.constant(-4 : i32) : i32", f"nvvm.mbarrier.expect_tx {pointer}, %neg : {types}"]
    else:
        lines = [f"nvvm.mbarrier.expect_tx {pointer}, {tx} : {types}"]
    if mode == "--twice" and n == 1:
        lines.append(lines[0])
    lines += [
        f"%int{n} = llvm.ptrtoint {pointer} : !llvm.ptr<3> to i64",
        f"%off{n} = llvm.mlir.constant({offset} : i64) : i64",
        f"%sum{n} = llvm.add %int{n}, %off{n} : i64",
        f"%ptr{n} = llvm.inttoptr %sum{n} : i64 to !llvm.ptr<3>",
        f"%state{n} = nvvm.mbarrier.arrive %ptr{n} : !llvm.ptr<3> -> i64",
    ]
    return indent + indent.join(lines)


text = re.sub(r"(\n *)nvvm\.mbarrier\.arrive\.expect_tx (%\w+), (%\w+) : ([^\n]*)", split, text)
if count == 0:
    sys.exit("expect-then-arrive: no nvvm.mbarrier.arrive.expect_tx")
sys.stdout.write(text)
