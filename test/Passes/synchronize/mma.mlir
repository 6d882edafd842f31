// asyncpipe-synchronize on async compute: it asks AsyncEffectOpInterface, so an
// MMA is synchronized like a copy. The tile lands (queue 0) before the MMAs
// read it; the two MMAs chain on their accumulator with no wait between; the
// next tile waits for both MMAs to have read the old one (queue 1), and the
// accumulator is read once that wait has completed them.
// RUN: asyncpipe-opt %s --asyncpipe-synchronize --asyncpipe-verify-sync | FileCheck %s

// CHECK-LABEL: func.func @unguarded
// CHECK: asyncpipe.copy
// CHECK-NEXT: asyncpipe.commit 0
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: asyncpipe.mma
// CHECK-NEXT: asyncpipe.commit 1
// CHECK-NEXT: asyncpipe.mma
// CHECK-NEXT: asyncpipe.commit 1
// CHECK-NEXT: asyncpipe.wait_queue 1, 0
// CHECK-NEXT: asyncpipe.copy
// CHECK-NEXT: asyncpipe.commit 0
// CHECK-NEXT: asyncpipe.accumulator_store
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
func.func @unguarded(%g: memref<64x16xf16>, %a: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>, %c: memref<64x64xf32>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  asyncpipe.copy %g, %a queue 0 : memref<64x16xf16> to memref<64x16xf16, 3>
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.copy %g, %a queue 0 : memref<64x16xf16> to memref<64x16xf16, 3>
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
  return
}
