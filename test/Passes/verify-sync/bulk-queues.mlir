// Block scope on bulk queues (option bulk-queues, as asyncpipe-to-nvgpu's):
// a bulk queue's mbarrier expects one arrival per thread of the block, so
// a wait on it completes every thread's copies of the group for the thread
// that waits. A read of another thread's copy needs no barrier after the
// wait (read-after-write). Nothing tells the block that a thread has
// finished reading, so a copy over memory other threads read still needs a
// barrier after their reads (write-after-read). Only the listed queues
// count, and only when every thread commits their groups.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync=bulk-queues=0
// The same kernels on cp.async queues: the reads of other threads' rows
// need a barrier after the wait too.
// RUN: not asyncpipe-opt %s -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=CP-ASYNC

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// Each thread copies its row, waits for its group, and reads its
// neighbour's row: the mbarrier's phase completes only when every thread
// has arrived and every copy has landed, so the read is ordered.
gpu.module @kernels {
  gpu.func @neighbour_row(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : !tile
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
    asyncpipe.copy %src, %dst queue 0 : !grow to !row
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    // CP-ASYNC: bulk-queues.mlir:[[@LINE+1]]:10: error: accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait
    %v = memref.load %tile[%row, %c0] : !tile
    gpu.return
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// The wait is still needed: before it, the group may be in flight (a
// barrier does not complete it).
gpu.module @kernels {
  gpu.func @no_wait(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : !tile
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %src, %dst queue 0 : !grow to !row
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 1
    gpu.barrier
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    // expected-error @below {{accesses memory that an asynchronous operation may still be writing, while its group may be in flight}}
    %v = memref.load %tile[%row, %c0] : !tile
    gpu.return
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// Write-after-read: iteration i + 1 copies over the rows that other
// threads read in iteration i. The wait orders the reads after the copies,
// but no wait orders the next copy after other threads' reads: without a
// barrier before it, the copy is an error on a bulk queue too.
gpu.module @kernels {
  gpu.func @copy_over_reads(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %tile = memref.alloc() : !tile
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
    %t1 = arith.addi %tid, %c1 : index
    %next = arith.remui %t1, %c128 : index
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-error @below {{writes workgroup memory that other threads may still be reading: no barrier since their read}}
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      // expected-note @below {{the read (in other threads)}}
      %v = memref.load %tile[%next, %c0] : !tile
      memref.store %v, %out[%tid] : memref<128xf32>
    }
    gpu.return
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// With a barrier before the copy, one an iteration is enough.
gpu.module @kernels {
  gpu.func @copy_after_barrier(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %tile = memref.alloc() : !tile
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
    %t1 = arith.addi %tid, %c1 : index
    %next = arith.remui %t1, %c128 : index
    scf.for %i = %c0 to %c4 step %c1 {
      gpu.barrier
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      %v = memref.load %tile[%next, %c0] : !tile
      memref.store %v, %out[%tid] : memref<128xf32>
    }
    gpu.return
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// Only the listed queues: queue 1 is a cp.async queue.
gpu.module @kernels {
  gpu.func @other_queue(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : !tile
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
    // expected-note @below {{the asynchronous write (in another thread)}}
    asyncpipe.copy %src, %dst queue 1 : !grow to !row
    asyncpipe.commit 1
    asyncpipe.wait_queue 1, 0
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    // expected-error @below {{accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait}}
    %v = memref.load %tile[%row, %c0] : !tile
    gpu.return
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// A commit that some threads skip: their arrivals are missing, so the
// group is not the block's (asyncpipe-to-nvgpu refuses it; the analysis
// reads the queue as a per-thread one and asks for the barrier).
gpu.module @kernels {
  gpu.func @divergent_commit(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : !tile
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
    %low = arith.cmpi ult, %tid, %c64 : index
    scf.if %low {
      // expected-note @below {{the asynchronous write (in another thread)}}
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
    }
    asyncpipe.wait_queue 0, 0
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    // expected-error @below {{accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait}}
    %v = memref.load %tile[%row, %c0] : !tile
    gpu.return
  }
}
