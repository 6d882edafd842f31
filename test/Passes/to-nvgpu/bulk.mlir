// Bulk queues (sm_90): copies become cp.async.bulk copies that complete on a
// ring of mbarriers per queue, and waits become phase-parity waits on the
// groups they need. (Execution/stream-dot-bulk-cpu.mlir runs the protocol;
// Target/PTX/bulk.mlir assembles it.)
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-to-nvgpu=bulk-queues=1,2 --canonicalize --cse | FileCheck %s

// A three-deep pipeline: the ring has one barrier per group in flight at a
// commit (2 after the wait) plus one. Thread (0, 0, 0) initializes it for the
// whole block, and the block meets before anyone uses it. The counter starts
// at the ring size (the bias), so groups "before the first" read as complete.
// CHECK-LABEL: gpu.func @loop
// CHECK:      %[[RING:.*]] = memref.alloc() : memref<3xi64, #gpu.address_space<workgroup>>
// CHECK:      %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[RING]]
// CHECK:      %[[COUNTER:.*]] = memref.alloca() : memref<index>
// CHECK:      memref.store %[[C3:.*]], %[[COUNTER]][]
// CHECK:      %[[TX:.*]] = gpu.thread_id x
// CHECK:      %[[BX:.*]] = gpu.block_dim x
// CHECK:      %[[THREADS:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK:      scf.if %[[FIRST:.*]] {
// CHECK-COUNT-3: nvvm.mbarrier.init %{{.*}}, %[[THREADS]] : !llvm.ptr<3>, i32
// CHECK-NEXT:   nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK:      scf.for
// The copy: its bytes on the open group's barrier, then one bulk copy (the
// tile is contiguous on both sides).
// CHECK:        %[[OPEN:.*]] = memref.load %[[COUNTER]][]
// CHECK:        %[[SLOT:.*]] = arith.remui %[[OPEN]], %[[C3]]
// CHECK:        %[[BAR:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK:        nvvm.mbarrier.expect_tx %[[BAR]], %[[C512:.*]] : !llvm.ptr<3>, i32
// CHECK:        nvvm.cp.async.bulk.shared.cluster.global %{{.*}}, %{{.*}}, %[[BAR]], %[[C512]]
// CHECK-NOT:    nvvm.cp.async.bulk
// The commit: an arrival, and the next group opens.
// CHECK:        nvvm.mbarrier.arrive
// CHECK:        memref.store %{{.*}}, %[[COUNTER]][]
// wait_queue 1, 2 with at most 3 in flight: one wait, for the group 3 back,
// by the parity of its turn on its slot.
// CHECK:        %[[NOW:.*]] = memref.load %[[COUNTER]][]
// CHECK:        %[[G:.*]] = arith.subi %[[NOW]], %[[C3]]
// CHECK:        arith.remui %[[G]], %[[C3]]
// CHECK:        %[[TURN:.*]] = arith.divui %[[G]], %[[C3]]
// CHECK:        %[[NEXT:.*]] = arith.addi %[[TURN]], %[[C1:.*]] :
// CHECK:        %[[PARITY:.*]] = arith.andi %[[NEXT]], %[[C1]]
// CHECK:        %[[P32:.*]] = arith.index_cast %[[PARITY]] : index to i32
// CHECK:        nvvm.mbarrier.try_wait.parity %{{.*}}, %[[P32]], %{{.*}} : !llvm.ptr<3>, i32, i32
// CHECK-NOT:    try_wait
// CHECK:      }
// wait_queue 1, 0 with at most 2 in flight: both groups, oldest first. An
// mbarrier completes its own group only, so one wait per group.
// CHECK:      %[[END:.*]] = memref.load %[[COUNTER]][]
// CHECK:      arith.subi %[[END]], %[[C2:.*]] :
// CHECK:      nvvm.mbarrier.try_wait.parity
// CHECK:      arith.subi %[[END]], %[[C1]] :
// CHECK:      nvvm.mbarrier.try_wait.parity
// CHECK-NOT:  try_wait
// CHECK:      gpu.return
gpu.module @kernels {
  gpu.func @loop(%g: memref<1024x32xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %n = arith.constant 64 : index
    %s = memref.alloc() : memref<3x4x32xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %n step %c1 {
      %row = arith.muli %i, %c4 : index
      %src = memref.subview %g[%row, 0] [4, 32] [1, 1] : memref<1024x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
      %slot = arith.remui %i, %c3 : index
      %dst = memref.subview %s[%slot, 0, 0] [1, 4, 32] [1, 1, 1] : memref<3x4x32xf32, #gpu.address_space<workgroup>> to memref<4x32xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 1 {
        asyncpipe.copy %src, %dst : memref<4x32xf32, strided<[32, 1], offset: ?>> to memref<4x32xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 1, 2
    }
    asyncpipe.wait_queue 1, 0
    gpu.return
  }
}

// -----

// Rows that are not contiguous in the source: one bulk copy per row, at the
// source's dynamic offset plus the row stride (64 floats), all on one
// barrier that expects the tile's 512 bytes. A ring of one barrier does: a
// single group is ever in flight.
// CHECK-LABEL: gpu.func @rows
// CHECK:     memref.alloc() : memref<1xi64, #gpu.address_space<workgroup>>
// CHECK:     gpu.barrier
// CHECK:     %[[BAR:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK:     nvvm.mbarrier.expect_tx %[[BAR]], %c512_i32
// CHECK:     %[[SRC:.*]] = memref.extract_aligned_pointer_as_index %{{.*}} : memref<4x32xf32, strided<[64, 1], offset: ?>>
// CHECK:     %{{.*}}, %[[OFFSET:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata
// CHECK:     %[[DST:.*]] = memref.extract_aligned_pointer_as_index %{{.*}} : memref<4x32xf32, #gpu.address_space<workgroup>>
// CHECK:     arith.muli %[[OFFSET]], %c4
// CHECK:     nvvm.cp.async.bulk.shared.cluster.global %{{.*}}, %{{.*}}, %[[BAR]], %c128_i32
// CHECK:     arith.addi %[[OFFSET]], %c64
// CHECK:     arith.addi %[[DST]], %c128
// CHECK:     nvvm.cp.async.bulk.shared.cluster.global %{{.*}}, %{{.*}}, %[[BAR]], %c128_i32
// CHECK:     arith.addi %[[OFFSET]], %c128
// CHECK:     arith.addi %[[DST]], %c256
// CHECK:     nvvm.cp.async.bulk.shared.cluster.global %{{.*}}, %{{.*}}, %[[BAR]], %c128_i32
// CHECK:     arith.addi %[[OFFSET]], %c192
// CHECK:     arith.addi %[[DST]], %c384
// CHECK:     nvvm.cp.async.bulk.shared.cluster.global %{{.*}}, %{{.*}}, %[[BAR]], %c128_i32
// CHECK-NOT: nvvm.cp.async.bulk
// CHECK:     nvvm.mbarrier.arrive %[[BAR]]
// CHECK:     nvvm.mbarrier.try_wait.parity %[[BAR]]
gpu.module @kernels {
  gpu.func @rows(%g: memref<1024x64xf32>, %i: index) kernel {
    %s = memref.alloc() : memref<4x32xf32, #gpu.address_space<workgroup>>
    %src = memref.subview %g[%i, 32] [4, 32] [1, 1] : memref<1024x64xf32> to memref<4x32xf32, strided<[64, 1], offset: ?>>
    asyncpipe.copy %src, %s queue 2 : memref<4x32xf32, strided<[64, 1], offset: ?>> to memref<4x32xf32, #gpu.address_space<workgroup>>
    asyncpipe.commit 2
    asyncpipe.wait_queue 2, 0
    gpu.return
  }
}

// -----

// A dynamic number of rows: a loop of row copies, and the expected bytes
// computed at run time.
// CHECK-LABEL: gpu.func @dynamic_rows
// CHECK:       %[[ROWS:.*]] = memref.dim %arg1, %c0
// CHECK:       %[[BYTES:.*]] = arith.muli %[[ROWS]], %c128 : index
// CHECK:       %[[TX:.*]] = arith.index_cast %[[BYTES]] : index to i32
// CHECK:       nvvm.mbarrier.expect_tx %{{.*}}, %[[TX]]
// CHECK:       scf.for %[[ROW:.*]] = %c0 to %[[ROWS]] step %c1 {
// CHECK:         arith.muli %[[ROW]], %c128
// CHECK:         nvvm.cp.async.bulk.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, %c128_i32
// CHECK:       }
// CHECK:       nvvm.mbarrier.arrive
gpu.module @kernels {
  gpu.func @dynamic_rows(%g: memref<?x32xf32>, %s: memref<?x32xf32, #gpu.address_space<workgroup>>) kernel {
    asyncpipe.copy %g, %s queue 2 : memref<?x32xf32> to memref<?x32xf32, #gpu.address_space<workgroup>>
    asyncpipe.commit 2
    asyncpipe.wait_queue 2, 0
    gpu.return
  }
}

// -----

// Queue 0 stays on cp.async, queue 1 is a bulk queue: each keeps its own
// counts. wait_queue 1, 1 cannot block (one group in flight) and goes away.
// CHECK-LABEL: gpu.func @mixed
// CHECK:     memref.alloc() : memref<1xi64, #gpu.address_space<workgroup>>
// CHECK-COUNT-16: nvgpu.device_async_copy
// CHECK:     %[[G:.*]] = nvgpu.device_async_create_group
// CHECK:     nvvm.mbarrier.expect_tx %{{.*}}, %c256_i32
// CHECK:     nvvm.cp.async.bulk.shared.cluster.global
// CHECK:     nvvm.mbarrier.arrive
// CHECK:     nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// CHECK-NEXT: memref.load
// CHECK-NOT: try_wait
// CHECK:     nvvm.mbarrier.try_wait.parity
// CHECK-NOT: try_wait
// CHECK:     gpu.return
gpu.module @kernels {
  gpu.func @mixed(%g: memref<64xf32>, %h: memref<64xf32>) kernel {
    %a = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    %b = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %g, %a : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    }
    asyncpipe.commit_queue 1 {
      asyncpipe.copy %h, %b : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    }
    asyncpipe.wait_queue 0, 0
    asyncpipe.wait_queue 1, 1
    asyncpipe.wait_queue 1, 0
    gpu.return
  }
}

// -----

// Token form on a bulk queue: waiting for the second group waits for the
// first too (groups of a queue complete in order), and with mbarriers that
// is two waits, one per barrier.
// CHECK-LABEL: gpu.func @tokens
// CHECK:     memref.alloc() : memref<2xi64, #gpu.address_space<workgroup>>
// CHECK-COUNT-2: nvvm.mbarrier.arrive
// CHECK:     %[[NOW:.*]] = memref.load
// CHECK:     arith.subi %[[NOW]], %c2
// CHECK:     nvvm.mbarrier.try_wait.parity
// CHECK:     arith.subi %[[NOW]], %c1
// CHECK:     nvvm.mbarrier.try_wait.parity
// CHECK-NOT: try_wait
gpu.module @kernels {
  gpu.func @tokens(%g: memref<64xf32>) kernel {
    %a = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    %b = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    %t0 = asyncpipe.copy %g, %a : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>> -> !asyncpipe.token
    %g0 = asyncpipe.commit_group queue 1 (%t0)
    %t1 = asyncpipe.copy %g, %b : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>> -> !asyncpipe.token
    %g1 = asyncpipe.commit_group queue 1 (%t1)
    asyncpipe.wait %g1
    gpu.return
  }
}

// -----

// A wait that never runs (its loop has no iteration) has no bound before it,
// and needs none: it goes, with no barrier wait and no error.
// CHECK-LABEL: gpu.func @never_runs
// CHECK:     nvvm.mbarrier.arrive
// CHECK:     nvvm.mbarrier.try_wait.parity
// CHECK-NOT: try_wait
// CHECK:     gpu.return
gpu.module @kernels {
  gpu.func @never_runs(%g: memref<64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    asyncpipe.copy %g, %a queue 1 : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    asyncpipe.commit 1
    scf.for %i = %c0 to %c0 step %c1 {
      asyncpipe.wait_queue 1, 0
    }
    asyncpipe.wait_queue 1, 0
    gpu.return
  }
}
