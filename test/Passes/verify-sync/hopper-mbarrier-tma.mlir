// Hopper at the nvgpu level: mbarrier initialization and phases, TMA loads
// completed by a phase, the parity a wait targets (analysis
// passes/analysis/hopper_sync.rs). The kernel is upstream's sm90 test
// tma_load_64x8_8x128_noswizzle (one TMA phase, 128 threads) with its
// initialization made by one thread; each later case breaks one thing.
// Before this model, verify-sync accepted every case here (it saw the TMA
// load as a synchronous write).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync
// The same kernels after upstream's convert-nvgpu-to-nvvm (nvvm.mbarrier.*
// on pointers from the memref descriptors, nvvm.cp.async.bulk.tensor with
// its box from the tensor map's type on the unrealized cast): the same
// verdicts, at the same ops, at the NVVM level. (Before, every such kernel
// was "not modeled".)
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm),asyncpipe-verify-sync)'
// And after memref's own lowering as well (finalize-memref-to-llvm: the
// reads become llvm.load through pointers taken from descriptors that
// llvm.insertvalue builds from llvm.mlir.addressof of the globals): the
// same verdicts at the same ops. (Before, llvm.load and llvm.store of
// shared memory were not seen: a read before its wait was proven.)
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm),finalize-memref-to-llvm,asyncpipe-verify-sync)'
// In CFG form too (after upstream's convert-nvgpu-to-nvvm,
// finalize-memref-to-llvm, convert-scf-to-cf, canonicalize and cse: loops
// and branches as blocks, as gpu-lower-to-nvvm-pipeline leaves them): the
// same verdicts at the same ops. verify-sync raises the blocks back to
// scf.for and scf.if on a copy (passes/transform/cfg_to_scf.rs); before, the
// Hopper model followed only the entry block, and every race here was proven
// in that form.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf),finalize-memref-to-llvm,canonicalize,cse,asyncpipe-verify-sync)'
// The first kernel with each arrive.expect_tx split into expect_tx and an
// arrival on a pointer rebuilt from an integer (llvm.inttoptr), as
// asyncpipe's bulk queues write them (Inputs/expect-then-arrive.py): proven;
// an expect_tx issued twice leaves the phase short of bytes; an arrival 8
// bytes on is on an mbarrier nobody initialized. (Before, nvvm.mbarrier.expect_tx
// was "not modeled" and an inttoptr address "cannot prove".)
// RUN: awk 'BEGIN{RS="// ---" "--\n"} NR==1' %s | asyncpipe-opt --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm))' > %t.nvvm.mlir
// RUN: python3 %S/Inputs/expect-then-arrive.py < %t.nvvm.mlir | asyncpipe-opt --asyncpipe-verify-sync -o /dev/null
// RUN: python3 %S/Inputs/expect-then-arrive.py --twice < %t.nvvm.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: waits for the phase of parity 0 of mbarrier 0, which gets only 6144 of the 12288 transaction bytes expected: the wait may never return
// RUN: python3 %S/Inputs/expect-then-arrive.py --next < %t.nvvm.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEXT
// NEXT: error: uses mbarrier 1 before it is initialized
// A negative transaction count is an error (PTX counts 0 to 2^20 - 1):
// RUN: python3 %S/Inputs/expect-then-arrive.py --negative < %t.nvvm.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: a transaction count of -4 bytes: PTX's mbarrier counts 0 to 1048575
// A count through an unrealized cast between widths is not evaluated (only
// index <-> i64 casts keep the value):
// RUN: python3 %S/Inputs/expect-then-arrive.py --cast < %t.nvvm.mlir | not asyncpipe-opt --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAST
// CAST: error: cannot prove: the transaction byte count is not known here

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!rhs = !nvgpu.tensormap.descriptor<tensor = memref<8x128xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  memref.global "private" @rhsBuf : memref<8x128xf32, 3>
  // Thread 0 initializes; the barrier publishes it; thread 0 expects 6144
  // bytes and issues both loads (2048 + 4096 bytes), the other 127 arrive;
  // every thread waits for phase 0 (parity 0) and reads.
  gpu.func @correct(%a: !lhs, %b: !rhs, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c45 = arith.constant 45 : index
    %c6144 = arith.constant 6144 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %n = gpu.block_dim x
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %rbuf = memref.get_global @rhsBuf : memref<8x128xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %n : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c6144 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
      nvgpu.tma.async.load %b[%c0, %c0], %mb[%c0] to %rbuf : !rhs, !bar -> memref<8x128xf32, 3>
    } else {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c0 : !bar
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = memref.load %lbuf[%c45, %c7] : memref<64x8xf32, 3>
    %y = memref.load %rbuf[%c7, %c0] : memref<8x128xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // The wait deleted: the read may see the bytes before they land.
  gpu.func @no_wait(%a: !lhs, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-note @below {{the TMA load}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    // expected-error @below {{reads shared memory that a TMA load may still be writing}}
    %x = memref.load %lbuf[%c0, %c0] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // The wait targets parity 1 while the load's phase is phase 0 (parity
  // 0): try_wait.parity returns at once (the "previous" phase of parity 1
  // counts as complete), and the read races with the load.
  gpu.func @wrong_parity(%a: !lhs, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %true = arith.constant true
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-note @below {{the TMA load}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %true, %ticks : !bar
    // expected-error @below {{reads shared memory that a TMA load may still be writing}}
    %x = memref.load %lbuf[%c0, %c0] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // Initialized for every thread (block_dim x) but only thread 0 arrives:
  // the phase never completes and every thread waits forever.
  gpu.func @missing_arrivals(%a: !lhs, %out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %n = gpu.block_dim x
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      // expected-note @below {{initialized here}}
      nvgpu.mbarrier.init %mb[%c0], %n : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    // expected-error @below {{gets only 1 of its 128 arrivals before the wait in program order: the wait may never return}}
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // 4096 bytes expected, 2048 delivered: the phase waits for bytes that
  // never come.
  gpu.func @bytes_missing(%a: !lhs) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4096 = arith.constant 4096 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      // expected-note @below {{initialized here}}
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c4096 : !bar
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    // expected-error @below {{gets only 2048 of the 4096 transaction bytes expected}}
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @lhsBuf : memref<64x8xf32, 3>
  // 1024 bytes expected, 2048 moved: the phase completes when half landed.
  gpu.func @bytes_over(%a: !lhs) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1024 = arith.constant 1024 : index
    %tid = gpu.thread_id x
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c1024 : !bar
      // expected-error @below {{move 2048 bytes, more than the 1024 its arrivals expect}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
gpu.module @kernels {
  // Every thread initializes (upstream's sm90 tests do): a late thread's
  // initialization may reset a phase others already arrived on.
  gpu.func @every_thread_inits() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %n = gpu.block_dim x
    %mb = nvgpu.mbarrier.create -> !bar
    // expected-error @below {{threads 0-127 initialize the same mbarrier}}
    nvgpu.mbarrier.init %mb[%c0], %n : !bar
    gpu.barrier
    %t = nvgpu.mbarrier.arrive %mb[%c0] : !bar -> !nvgpu.mbarrier.token
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
gpu.module @kernels {
  // Thread 0 initializes, nobody publishes it: another thread may arrive
  // on an uninitialized mbarrier.
  gpu.func @unpublished_init() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %n = gpu.block_dim x
    %tid = gpu.thread_id x
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      // expected-note @below {{initialized here}}
      nvgpu.mbarrier.init %mb[%c0], %n : !bar
    }
    // expected-error @below {{threads 0-127 use mbarrier 0 with no block barrier after its initialization by other threads}}
    %t = nvgpu.mbarrier.arrive %mb[%c0] : !bar -> !nvgpu.mbarrier.token
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
gpu.module @kernels {
  // Every thread arrives twice in one phase of 128.
  gpu.func @too_many_arrivals() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %n = gpu.block_dim x
    %tid = gpu.thread_id x
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %n : !bar
    }
    gpu.barrier
    %t = nvgpu.mbarrier.arrive %mb[%c0] : !bar -> !nvgpu.mbarrier.token
    // expected-error @below {{256 arrivals on mbarrier 0 in one phase, which its initialization counts 128}}
    %u = nvgpu.mbarrier.arrive %mb[%c0] : !bar -> !nvgpu.mbarrier.token
    gpu.return
  }
}

// -----

// NVVM's asynchronous ops (after convert-nvgpu-to-nvvm) are reported
// when not followed, never proven silently: a cp.async whose pointers are
// not a memref's addressing (here null) is "cannot prove" (its usual form
// is raised back to nvgpu: nvvm-cp-async.mlir); an op the models do not
// know is "not modeled".
gpu.module @kernels {
  gpu.func @nvvm_level() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %p = llvm.mlir.zero : !llvm.ptr<3>
    %g = llvm.mlir.zero : !llvm.ptr<1>
    // expected-error @below {{cannot prove: its pointers are not a memref descriptor's aligned pointer moved by the memref's own strides}}
    nvvm.cp.async.shared.global %p, %g, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @nvvm_unknown() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %p = llvm.mlir.zero : !llvm.ptr<3>
    // expected-error @below {{not modeled: verify-sync does not know the asynchronous effects of 'nvvm.cp.async.mbarrier.arrive'; the kernel is not proven}}
    nvvm.cp.async.mbarrier.arrive %p : !llvm.ptr<3>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!map = !nvgpu.tensormap.descriptor<tensor = memref<32x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  memref.global "private" @buf : memref<64x64xf16, 3>
  // The elected lane of warp 0 (nvvm.elect.sync, the warp id broadcast by
  // nvvm.shfl.sync, as upstream's sm90 tests and CUTLASS elect it) does
  // everything: one thread. Two loads fill the two halves of a 64x64 tile
  // through views of stride 64; each TMA box is written contiguously from
  // its view's first element (4096 bytes each: no overlap). The parity is
  // an llvm.mlir.constant, as upstream's rewrite_copy_as_tma emits it.
  gpu.func @elected(%a: !map, %out: memref<2xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c8192 = arith.constant 8192 : index
    %ticks = arith.constant 10000000 : index
    %false = llvm.mlir.constant(false) : i1
    %mask = arith.constant -1 : i32
    %i0 = arith.constant 0 : i32
    %i31 = arith.constant 31 : i32
    %tid = gpu.thread_id x
    %buf = memref.get_global @buf : memref<64x64xf16, 3>
    %top = memref.subview %buf[0, 0][32, 64][1, 1] : memref<64x64xf16, 3> to memref<32x64xf16, strided<[64, 1]>, 3>
    %bottom = memref.subview %buf[32, 0][32, 64][1, 1] : memref<64x64xf16, 3> to memref<32x64xf16, strided<[64, 1], offset: 2048>, 3>
    %lane = nvvm.elect.sync -> i1
    %warp = arith.divui %tid, %c32 : index
    %warp32 = index.casts %warp : index to i32
    %leader = nvvm.shfl.sync idx %mask, %warp32, %i0, %i31 : i32 -> i32
    %first_warp = arith.cmpi eq, %leader, %i0 : i32
    %elected = arith.andi %first_warp, %lane : i1
    %mb = nvgpu.mbarrier.create -> !bar
    nvgpu.mbarrier.init %mb[%c0], %c1, predicate = %elected : !bar
    gpu.barrier
    nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c8192, predicate = %elected : !bar
    nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %top, predicate = %elected : !map, !bar -> memref<32x64xf16, strided<[64, 1]>, 3>
    nvgpu.tma.async.load %a[%c0, %c32], %mb[%c0] to %bottom, predicate = %elected : !map, !bar -> memref<32x64xf16, strided<[64, 1], offset: 2048>, 3>
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %false, %ticks : !bar
    %x = memref.load %buf[%c32, %c0] : memref<64x64xf16, 3>
    memref.store %x, %out[%c0] : memref<2xf16>
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
gpu.module @kernels {
  // The elected lane of every warp (elect.sync alone) initializes: 4
  // threads, one per warp.
  gpu.func @elected_per_warp() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %lane = nvvm.elect.sync -> i1
    %mb = nvgpu.mbarrier.create -> !bar
    // expected-error @below {{4 threads initialize the same mbarrier}}
    nvgpu.mbarrier.init %mb[%c0], %c1, predicate = %lane : !bar
    gpu.barrier
    gpu.return
  }
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
memref.global "private" @lhsBuf : memref<64x8xf32, 3>
// The form upstream's sm90 tests are written in: a gpu.launch in a host
// function, its block size its operands, its thread ids its region's
// arguments. The wait is on the wrong parity.
func.func @in_launch(%a: !lhs, %out: memref<2xf32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2048 = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %true = arith.constant true
    %lbuf = memref.get_global @lhsBuf : memref<64x8xf32, 3>
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c2048 : !bar
      // expected-note @below {{the TMA load}}
      nvgpu.tma.async.load %a[%c0, %c0], %mb[%c0] to %lbuf : !lhs, !bar -> memref<64x8xf32, 3>
    }
    nvgpu.mbarrier.try_wait.parity %mb[%c0], %true, %ticks : !bar
    // expected-error @below {{reads shared memory that a TMA load may still be writing}}
    %x = memref.load %lbuf[%c0, %c0] : memref<64x8xf32, 3>
    memref.store %x, %out[%c0] : memref<2xf32>
    gpu.terminator
  }
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
gpu.module @kernels {
  // Threads 0 and 1 each expect 600000 bytes on one phase: 1200000 bytes,
  // more than PTX's tx-count holds (2^20 - 1). Each count alone is in
  // range; before, only each count was checked.
  gpu.func @tx_overflow(%out: memref<2xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c600000 = arith.constant 600000 : index
    %tid = gpu.thread_id x
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c2 : !bar
    }
    gpu.barrier
    %two = arith.cmpi ult, %tid, %c2 : index
    scf.if %two {
      // expected-error @below {{the transaction bytes expected in this phase of mbarrier 0 add up to 1200000, more than the 1048575 PTX's mbarrier tx-count holds}}
      nvgpu.mbarrier.arrive.expect_tx %mb[%c0], %c600000 : !bar
    }
    gpu.return
  }
}
