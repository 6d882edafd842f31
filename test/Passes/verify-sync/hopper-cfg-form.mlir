// The Hopper model on control flow in CFG form that is not what
// convert-scf-to-cf gives scf.for and scf.if (passes/transform/cfg_to_scf.rs
// raises those; the hopper-*.mlir tests run their kernels in CFG form):
// "cannot prove" at the first branch it cannot raise, never proven. Before,
// the model followed only a kernel's entry block: the TMA load, the wait
// and the read after them in later blocks were not seen, and each kernel
// here was proven.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// A loop whose increment wraps, converted to CFG form by upstream:
// RUN: awk 'BEGIN{RS="// ---" "--\n"} NR==3' %s | asyncpipe-opt --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf),canonicalize,cse)' | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: error: cannot prove: control flow in CFG form that is not the shape convert-scf-to-cf gives scf.for and scf.if

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // Thread 0 returns early after issuing the load (an exit that is not an
  // scf.if's join); the others read the tile without waiting.
  gpu.func @early_exit(%a: !lhs, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c2048 = arith.constant 2048 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    // expected-error @below {{cannot prove: control flow in CFG form that is not the shape convert-scf-to-cf gives scf.for and scf.if}}
    cf.cond_br %first, ^load, ^read
  ^load:
    nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
    nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    gpu.return
  ^read:
    %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %x, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // A loop in scf.while's shape (its header does the work, then tests):
  // refills the tile each round with no wait before the reads.
  gpu.func @while_shape(%a: !lhs, %out: memref<128xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c2048 = arith.constant 2048 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    // expected-error @below {{cannot prove: control flow in CFG form}}
    cf.br ^head(%c0 : index)
  ^head(%i: index):
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %x, %out[%tid] : memref<128xf32>
    %next = arith.addi %i, %c1 : index
    %more = arith.cmpi slt, %next, %n : index
    cf.cond_br %more, ^head(%next : index), ^done
  ^done:
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // An i32 loop from 2^31 - 2 to 2^31 - 1 by 2. As an scf.for it has one
  // trip (upstream's count: proven here). In CFG form (the WRAP line converts
  // it) 2^31 - 2 + 2 wraps to -2^31, still below the bound, so the loop never
  // ends and its second round waits on a phase already passed: not raised,
  // "cannot prove" (before, raised, counted as one trip and proven; found by
  // a review).
  gpu.func @wrapping_loop(%a: !lhs, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c2048 = arith.constant 2048 : index
    %lb = arith.constant 2147483646 : i32
    %ub = arith.constant 2147483647 : i32
    %st = arith.constant 2 : i32
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.for %i = %lb to %ub step %st : i32 {
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      memref.store %x, %out[%tid] : memref<128xf32>
      gpu.barrier
    }
    gpu.return
  }
}
