// verify-sync on what asyncpipe-lower-mma{chip=sm_90a} writes: wgmma
// descriptors packed from memref.extract_aligned_pointer_as_index plus the
// view's offset (read from memref.extract_strided_metadata) and the
// warpgroup's rows (thread id / 128: evaluated once per warpgroup), and an
// accumulator kept in a thread's memref.alloca, loaded into the wgmma's
// struct and stored back (register moves, not reads: LLVM's SROA makes
// them the values). The kernel is test/Passes/lower-mma/wgmma.mlir's
// @one_warpgroup with its copy group replaced by plain copies, a
// fence.proxy.async and a barrier (Inputs/plain-fill.py), so that only the
// Hopper model has work here
// (hopper-mixed-models.mlir: the two models do not share a kernel).
// Before, every wgmma here was "cannot prove" (the descriptor walk knew
// only llvm.ptrtoint) and each store into the alloca a read of a pending
// accumulator.
// RUN: asyncpipe-opt %S/../lower-mma/wgmma.mlir --asyncpipe-lower-mma=chip=sm_90a > %t.lowered.mlir
// RUN: python3 %S/Inputs/plain-fill.py < %t.lowered.mlir | asyncpipe-opt --asyncpipe-verify-sync -o /dev/null
// The second MMA group accumulating onto the first in flight is legal:
// RUN: python3 %S/Inputs/plain-fill.py --no-first-wait < %t.lowered.mlir | asyncpipe-opt --asyncpipe-verify-sync -o /dev/null
// Storing the accumulator with no wait, overwriting a tile the MMA reads,
// or reading the alloca that holds pending registers, are not:
// RUN: python3 %S/Inputs/plain-fill.py --no-last-wait < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAST
// LAST: error: reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it
// RUN: python3 %S/Inputs/plain-fill.py --overwrite < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVERWRITE
// OVERWRITE: error: overwrites shared memory that a warpgroup MMA may still read: no wgmma.wait_group completes it before
// RUN: python3 %S/Inputs/plain-fill.py --alloca-read < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALLOCA
// ALLOCA: error: reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it
// Through a subview of the alloca, the same read (making the view is none):
// RUN: python3 %S/Inputs/plain-fill.py --view-read < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=VIEW
// VIEW: error: reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it
// VIEW-NEXT: %early = vector.load %row
// Through a pointer (the alloca cast to its LLVM descriptor, the aligned
// pointer extracted and loaded) and through a memref.memory_space_cast:
// the cast that lets the registers escape counts as a read, and so does
// the load. (Before, an op with no memory effects on the alloca was taken
// as a view, and llvm.load was not seen: both were proven.)
// RUN: python3 %S/Inputs/plain-fill.py --cast-read < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAST
// CAST: error: reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it
// CAST-NEXT: %desc = builtin.unrealized_conversion_cast %alloca
// CAST: error: reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it
// CAST-NEXT: %early = llvm.load %aligned
// RUN: python3 %S/Inputs/plain-fill.py --space-read < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPACE
// SPACE: error: reads a warpgroup MMA's accumulator before the wgmma.wait_group that completes it
// SPACE-NEXT: %early = vector.load %spaced
// Through a memref the model cannot trace to its buffer (the alloca chosen
// by arith.select): "cannot prove" while accumulators kept in an alloca
// are pending (before, proven):
// RUN: python3 %S/Inputs/plain-fill.py --chosen-read < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHOSEN
// CHOSEN: error: cannot prove: accesses a memref the model cannot trace to its buffer while a warpgroup MMA's accumulator kept in a thread's alloca is pending
// A k step 8 KB on reads past the 8 KB tile its pointer comes from: the
// model does not know what lies past another buffer's end (before, the
// footprint past the end counted as the tile's and was proven):
// RUN: python3 %S/Inputs/plain-fill.py --past < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: error: cannot prove: this wgmma descriptor reads past the memref its pointer comes from
// A wgmma.wait_group by one thread: each warpgroup has its own MMA queue,
// worked on by all its threads; part of one is not followed (before, that
// wait completed every warpgroup's groups):
// RUN: python3 %S/Inputs/plain-fill.py --one-waits < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: error: cannot prove: warpgroup MMA work by thread 0, not whole warpgroups (128 threads each)
// wgmma reads shared memory through the async proxy: plain copies with no
// fence.proxy.async after them may be read stale (before, not checked):
// RUN: python3 %S/Inputs/plain-fill.py --no-fence < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=FENCE
// FENCE: error: reads shared memory that threads 0-127 wrote through the generic proxy with no fence.proxy.async after the write: the warpgroup MMA (async proxy) may read stale data
// Fenced but with no barrier after: the other threads' copies may not be
// done when a warpgroup's MMA reads (before, proven once fenced):
// RUN: python3 %S/Inputs/plain-fill.py --no-barrier < %t.lowered.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARRIER
// BARRIER: error: reads shared memory that threads 0-127 wrote (and fenced) with no block barrier between their writes and this warpgroup MMA
