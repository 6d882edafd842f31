// Programs with another project's async op (Inputs/async-dma: a DMA
// transfer on engine N, asyncpipe's logical queue N), for
// async-effects-plugin.test.

// Committed on its engine's queue and waited for before the read.
func.func @waited(%g: memref<8xf32>, %s: memref<8xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  async_dma.start %g, %s engine 1 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  %v = memref.load %s[%c0] : memref<8xf32, 3>
  return %v : f32
}

// A kernel whose threads each move one row and read the next thread's: the
// wait completes only this thread's transfer, so a barrier must follow it.
// The barrier before the wait synchronizes nothing (the async-side-effects
// document's point) and goes.
gpu.module @kernels {
  gpu.func @rows(%g: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %src = memref.subview %g[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    async_dma.start %src, %dst engine 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.commit 0
    gpu.barrier
    asyncpipe.wait_queue 0, 0
    %t1 = arith.addi %tid, %c1 : index
    %next = arith.remui %t1, %c128 : index
    %v = memref.load %tile[%next, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// Written without commits and waits: asyncpipe-synchronize commits the
// transfer right after it and waits just before the read.
func.func @unguarded(%g: memref<8xf32>, %s: memref<8xf32, 3>, %o: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  async_dma.start %g, %s engine 2 : memref<8xf32> to memref<8xf32, 3>
  %x = memref.load %o[%c0] : memref<8xf32>
  %v = memref.load %s[%c0] : memref<8xf32, 3>
  %r = arith.addf %x, %v : f32
  return %r : f32
}
