// asyncpipe-eliminate-barriers keeps the barriers that order something
// (taking one out would leave a hazard between threads) and removes the
// others; beside it, upstream -gpu-eliminate-barriers on the same kernels
// (as func.func, the op it is anchored on), which does not know that the
// staging is thread-private, and whose result verify-sync also accepts.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-eliminate-barriers | FileCheck %s
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-eliminate-barriers --asyncpipe-verify-sync -o /dev/null
// RUN: %kernel-to-func %s | asyncpipe-opt -split-input-file --pass-pipeline='builtin.module(builtin.module(func.func(gpu-eliminate-barriers)))' > %t.upstream.mlir
// RUN: FileCheck %s --check-prefix=UPSTREAM --input-file %t.upstream.mlir
// RUN: %func-to-kernel %t.upstream.mlir | asyncpipe-opt -split-input-file --asyncpipe-verify-sync -o /dev/null
// The barriers kept in @shared_row and @plain_store order something:
// without them, the reads race (verify-sync's block-scope model of plain
// loads and stores finds the second); no other kernel needs one.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-eliminate-barriers | awk '!/gpu.barrier/' | not asyncpipe-opt -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=NEEDED
// NEEDED: error: accesses workgroup memory that another thread wrote asynchronously
// NEEDED-NEXT: memref.load %{{.*}}[%{{.*}}, %c0]
// NEEDED: error: accesses workgroup memory that another thread wrote, with no barrier since the write
// NEEDED-NEXT: memref.load %{{.*}}[%{{.*}}, %c0]
// NEEDED-NOT: error:

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>

// Thread-private staging (each thread reads back its own row): the barrier
// after the wait orders nothing (%a is noalias: no thread's store to %out
// can meet another's copy from %a).
// CHECK-LABEL: gpu.func @thread_private
// CHECK-NOT:     gpu.barrier
// UPSTREAM-LABEL: func.func @thread_private
// UPSTREAM:        asyncpipe.wait_queue 0, 0
// UPSTREAM-NEXT:   gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @thread_private(%a: memref<128x8xf32> {llvm.noalias}, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      gpu.barrier
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

// Reading the next thread's row: the barrier after the wait is needed, the
// one before the copy (nothing read yet) and the second of a pair are not.
// CHECK-LABEL: gpu.func @shared_row
// CHECK-NOT:     gpu.barrier
// CHECK:         asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
// UPSTREAM-LABEL: func.func @shared_row
// UPSTREAM-NOT:    gpu.barrier
// UPSTREAM:        asyncpipe.wait_queue 0, 0
// UPSTREAM-NEXT:   gpu.barrier
// UPSTREAM-NOT:    gpu.barrier
// UPSTREAM:        return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @shared_row(%a: memref<128x8xf32> {llvm.noalias}, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
      gpu.barrier
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      gpu.barrier
      gpu.barrier
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      %v = memref.load %tile[%next, %c0] : !tile
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

!tile = memref<128x8xf32, #gpu.address_space<workgroup>>

// A plain store to workgroup memory read by the next thread: the barrier
// orders a read-after-write pair between threads, so it stays.
// CHECK-LABEL: gpu.func @plain_store
// CHECK:         memref.store
// CHECK-NEXT:    gpu.barrier
// UPSTREAM-LABEL: func.func @plain_store
// UPSTREAM:        memref.store
// UPSTREAM-NEXT:   gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @plain_store(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      memref.store %one, %tile[%tid, %c0] : !tile
      gpu.barrier
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      %v = memref.load %tile[%next, %c0] : !tile
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
