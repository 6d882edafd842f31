// asyncpipe.mma and accumulator tiles: they parse, print and round-trip in
// every form (synchronous, counting form with a queue or in a commit
// region, token form), and upstream passes neither merge two accumulators
// nor drop an MMA whose accumulator nothing reads yet.
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s --cse --canonicalize | FileCheck %s --check-prefix=UPSTREAM

// CHECK-LABEL: func.func @forms
// CHECK: %[[ACC:.*]] = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
// CHECK: %[[OTHER:.*]] = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
// CHECK: asyncpipe.accumulator_store %[[OTHER]]
// CHECK: asyncpipe.mma %{{.*}}, %{{.*}}, %[[ACC]] : memref<64x16xf16, 3>, memref<16x32xf16, 3> into !asyncpipe.accumulator<64x32xf32>
// CHECK: asyncpipe.mma %{{.*}}, %{{.*}}, %[[ACC]] queue 1 : memref<64x16xf16, 3>, memref<16x32xf16, 3> into !asyncpipe.accumulator<64x32xf32>
// CHECK: asyncpipe.commit_queue 2 {
// CHECK-NEXT: asyncpipe.mma %{{.*}}, %{{.*}}, %[[ACC]] : memref<64x16xf16, 3>
// CHECK: %[[T:.*]] = asyncpipe.mma %{{.*}}, %{{.*}}, %[[ACC]] : memref<64x16xf16, 3>, memref<16x32xf16, 3> into !asyncpipe.accumulator<64x32xf32> -> !asyncpipe.token
// CHECK: asyncpipe.commit_group queue 3 (%[[T]])
// CHECK: asyncpipe.accumulator_store %[[ACC]], %{{.*}} : !asyncpipe.accumulator<64x32xf32> to memref<64x32xf32>

// UPSTREAM-LABEL: func.func @forms
// UPSTREAM: %[[ACC:.*]] = asyncpipe.accumulator_init
// UPSTREAM: %[[OTHER:.*]] = asyncpipe.accumulator_init
// UPSTREAM: asyncpipe.accumulator_store %[[OTHER]]
// UPSTREAM-COUNT-4: asyncpipe.mma %{{.*}}, %{{.*}}, %[[ACC]]
// UPSTREAM: asyncpipe.accumulator_store %[[ACC]]
func.func @forms(%a: memref<64x16xf16, 3>, %b: memref<16x32xf16, 3>, %c: memref<64x32xf32>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  %other = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  asyncpipe.accumulator_store %other, %c : !asyncpipe.accumulator<64x32xf32> to memref<64x32xf32>
  asyncpipe.mma %a, %b, %acc : memref<64x16xf16, 3>, memref<16x32xf16, 3> into !asyncpipe.accumulator<64x32xf32>
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x32xf16, 3> into !asyncpipe.accumulator<64x32xf32>
  asyncpipe.commit 1
  asyncpipe.commit_queue 2 {
    asyncpipe.mma %a, %b, %acc : memref<64x16xf16, 3>, memref<16x32xf16, 3> into !asyncpipe.accumulator<64x32xf32>
  }
  %t = asyncpipe.mma %a, %b, %acc : memref<64x16xf16, 3>, memref<16x32xf16, 3> into !asyncpipe.accumulator<64x32xf32> -> !asyncpipe.token
  %g = asyncpipe.commit_group queue 3 (%t)
  asyncpipe.wait %g
  asyncpipe.wait_queue 1, 0
  asyncpipe.wait_queue 2, 0
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<64x32xf32> to memref<64x32xf32>
  return
}

// CHECK-LABEL: func.func @element_types
// CHECK: !asyncpipe.accumulator<16x8xf16>
// CHECK: memref<16x8xbf16>, memref<8x8xbf16> into !asyncpipe.accumulator<16x8xf32>
// CHECK: memref<16x8xf32>, memref<8x8xf32> into !asyncpipe.accumulator<16x8xf32>
func.func @element_types(%h: memref<16x8xf16>, %hb: memref<8x8xf16>, %bf: memref<16x8xbf16>, %bfb: memref<8x8xbf16>, %f: memref<16x8xf32>, %fb: memref<8x8xf32>) {
  %half = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf16>
  %single = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  asyncpipe.mma %h, %hb, %half : memref<16x8xf16>, memref<8x8xf16> into !asyncpipe.accumulator<16x8xf16>
  asyncpipe.mma %bf, %bfb, %single : memref<16x8xbf16>, memref<8x8xbf16> into !asyncpipe.accumulator<16x8xf32>
  asyncpipe.mma %f, %fb, %single : memref<16x8xf32>, memref<8x8xf32> into !asyncpipe.accumulator<16x8xf32>
  return
}
