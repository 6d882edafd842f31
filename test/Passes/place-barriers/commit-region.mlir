// A commit region that consumes two queues: each MMA reads a tile other
// threads copied, after the wait for its queue. Each needs a barrier right
// after its own wait, inside the region: the second one after the second
// wait, not after the region's first (where a barrier would come before the
// wait it must follow; that was an error before).
// RUN: asyncpipe-opt %s --asyncpipe-place-barriers --asyncpipe-verify-sync | FileCheck %s

// CHECK-LABEL: gpu.func @two_waits
// CHECK: asyncpipe.commit_queue 2 {
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: asyncpipe.mma
// CHECK-NEXT: asyncpipe.wait_queue 3, 0
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: asyncpipe.mma
// CHECK-NEXT: }
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_waits(%ga: memref<64x16xf16>, %gb: memref<16x64xf16>, %a: memref<64x16xf16, #gpu.address_space<workgroup>>, %b: memref<16x64xf16, #gpu.address_space<workgroup>>, %w: memref<16x64xf16, #gpu.address_space<workgroup>>, %w2: memref<64x16xf16, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      // Thread t copies row t of A's tile, and row t % 16 of B's (threads
      // t and t + 16 k copy the same bytes).
      %ra = memref.subview %ga[%tid, 0] [1, 16] [1, 1] : memref<64x16xf16> to memref<16xf16, strided<[1], offset: ?>>
      %sa = memref.subview %a[%tid, 0] [1, 16] [1, 1] : memref<64x16xf16, #gpu.address_space<workgroup>> to memref<16xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        asyncpipe.copy %ra, %sa : memref<16xf16, strided<[1], offset: ?>> to memref<16xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      }
      %brow = arith.remui %tid, %c16 : index
      %rb = memref.subview %gb[%brow, 0] [1, 64] [1, 1] : memref<16x64xf16> to memref<64xf16, strided<[1], offset: ?>>
      %sb = memref.subview %b[%brow, 0] [1, 64] [1, 1] : memref<16x64xf16, #gpu.address_space<workgroup>> to memref<64xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 3 {
        asyncpipe.copy %rb, %sb : memref<64xf16, strided<[1], offset: ?>> to memref<64xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      }
      asyncpipe.commit_queue 2 {
        asyncpipe.wait_queue 0, 0
        asyncpipe.mma %a, %w, %acc : memref<64x16xf16, #gpu.address_space<workgroup>>, memref<16x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
        asyncpipe.wait_queue 3, 0
        asyncpipe.mma %w2, %b, %acc : memref<64x16xf16, #gpu.address_space<workgroup>>, memref<16x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      }
      asyncpipe.wait_queue 2, 0
      gpu.return
    }
  }
}
