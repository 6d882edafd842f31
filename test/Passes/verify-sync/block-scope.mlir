// Block scope: in a kernel every thread runs the same code and the block's
// threads share workgroup memory. A wait completes only the copies of the
// thread that issued them, and a barrier completes no copy: data another
// thread copied may be read after that thread's wait and then a barrier, and
// a buffer other threads read may be overwritten only after a barrier that
// follows their reads. Thread t copying row t and reading row t needs no
// barrier; reading row t + 1 does. (The async-side-effects document.)
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

// Cooperative tile: each thread copies its row, then reads its neighbour's.
gpu.module @kernels {
  gpu.func @neighbour_row_without_barrier(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    // expected-note @below {{the asynchronous write (in another thread)}}
    asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    // expected-error @below {{accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait that completed the write there}}
    %v = memref.load %tile[%row, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The same with the barrier after the wait: verified.
gpu.module @kernels {
  gpu.func @neighbour_row_after_barrier(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    gpu.barrier
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    %v = memref.load %tile[%row, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The document's point: a barrier before the wait synchronizes nothing.
gpu.module @kernels {
  gpu.func @barrier_before_wait(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    // expected-note @below {{the asynchronous write (in another thread)}}
    asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.commit 0
    gpu.barrier
    asyncpipe.wait_queue 0, 0
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    // expected-error @below {{with no barrier since the wait that completed the write there}}
    %v = memref.load %tile[%row, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Thread-private staging (as in examples/stream_dot.mlir): no barrier.
gpu.module @kernels {
  gpu.func @own_row(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    %v = memref.load %tile[%tid, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Unknown means shared: without known_block_size, threads that differ in y
// copy the same row.
gpu.module @kernels {
  gpu.func @own_row_unknown_shape(%a: memref<128x8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    // expected-note @below {{the asynchronous write (in another thread)}}
    asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    // expected-error @below {{another thread wrote asynchronously}}
    %v = memref.load %tile[%tid, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Write after read: the second copy into the tile may land while other
// threads still read their neighbour's row of the first.
gpu.module @kernels {
  gpu.func @overwrite_before_barrier(%a: memref<256x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    scf.for %k = %c0 to %c2 step %c1 {
      %base = arith.muli %k, %c128 : index
      %r = arith.addi %base, %tid : index
      %src = memref.subview %a[%r, 0] [1, 8] [1, 1] : memref<256x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      // expected-error @below {{writes workgroup memory that other threads may still be reading: no barrier since their read}}
      asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      gpu.barrier
      // expected-note @below {{the read (in other threads)}}
      %v = memref.load %tile[%row, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// The same with a barrier at the end of the iteration: verified.
gpu.module @kernels {
  gpu.func @overwrite_after_barrier(%a: memref<256x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    scf.for %k = %c0 to %c2 step %c1 {
      %base = arith.muli %k, %c128 : index
      %r = arith.addi %base, %tid : index
      %src = memref.subview %a[%r, 0] [1, 8] [1, 1] : memref<256x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      gpu.barrier
      %v = memref.load %tile[%row, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.return
  }
}
