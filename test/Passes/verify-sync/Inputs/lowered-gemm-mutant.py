#!/usr/bin/env python3
"""Reads asyncpipe's sm_90a GEMM (examples/tensor_core_gemm_tma.mlir) after
the pipeliner, asyncpipe-lower-mma and asyncpipe-to-nvgpu with a bulk queue
(TMA copies on an mbarrier ring, wgmma) and breaks one thing:
  --no-mma-wait   the pipelined loop's wgmma.wait_group 1 is deleted: the
                  next TMA load overwrites tiles an MMA still reads;
  --short-expect  the first expect_tx expects half its bytes;
  --no-wait       the pipelined loop's mbarrier parity wait is deleted;
  --opaque-reset  before the pipelined loop, a loop of the block's id
                  iterations (none for block 0) stores 0 into the ring's
                  counter: how many times it ran is not known;
  --cast-reset    before the pipelined loop, 1 is stored into the ring's
                  counter through a memref.memory_space_cast of it;
  --pointer-reset the same through a pointer (the counter's LLVM
                  descriptor, its aligned pointer, an llvm.store);
  --asm-reset     the same through inline assembly given the counter's
                address as an integer (the address escapes: the counter is
                not kept);
  --opaque-other  like --opaque-reset, but the loop stores into another
                  alloca of its own: the counter keeps its value."""
import re
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else ""
text = sys.stdin.read()
loop = text.index("scf.for")
if mode == "--no-mma-wait":
    m = re.compile(r"\n *nvvm\.wgmma\.wait\.group\.sync\.aligned 1").search(text, loop)
    text = text[:m.start()] + text[m.end():]
elif mode == "--short-expect":
    m = re.compile(r"nvvm\.mbarrier\.expect_tx (%\w+), (%\w+) :").search(text)
    line_start = text.rindex("\n", 0, m.start())
    indent = text[line_start + 1:m.start()]
    text = (text[:line_start] + f"\n{indent}%half = arith.constant 8192 : i32" + text[line_start:m.start()]
            + f"nvvm.mbarrier.expect_tx {m.group(1)}, %half :" + text[m.end():])
elif mode == "--no-wait":
    m = re.compile(r"\n *nvvm\.mbarrier\.try_wait\.parity [^\n]*").search(text, loop)
    text = text[:m.start()] + text[m.end():]
elif mode == "--opaque-reset":
    counter = re.search(r"(%\w+) = memref\.alloca\(\) : memref<index>", text).group(1)
    start = text.rindex("\n", 0, loop)
    indent = text[start + 1:loop]
    reset = (f"\n{indent}%bid = gpu.block_id x\n{indent}%zero = arith.constant 0 : index\n{indent}%one = arith.constant 1 : index"
             f"\n{indent}scf.for %q = %zero to %bid step %one {{\n{indent}  memref.store %zero, {counter}[] : memref<index>\n{indent}}}")
    text = text[:start] + reset + text[start:]
elif mode in ("--cast-reset", "--pointer-reset", "--asm-reset", "--opaque-other"):
    counter = re.search(r"(%\w+) = memref\.alloca\(\) : memref<index>", text).group(1)
    start = text.rindex("\n", 0, loop)
    indent = text[start + 1:loop]
    if mode == "--cast-reset":
        reset = (f"\n{indent}%one = arith.constant 1 : index"
                 f"\n{indent}%spaced = memref.memory_space_cast {counter} : memref<index> to memref<index, 5>"
                 f"\n{indent}memref.store %one, %spaced[] : memref<index, 5>")
    elif mode == "--pointer-reset":
        reset = (f"\n{indent}%one = llvm.mlir.constant(1 : i64) : i64"
                 f"\n{indent}%desc = builtin.unrealized_conversion_cast {counter} : memref<index> to !llvm.struct<(ptr, ptr, i64)>"
                 f"\n{indent}%aligned = llvm.extractvalue %desc[1] : !llvm.struct<(ptr, ptr, i64)>"
                 f"\n{indent}llvm.store %one, %aligned : i64, !llvm.ptr")
    elif mode == "--asm-reset":
        reset = (f"\n{indent}%address = memref.extract_aligned_pointer_as_index {counter} : memref<index> -> index"
                 f"\n{indent}%address64 = arith.index_cast %address : index to i64"
                 f"\n{indent}llvm.inline_asm has_side_effects \"st.u64 [$0], 1;\", \"l\" %address64 : (i64) -> ()")
    else:
        reset = (f"\n{indent}%bid = gpu.block_id x\n{indent}%zero = arith.constant 0 : index\n{indent}%one = arith.constant 1 : index"
                 f"\n{indent}%other = memref.alloca() : memref<index>"
                 f"\n{indent}scf.for %q = %zero to %bid step %one {{\n{indent}  memref.store %zero, %other[] : memref<index>\n{indent}}}")
    text = text[:start] + reset + text[start:]
else:
    sys.exit("lowered-gemm-mutant: --no-mma-wait, --short-expect, --no-wait, --opaque-reset, --cast-reset, --pointer-reset, --asm-reset or --opaque-other")
sys.stdout.write(text)
