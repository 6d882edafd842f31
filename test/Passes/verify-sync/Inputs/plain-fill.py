#!/usr/bin/env python3
"""Reads asyncpipe-lower-mma{chip=sm_90a}'s output for
test/Passes/lower-mma/wgmma.mlir's @one_warpgroup (tiles filled by one
asyncpipe copy group, then two MMA groups whose accumulator lives in a
thread's memref.alloca, each waited for with wgmma.wait_group 0) and fills
the tiles with plain memref.copy, a fence.proxy.async (wgmma reads through
the async proxy) and a gpu.barrier instead of the copy group, so that only
the Hopper model has work in the kernel. Modes:
  (none)          as is;
  --no-first-wait the first wgmma.wait_group is deleted: the second chain
                  accumulates onto the first in flight (legal);
  --no-last-wait  the second wgmma.wait_group is deleted: the accumulator
                  is stored while the MMA writes it;
  --overwrite     a store into the A tile right after the first commit;
  --alloca-read   a vector.load of the accumulator's alloca right after
                  the first commit;
  --view-read     the same through a subview of the alloca;
  --cast-read     the same through a pointer: the alloca cast to its LLVM
                  descriptor, the aligned pointer extracted, an llvm.load;
  --space-read    the same through a memref.memory_space_cast of the alloca;
  --chosen-read   the same through the alloca chosen by arith.select (a
                  memref the model cannot trace to its buffer);
  --past          A's first k step moved 8 KB on (offset 2 becomes 514):
                  past the 8 KB tile its pointer comes from;
  --one-waits     the first wgmma.wait_group by thread 0 only;
  --no-fence      no fence.proxy.async after the plain copies;
  --no-barrier    the fence but no gpu.barrier after it."""
import re
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else ""
text = sys.stdin.read()
text, n = re.subn(r"asyncpipe\.commit_queue 0 \{\n(.*?)\n *\}\n( *)asyncpipe\.wait_queue 0, 0",
                  lambda m: m.group(1).replace("asyncpipe.copy", "memref.copy") + "\n" + m.group(2)
                  + ("" if mode == "--no-fence" else
                     "nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}\n" + m.group(2))
                  + ("" if mode == "--no-barrier" else "gpu.barrier"),
                  text, count=1, flags=re.S)
if n != 1:
    sys.exit("plain-fill: no copy group")
waits = [m.start() for m in re.finditer(r"\n *nvvm\.wgmma\.wait\.group\.sync\.aligned 0", text)]
commit = re.search(r"\n( *)nvvm\.wgmma\.commit\.group\.sync\.aligned", text)
if len(waits) != 2 or not commit:
    sys.exit("plain-fill: expected two wgmma waits after a commit")
indent = commit.group(1)
if mode == "--no-first-wait":
    end = text.index("\n", waits[0] + 1)
    text = text[:waits[0]] + text[end:]
elif mode == "--no-last-wait":
    end = text.index("\n", waits[1] + 1)
    text = text[:waits[1]] + text[end:]
elif mode in ("--overwrite", "--alloca-read", "--view-read", "--cast-read", "--space-read", "--chosen-read"):
    if mode == "--overwrite":
        extra = (f"\n{indent}%zero_h = arith.constant 0.0 : f16\n{indent}%i0 = arith.constant 0 : index"
                 f"\n{indent}memref.store %zero_h, %alloc[%i0, %i0] : memref<64x64xf16, #gpu.address_space<workgroup>>")
    elif mode == "--alloca-read":
        extra = (f"\n{indent}%i0 = arith.constant 0 : index"
                 f"\n{indent}%early = vector.load %alloca[%i0, %i0, %i0] : memref<1x8x4xf32>, vector<4xf32>")
    elif mode == "--cast-read":
        extra = (f"\n{indent}%desc = builtin.unrealized_conversion_cast %alloca : memref<1x8x4xf32> to !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>"
                 f"\n{indent}%aligned = llvm.extractvalue %desc[1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>"
                 f"\n{indent}%early = llvm.load %aligned : !llvm.ptr -> f32")
    elif mode == "--chosen-read":
        extra = (f"\n{indent}%i0 = arith.constant 0 : index\n{indent}%yes = arith.constant true"
                 f"\n{indent}%chosen = arith.select %yes, %alloca, %alloca : memref<1x8x4xf32>"
                 f"\n{indent}%early = vector.load %chosen[%i0, %i0, %i0] : memref<1x8x4xf32>, vector<4xf32>")
    elif mode == "--space-read":
        extra = (f"\n{indent}%i0 = arith.constant 0 : index"
                 f"\n{indent}%spaced = memref.memory_space_cast %alloca : memref<1x8x4xf32> to memref<1x8x4xf32, 5>"
                 f"\n{indent}%early = vector.load %spaced[%i0, %i0, %i0] : memref<1x8x4xf32, 5>, vector<4xf32>")
    else:
        extra = (f"\n{indent}%i0 = arith.constant 0 : index"
                 f"\n{indent}%row = memref.subview %alloca[0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<1x8x4xf32> to memref<4xf32, strided<[1]>>"
                 f"\n{indent}%early = vector.load %row[%i0] : memref<4xf32, strided<[1]>>, vector<4xf32>")
    text = text[:commit.end()] + extra + text[commit.end():]
elif mode == "--past":
    text, n = re.subn(r"arith\.constant 2 : i64", "arith.constant 514 : i64", text, count=1)
    if n != 1:
        sys.exit("plain-fill: no k step")
elif mode == "--one-waits":
    end = text.index("\n", waits[0] + 1)
    line = text[waits[0]:end]
    ind = line[1:len(line) - len(line.lstrip())]
    wrapped = (f"\n{ind}%tid0 = gpu.thread_id x\n{ind}%z0 = arith.constant 0 : index"
               f"\n{ind}%is0 = arith.cmpi eq, %tid0, %z0 : index\n{ind}scf.if %is0 {{{line}\n{ind}}}")
    text = text[:waits[0]] + wrapped + text[end:]
elif mode and mode not in ("--no-fence", "--no-barrier"):
    sys.exit(f"plain-fill: unknown mode {mode}")
sys.stdout.write(text)
