// TMA stores at the nvgpu level (nvgpu.tma.async.store, with
// nvvm.cp.async.bulk.commit.group and nvvm.cp.async.bulk.wait_group): the
// store reads shared memory through the async proxy until a bulk wait of
// its group; what it reads was written through the generic proxy, which a
// fence.proxy.async (and, for other threads' writes, a block barrier) makes
// visible to it. Before, a kernel with a TMA store was reported as "not
// modeled" (never proven): @epilogue is proven now, each other case breaks
// one rule.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// In CFG form too (upstream's convert-scf-to-cf, then canonicalize and cse:
// loops and branches as blocks, as gpu-lower-to-nvvm-pipeline leaves them):
// the same verdicts at the same ops. verify-sync raises the blocks back to
// scf.for and scf.if on a copy (passes/transform/cfg_to_scf.rs); before, the
// Hopper model followed only the entry block, and every race here was proven
// in that form.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf),canonicalize,cse,asyncpipe-verify-sync)'
// The same kernels after upstream's convert-nvgpu-to-nvvm (the store is
// nvvm.cp.async.bulk.tensor.global.shared.cta, its source a pointer
// followed back to its memref): the same verdicts, one per broken kernel,
// none for @epilogue (before, "not modeled" for each).
// RUN: asyncpipe-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm))' \
// RUN:   | not asyncpipe-opt -split-input-file --asyncpipe-verify-sync -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVVM --implicit-check-not=error:
// NVVM: error: reads shared memory that threads 0-127 wrote through the generic proxy with no fence.proxy.async after the write
// NVVM: error: reads shared memory that threads 1-127 wrote (and fenced) with no block barrier between their writes and this TMA store
// NVVM: error: overwrites shared memory that a TMA store may still be reading: no cp.async.bulk.wait_group.read of its group comes before
// NVVM: error: overwrites shared memory that thread 0 may still be reading
// NVVM: error: the kernel ends while a TMA store may still read shared memory
// After memref's lowering as well (the tile's stores are llvm.store
// through pointers into the global's descriptor): the same verdicts.
// RUN: asyncpipe-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm),finalize-memref-to-llvm)' \
// RUN:   | not asyncpipe-opt -split-input-file --asyncpipe-verify-sync -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVVM --implicit-check-not=error:

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @cBuf : memref<64x8xf32, 3>
  // An epilogue as CUTLASS writes it: every thread stores its part of the
  // tile, fences the generic proxy, the block meets, one thread stores the
  // tile with TMA and waits for the read before the tile is reused.
  gpu.func @epilogue(%d: !desc, %v: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    %row = arith.divui %tid, %c8 : index
    %col = arith.remui %tid, %c8 : index
    %cbuf = memref.get_global @cBuf : memref<64x8xf32, 3>
    %first = arith.cmpi eq, %tid, %c0 : index
    memref.store %v, %cbuf[%row, %col] : memref<64x8xf32, 3>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      nvgpu.tma.async.store %cbuf to %d[%c0, %c0] : memref<64x8xf32, 3> -> !desc
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.barrier
    memref.store %v, %cbuf[%row, %col] : memref<64x8xf32, 3>
    gpu.return
  }
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @cBuf : memref<64x8xf32, 3>
  // The fence deleted: the TMA store reads through the async proxy, which
  // may not see the threads' stores yet.
  gpu.func @no_fence(%d: !desc, %v: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    %row = arith.divui %tid, %c8 : index
    %col = arith.remui %tid, %c8 : index
    %cbuf = memref.get_global @cBuf : memref<64x8xf32, 3>
    %first = arith.cmpi eq, %tid, %c0 : index
    // expected-note @below {{the write}}
    memref.store %v, %cbuf[%row, %col] : memref<64x8xf32, 3>
    gpu.barrier
    scf.if %first {
      // expected-error @below {{reads shared memory that threads 0-127 wrote through the generic proxy with no fence.proxy.async after the write: the TMA store (async proxy) may read stale data}}
      nvgpu.tma.async.store %cbuf to %d[%c0, %c0] : memref<64x8xf32, 3> -> !desc
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.return
  }
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @cBuf : memref<64x8xf32, 3>
  // Fenced, but no barrier: thread 0 may issue the store before the other
  // threads have written.
  gpu.func @no_barrier(%d: !desc, %v: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    %row = arith.divui %tid, %c8 : index
    %col = arith.remui %tid, %c8 : index
    %cbuf = memref.get_global @cBuf : memref<64x8xf32, 3>
    %first = arith.cmpi eq, %tid, %c0 : index
    // expected-note @below {{the write}}
    memref.store %v, %cbuf[%row, %col] : memref<64x8xf32, 3>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    scf.if %first {
      // expected-error @below {{reads shared memory that threads 1-127 wrote (and fenced) with no block barrier between their writes and this TMA store}}
      nvgpu.tma.async.store %cbuf to %d[%c0, %c0] : memref<64x8xf32, 3> -> !desc
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.return
  }
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @cBuf : memref<64x8xf32, 3>
  // The tile rewritten before the bulk wait: the store may still read it.
  gpu.func @reuse_before_wait(%d: !desc, %v: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    %row = arith.divui %tid, %c8 : index
    %col = arith.remui %tid, %c8 : index
    %cbuf = memref.get_global @cBuf : memref<64x8xf32, 3>
    %first = arith.cmpi eq, %tid, %c0 : index
    memref.store %v, %cbuf[%row, %col] : memref<64x8xf32, 3>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      // expected-note @below {{the TMA store}}
      nvgpu.tma.async.store %cbuf to %d[%c0, %c0] : memref<64x8xf32, 3> -> !desc
      nvvm.cp.async.bulk.commit.group
    }
    // expected-error @below {{overwrites shared memory that a TMA store may still be reading: no cp.async.bulk.wait_group.read of its group comes before}}
    memref.store %v, %cbuf[%row, %col] : memref<64x8xf32, 3>
    scf.if %first {
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.return
  }
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @cBuf : memref<64x8xf32, 3>
  // Waited by thread 0, rewritten by the others with no barrier after the
  // wait.
  gpu.func @reuse_before_barrier(%d: !desc, %v: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    %row = arith.divui %tid, %c8 : index
    %col = arith.remui %tid, %c8 : index
    %cbuf = memref.get_global @cBuf : memref<64x8xf32, 3>
    %first = arith.cmpi eq, %tid, %c0 : index
    memref.store %v, %cbuf[%row, %col] : memref<64x8xf32, 3>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      // expected-note @below {{the read}}
      nvgpu.tma.async.store %cbuf to %d[%c0, %c0] : memref<64x8xf32, 3> -> !desc
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    // expected-error @below {{overwrites shared memory that thread 0 may still be reading}}
    memref.store %v, %cbuf[%row, %col] : memref<64x8xf32, 3>
    gpu.return
  }
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @cBuf : memref<64x8xf32, 3>
  // The kernel ends with the store's read pending: shared memory ends with
  // the block.
  gpu.func @ends_pending(%d: !desc, %v: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    %row = arith.divui %tid, %c8 : index
    %col = arith.remui %tid, %c8 : index
    %cbuf = memref.get_global @cBuf : memref<64x8xf32, 3>
    %first = arith.cmpi eq, %tid, %c0 : index
    memref.store %v, %cbuf[%row, %col] : memref<64x8xf32, 3>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      // expected-note @below {{the TMA store}}
      nvgpu.tma.async.store %cbuf to %d[%c0, %c0] : memref<64x8xf32, 3> -> !desc
      nvvm.cp.async.bulk.commit.group
    }
    // expected-error @below {{the kernel ends while a TMA store may still read shared memory: wait for it (cp.async.bulk.wait_group.read 0) before returning}}
    gpu.return
  }
}
