// Loops whose carried integers are keyed in their cycle
// (periodicity::CarriedIntegers::Keyed, Form::Keyed), cases found by a
// review of that change, each proven by the build that introduced it:
// - a branch result chosen by a carried value (%sel) that an earlier run of
//   the loop left bound (3 trips, then 201 or 301): the period's walk read
//   the stale value as a constant and skipped past the race; values inside
//   a loop are now unbound when it is entered (Bindings::unbind_inside), in
//   both models;
// - a comparison of the induction variable with a carried value that
//   toggles (`i >= s`): taken as a monotone threshold, checked with one of
//   its values; a comparison with a keyed value is no threshold now (the
//   loop runs iteration by iteration, and the race at iteration 100 is found).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

func.func @stale_branch_result(%src: memref<8192xf32>, %dst: memref<128xf32, 3>, %out: memref<8192xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c101 = arith.constant 101 : index
  %c198 = arith.constant 198 : index
  scf.for %o = %c0 to %c2 step %c1 {
    // 3 trips, then 201.
    %m = arith.muli %o, %c198 : index
    %n = arith.addi %m, %c3 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (index) {
      // expected-note @below {{the asynchronous write}}
      %t = nvgpu.device_async_copy %src[%i], %dst[%c0], 4 : memref<8192xf32> to memref<128xf32, 3>
      %g = nvgpu.device_async_create_group %t
      // %sel = %s, which alternates 0, 1, 0, 1, ...
      %odd = arith.cmpi eq, %s, %c1 : index
      %sel = scf.if %odd -> (index) {
        scf.yield %c1 : index
      } else {
        scf.yield %c0 : index
      }
      // %x = i at odd i, 0 at even i: %late holds at odd i >= 101.
      %x = arith.muli %i, %sel : index
      %late = arith.cmpi sge, %x, %c101 : index
      scf.if %late {
        // Reads the element the copy just issued is still writing.
        // expected-error @below {{accesses memory that an asynchronous operation may still be writing, while its group may be in flight}}
        %v = memref.load %dst[%c0] : memref<128xf32, 3>
        memref.store %v, %out[%i] : memref<8192xf32>
      }
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      %ns = arith.subi %c1, %s : index
      scf.yield %ns : index
    }
  }
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  gpu.func @stale_branch_result_hopper(%a: !lhs, %out: memref<4096xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c101 = arith.constant 101 : index
    %c298 = arith.constant 298 : index
    %c2048 = arith.constant 2048 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.for %o = %c0 to %c2 step %c1 {
      // 3 trips, then 301.
      %m = arith.muli %o, %c298 : index
      %n = arith.addi %m, %c3 : index
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (index) {
        // %sel = %s, which alternates 0, 1, 0, 1, ...
        %odd = arith.cmpi eq, %s, %c1 : index
        %sel = scf.if %odd -> (index) {
          scf.yield %c1 : index
        } else {
          scf.yield %c0 : index
        }
        // %x = i at odd i, 0 at even i: %late holds at odd i >= 101.
        %x = arith.muli %i, %sel : index
        %late = arith.cmpi sge, %x, %c101 : index
        %go = arith.andi %late, %first : i1
        scf.if %go {
          // expected-error @below {{2 arrivals on mbarrier 0 in one phase, which its initialization counts 1}}
          nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
          // expected-error @below {{overwrites shared memory that threads 0-127 may still be reading (no block barrier, nor a wait on a phase they arrived on after reading)}}
          // expected-note @below {{the TMA load}}
          nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
        }
        // No wait: reads the buffer the TMA load may still be writing.
        // expected-note @below {{the read}}
        // expected-error @below {{reads shared memory that a TMA load may still be writing}}
        %v = memref.load %lbuf[%c0, %c0] : memref<64x8xf32, 3>
        memref.store %v, %out[%i] : memref<4096xf32>
        %ns = arith.subi %c1, %s : index
        scf.yield %ns : index
      }
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  gpu.func @threshold_on_carried(%a: !lhs, %out: memref<4096xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %cHuge = arith.constant 1000000000 : index
    %cN = arith.constant 4096 : index
    %c2048 = arith.constant 2048 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    // expected-error @below {{cannot prove}}
    %r = scf.for %i = %c0 to %cN step %c1 iter_args(%s = %c100) -> (index) {
      // %s alternates 100, Huge, 100, Huge, ...: at even i >= 100 %late holds.
      %late = arith.cmpi sge, %i, %s : index
      %go = arith.andi %late, %first : i1
      scf.if %go {
        // expected-error @below {{2 arrivals on mbarrier 0 in one phase, which its initialization counts 1}}
        nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
        // expected-error @below {{overwrites shared memory that threads 0-127 may still be reading (no block barrier, nor a wait on a phase they arrived on after reading)}}
        // expected-note @below {{the TMA load}}
        nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      }
      // No wait: reads the buffer the TMA load may still be writing.
      // expected-note @below {{the read}}
      // expected-error @below {{reads shared memory that a TMA load may still be writing}}
      %v = memref.load %lbuf[%c0, %c0] : memref<64x8xf32, 3>
      memref.store %v, %out[%i] : memref<4096xf32>
      %isHuge = arith.cmpi eq, %s, %cHuge : index
      %ns = arith.select %isHuge, %c100, %cHuge : index
      scf.yield %ns : index
    }
    gpu.return
  }
}
