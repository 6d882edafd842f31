// Conditions inside a Hopper loop that depend on the iteration: the loop
// model (passes/analysis/hopper_sync/loops.rs, run_time_loops.rs) judges
// the iterations between two that agree by those two only for comparisons
// that change at most once over the loop (a prefetch guard `i + 1 < n`,
// passes/analysis/periodicity.rs's monotone_comparison). An equality of
// the iteration with a constant is true at one iteration; an unsigned
// comparison of a value that crosses zero jumps. Before, both were taken
// as monotone and the iteration where the wait is skipped was never
// visited: every racy kernel here was proven.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// The same verdicts, at the same ops, after upstream's convert-nvgpu-to-nvvm
// and finalize-memref-to-llvm (pointers and llvm.load/llvm.store):
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm),finalize-memref-to-llvm,asyncpipe-verify-sync)'
// In CFG form too (after upstream's convert-nvgpu-to-nvvm,
// finalize-memref-to-llvm, convert-scf-to-cf, canonicalize and cse: loops
// and branches as blocks, as gpu-lower-to-nvvm-pipeline leaves them): the
// same verdicts at the same ops. verify-sync raises the blocks back to
// scf.for and scf.if on a copy (passes/transform/cfg_to_scf.rs); before, the
// Hopper model followed only the entry block, and every race here was proven
// in that form.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf),finalize-memref-to-llvm,canonicalize,cse,asyncpipe-verify-sync)'

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // The same loop with a guard that holds at every iteration (`i < 100`,
  // a monotone comparison): proven.
  gpu.func @waits_always(%a: !lhs, %out: memref<100xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c100 = arith.constant 100 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.for %i = %c0 to %c100 step %c1 {
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      %r = arith.remui %i, %c2 : index
      %parity = arith.index_cast %r : index to i1
      %wait = arith.cmpi slt, %i, %c100 : index
      scf.if %wait {
        nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
      }
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      memref.store %x, %out[%i] : memref<100xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // One slot refilled at every iteration: thread 0 loads, every thread
  // waits for the phase (parity i mod 2) and reads, a barrier frees the
  // slot. Iteration 5 skips the wait (`i != 5`).
  gpu.func @skips_one(%a: !lhs, %out: memref<100xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c100 = arith.constant 100 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      // expected-note @+1 {{initialized here}}
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.for %i = %c0 to %c100 step %c1 {
      scf.if %first {
        // expected-error @+1 {{2 arrivals on mbarrier 0 in one phase}}
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        // expected-error @+2 {{writes shared memory that a TMA load may still be writing}}
        // expected-note @+1 {{the TMA load}}
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      %r = arith.remui %i, %c2 : index
      %parity = arith.index_cast %r : index to i1
      %wait = arith.cmpi ne, %i, %c5 : index
      scf.if %wait {
        // expected-error @+1 {{gets 3 arrivals where its initialization counts 1}}
        nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
      }
      // expected-error @+1 {{reads shared memory that a TMA load may still be writing}}
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      memref.store %x, %out[%i] : memref<100xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // Iteration 5 skips the wait through an unsigned comparison: `i - 5`
  // crosses zero, so `i - 5 >u 0` is true, false at 5, true again.
  gpu.func @skips_one_unsigned(%a: !lhs, %out: memref<100xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c100 = arith.constant 100 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      // expected-note @+1 {{initialized here}}
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.for %i = %c0 to %c100 step %c1 {
      scf.if %first {
        // expected-error @+1 {{2 arrivals on mbarrier 0 in one phase}}
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        // expected-error @+2 {{writes shared memory that a TMA load may still be writing}}
        // expected-note @+1 {{the TMA load}}
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      %r = arith.remui %i, %c2 : index
      %parity = arith.index_cast %r : index to i1
      %d = arith.subi %i, %c5 : index
      %wait = arith.cmpi ugt, %d, %c0 : index
      scf.if %wait {
        // expected-error @+1 {{gets 3 arrivals where its initialization counts 1}}
        nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
      }
      // expected-error @+1 {{reads shared memory that a TMA load may still be writing}}
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      memref.store %x, %out[%i] : memref<100xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // The same loop to a run-time trip count %n: the equality is not
  // periodic in the iteration, so the run-time model says it cannot prove
  // the loop (before: proven).
  gpu.func @skips_one_run_time(%a: !lhs, %out: memref<100xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c100 = arith.constant 100 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    // expected-error @+1 {{cannot prove: a loop of run-time trip count around mbarrier, TMA or warpgroup MMA work whose slots, parities or conditions are not periodic}}
    scf.for %i = %c0 to %n step %c1 {
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      %r = arith.remui %i, %c2 : index
      %parity = arith.index_cast %r : index to i1
      %wait = arith.cmpi ne, %i, %c5 : index
      scf.if %wait {
        nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
      }
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      memref.store %x, %out[%i] : memref<100xf32>
      gpu.barrier
    }
    gpu.return
  }
}

