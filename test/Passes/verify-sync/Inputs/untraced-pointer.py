#!/usr/bin/env python3
"""Reads a Hopper kernel after upstream's convert-nvgpu-to-nvvm and
finalize-memref-to-llvm (shared memory read by llvm.load) and makes the
first llvm.load of shared memory read through a pointer the model cannot
trace to its buffer:
  --select  the pointer made generic and chosen by llvm.select;
  --loop    the pointer made generic and carried through an scf.for;
  --alias   the pointer taken from an llvm.mlir.alias of the global the
            load reads (an alias is not followed to its global)."""
import re
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else ""
text = sys.stdin.read()
load = re.compile(r"\n( *)(%\w+) = llvm\.load (%\w+) : !llvm\.ptr<3> -> f32").search(text)
indent, result, pointer = load.group(1), load.group(2), load.group(3)
if mode == "--select":
    new = (f"\n{indent}%untraced_true = llvm.mlir.constant(true) : i1"
           f"\n{indent}%untraced_generic = llvm.addrspacecast {pointer} : !llvm.ptr<3> to !llvm.ptr"
           f"\n{indent}%untraced = llvm.select %untraced_true, %untraced_generic, %untraced_generic : i1, !llvm.ptr"
           f"\n{indent}{result} = llvm.load %untraced : !llvm.ptr -> f32")
elif mode == "--loop":
    new = (f"\n{indent}%untraced_generic = llvm.addrspacecast {pointer} : !llvm.ptr<3> to !llvm.ptr"
           f"\n{indent}%untraced_zero = arith.constant 0 : index"
           f"\n{indent}%untraced_one = arith.constant 1 : index"
           f"\n{indent}%untraced = scf.for %untraced_i = %untraced_zero to %untraced_one step %untraced_one iter_args(%untraced_p = %untraced_generic) -> (!llvm.ptr) {{"
           f"\n{indent}  scf.yield %untraced_p : !llvm.ptr"
           f"\n{indent}}}"
           f"\n{indent}{result} = llvm.load %untraced : !llvm.ptr -> f32")
elif mode == "--alias":
    glob = re.compile(r"\n( *)llvm\.mlir\.global private @(\w+)\(\) \{addr_space = 3 : i32\} : (!llvm\.array<[^\n]*>)\n").search(text)
    gindent, name, ty = glob.group(1), glob.group(2), glob.group(3)
    alias = (f"\n{gindent}llvm.mlir.alias private @{name}Alias {{addr_space = 3 : i32}} : {ty} {{"
             f"\n{gindent}  %target = llvm.mlir.addressof @{name} : !llvm.ptr<3>"
             f"\n{gindent}  llvm.return %target : !llvm.ptr<3>"
             f"\n{gindent}}}")
    new = (f"\n{indent}%untraced = llvm.mlir.addressof @{name}Alias : !llvm.ptr<3>"
           f"\n{indent}{result} = llvm.load %untraced : !llvm.ptr<3> -> f32")
    text = text[:load.start()] + new + text[load.end():]
    sys.stdout.write(text[:glob.end() - 1] + alias + text[glob.end() - 1:])
    sys.exit(0)
else:
    sys.exit("untraced-pointer: --select, --loop or --alias")
sys.stdout.write(text[:load.start()] + new + text[load.end():])
