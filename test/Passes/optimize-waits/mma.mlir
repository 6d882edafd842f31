// The tensor-core queue is a queue like any other: a wait on it that can
// never block goes, as does the looser of two waits on it with nothing but
// waits between; the waits that order the accumulator's read and the tile's
// overwrite after the MMAs stay (verify-sync proves the result).
// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits --asyncpipe-verify-sync | FileCheck %s

// CHECK-LABEL: func.func @mma_queue
// CHECK: asyncpipe.mma
// CHECK-NEXT: asyncpipe.commit 1
// CHECK-NEXT: asyncpipe.mma
// CHECK-NEXT: asyncpipe.commit 1
// CHECK-NEXT: asyncpipe.wait_queue 1, 1
// CHECK-NEXT: asyncpipe.copy
// CHECK-NEXT: asyncpipe.commit 0
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: asyncpipe.wait_queue 1, 0
// CHECK-NEXT: asyncpipe.accumulator_store
func.func @mma_queue(%g: memref<64x16xf16>, %a0: memref<64x16xf16, 3>, %a1: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>, %c: memref<64x64xf32>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  asyncpipe.mma %a0, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  asyncpipe.mma %a1, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  // Never blocks: at most two groups are in flight.
  asyncpipe.wait_queue 1, 2
  // The first MMA has read a0: a new tile may land there.
  asyncpipe.wait_queue 1, 1
  asyncpipe.copy %g, %a0 queue 0 : memref<64x16xf16> to memref<64x16xf16, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  // The looser of two waits on queue 1 with only waits between.
  asyncpipe.wait_queue 1, 1
  asyncpipe.wait_queue 1, 0
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
  return
}
