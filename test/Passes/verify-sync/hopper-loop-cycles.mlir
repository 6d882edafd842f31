// How the Hopper loop model skips ahead (passes/analysis/hopper_sync/loops.rs,
// run_time_loops.rs): once the state at the top of an iteration repeats,
// the iterations up to the last one through which no monotone condition
// changes are skipped, and the state there is the cycle's at the right
// place. When a condition changes inside the first cycle found (here
// `i >= 1`, false at iteration 0 only), that cycle is abandoned and a new
// one starts at the current iteration. Both kernels are correct: a slot
// refilled at every iteration, waited for at parity i mod 2, then one more
// load after the loop, waited for at parity 0 (100 phases completed), or
// max(n, 0) mod 2 for a run-time trip count n.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// The same verdicts, at the same ops, after upstream's convert-nvgpu-to-nvvm
// and finalize-memref-to-llvm (pointers and llvm.load/llvm.store):
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm),finalize-memref-to-llvm,asyncpipe-verify-sync)'
// In CFG form too (upstream's convert-scf-to-cf, then canonicalize and cse:
// loops and branches as blocks, as gpu-lower-to-nvvm-pipeline leaves them):
// the same verdicts at the same ops. verify-sync raises the blocks back to
// scf.for and scf.if on a copy (passes/transform/cfg_to_scf.rs); before, the
// Hopper model followed only the entry block, and every race here was proven
// in that form.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf),canonicalize,cse,asyncpipe-verify-sync)'
// (Before the new cycle recorded the iteration it starts at, the skip
// landed on the state one iteration off, of the other parity, and the wait
// after the loop was a false alarm, for the constant and the run-time
// trip count alike.)

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  gpu.func @abandoned_cycle(%a: !lhs, %out: memref<101xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %c100 = arith.constant 100 : index
    %c2048 = arith.constant 2048 : index
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
    scf.for %i = %c0 to %c100 step %c1 {
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      %r = arith.remui %i, %c2 : index
      %parity = arith.index_cast %r : index to i1
      nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      %late = arith.cmpi sge, %i, %c1 : index
      scf.if %late {
        memref.store %x, %out[%i] : memref<101xf32>
      }
      gpu.barrier
    }
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %y = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %y, %out[%c100] : memref<101xf32>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  gpu.func @abandoned_cycle_run_time(%a: !lhs, %out: memref<101xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
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
    scf.for %i = %c0 to %n step %c1 {
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      %r = arith.remui %i, %c2 : index
      %parity = arith.index_cast %r : index to i1
      nvgpu.mbarrier.try_wait.parity %mb[%c0], %parity, %ticks : !bar
      %x = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
      %late = arith.cmpi sge, %i, %c1 : index
      scf.if %late {
        memref.store %x, %out[%c7] : memref<101xf32>
      }
      gpu.barrier
    }
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    // max(n, 0) phases completed: the next one has parity max(n, 0) mod 2.
    %trips = arith.maxsi %n, %c0 : index
    %nr = arith.remui %trips, %c2 : index
    %np = arith.index_cast %nr : index to i1
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %np, %ticks : !bar
    %y = memref.load %lbuf[%c0, %c7] : memref<64x8xf32, 3>
    memref.store %y, %out[%c100] : memref<101xf32>
    gpu.return
  }
}
