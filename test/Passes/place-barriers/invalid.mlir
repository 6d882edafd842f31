// asyncpipe-place-barriers: where a barrier cannot make the staging safe,
// an error at the access, never a silently racy kernel.
// RUN: not asyncpipe-opt %s -split-input-file --asyncpipe-place-barriers 2>&1 | FileCheck %s --implicit-check-not=error:

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// The staging runs only in the first 64 threads: a barrier there would
// hang the others.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @divergent(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %low = arith.cmpi ult, %tid, %c64 : index
      scf.if %low {
        %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
        %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
        asyncpipe.copy %src, %dst queue 0 : !grow to !row
        asyncpipe.commit 0
        asyncpipe.wait_queue 0, 0
        %next = arith.addi %tid, %c1 : index
        // CHECK: :[[@LINE+1]]:14: error: needs a block barrier before it (other threads share this workgroup memory), but the barrier would be under control flow that depends on the thread
        %v = memref.load %tile[%next, %c0] : !tile
        // CHECK: :[[@LINE-9]]:7: note: this depends on the thread: threads that skip a barrier hang the others
        memref.store %v, %out[%tid] : memref<128xf32>
      }
      gpu.return
    }
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// No thread waits for its copy: a barrier does not make the next thread's
// row land (what is missing is a wait), so the one already there is all a
// barrier could do.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @no_wait(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      gpu.barrier
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      // CHECK: :[[@LINE+1]]:12: error: a block barrier cannot order this access against the other threads': the hazard stays with a barrier right before it
      %v = memref.load %tile[%next, %c0] : !tile
      // CHECK: :[[@LINE-1]]:12: note: the barrier would go before this
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// The same without the barrier: the pass places one, the hazard stays, and
// the error says so.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @no_wait_no_barrier(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      // CHECK: :[[@LINE+1]]:12: error: a block barrier cannot order this access against the other threads': the hazard stays with a barrier right before it
      %v = memref.load %tile[%next, %c0] : !tile
      // CHECK: :[[@LINE-1]]:12: note: the barrier would go before this
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
