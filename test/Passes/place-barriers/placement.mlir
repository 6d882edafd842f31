// asyncpipe-place-barriers on hand-written kernels: a barrier before the
// first access that meets another thread's, moved up to just after the
// waits, until verify-sync finds none; thread-private staging and
// functions that are not kernels get none.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-place-barriers | FileCheck %s
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-place-barriers --asyncpipe-verify-sync -o /dev/null
// Without the pass, verify-sync rejects the two kernels that need barriers:
// RUN: not asyncpipe-opt %s -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=RACES --implicit-check-not=error:

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// Thread t copies row t and reads row t + 1: a barrier after the wait,
// before the read (and not before the copy: nothing was read yet).
// CHECK-LABEL: gpu.func @read_other_row
// CHECK:         asyncpipe.commit 0
// CHECK-NEXT:    asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    gpu.barrier
// CHECK:         memref.load
// CHECK-NOT:     gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @read_other_row(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      // RACES: :[[@LINE+1]]:12: error: accesses workgroup memory that another thread wrote asynchronously
      %v = memref.load %tile[%next, %c0] : !tile
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// Each thread reads back its own row: no barrier.
// CHECK-LABEL: gpu.func @thread_private
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @thread_private(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      %v = memref.load %tile[%tid, %c0] : !tile
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// A loop in the unpipelined order (copy, wait, read): the copy of iteration
// i + 1 overwrites the rows other threads read in iteration i, and the read
// needs this iteration's waits; the waits come after the copy, so two
// barriers an iteration: before the copy (after the reads of the iteration
// before) and after the wait (the pipeliner moves its waits first and needs
// one). The read is in an inner loop: its barrier goes before that loop.
// CHECK-LABEL: gpu.func @loop_copy_then_wait
// CHECK:         scf.for
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      asyncpipe.copy
// CHECK-NEXT:      asyncpipe.commit 0
// CHECK-NEXT:      asyncpipe.wait_queue 0, 0
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      scf.for
// CHECK-NOT:         gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @loop_copy_then_wait(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      scf.for %i = %c0 to %c4 step %c1 {
        // The next iteration's copy overwrites the row the neighbour reads
        // (both races are reported, in execution order: the read first).
        // RACES-DAG: :[[@LINE+1]]:9: error: writes workgroup memory that other threads may still be reading
        asyncpipe.copy %src, %dst queue 0 : !grow to !row
        asyncpipe.commit 0
        asyncpipe.wait_queue 0, 0
        scf.for %j = %c0 to %c8 step %c1 {
          // RACES-DAG: :[[@LINE+1]]:16: error: accesses workgroup memory that another thread wrote asynchronously
          %v = memref.load %tile[%next, %j] : !tile
          memref.store %v, %out[%tid] : memref<128xf32>
        }
      }
      gpu.return
    }
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// Only kernels run as a block of threads: a func.func is left as it is.
// CHECK-LABEL: func.func @not_a_kernel
// CHECK-NOT:     gpu.barrier
func.func @not_a_kernel(%a: memref<128x8xf32>, %tile: !tile, %i: index, %j: index) -> f32 {
  %c0 = arith.constant 0 : index
  %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
  %dst = memref.subview %tile[%i, 0] [1, 8] [1, 1] : !tile to !row
  asyncpipe.copy %src, %dst queue 0 : !grow to !row
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  %v = memref.load %tile[%j, %c0] : !tile
  return %v : f32
}
