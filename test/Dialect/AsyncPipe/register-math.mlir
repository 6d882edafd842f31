// Math on tiles of registers (attention's online softmax between its two
// MMAs): asyncpipe.accumulator_map, accumulator_reduce, accumulator_convert,
// an MMA with a register operand 'a' and one with transpose_b. They parse,
// print and round-trip; upstream passes keep every in-place update (they
// write registers: no result, so nothing else would hold them) and the
// order of the updates of one tile.
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s --cse --canonicalize | FileCheck %s --check-prefix=UPSTREAM

// CHECK-LABEL: func.func @softmax_step
// CHECK: asyncpipe.mma %{{.*}}, %{{.*}}, %[[S:.*]] transpose_b : memref<128x64xf16, 3>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
// CHECK: asyncpipe.accumulator_map %[[M_OLD:.*]](%[[M:.*]]) : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %[[NEW:.*]]: f32):
// CHECK-NEXT: asyncpipe.yield %[[NEW]] : f32
// CHECK: asyncpipe.accumulator_reduce %[[S]] into %[[M]] : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
// CHECK: arith.maximumf
// CHECK: asyncpipe.accumulator_map %[[S]](%[[M]]) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: index, %{{.*}}: index):
// CHECK: math.exp2
// CHECK: asyncpipe.accumulator_convert %[[S]] into %[[P:.*]] : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
// CHECK: asyncpipe.mma %[[P]], %{{.*}}, %[[O:.*]] queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
// CHECK: asyncpipe.accumulator_map %[[O]] : !asyncpipe.accumulator<128x64xf32> {
// CHECK: asyncpipe.accumulator_store %[[O]]

// UPSTREAM-LABEL: func.func @softmax_step
// UPSTREAM: asyncpipe.mma
// UPSTREAM-COUNT-1: asyncpipe.accumulator_map
// UPSTREAM: asyncpipe.accumulator_reduce
// UPSTREAM: asyncpipe.accumulator_map
// UPSTREAM: asyncpipe.accumulator_convert
// UPSTREAM: asyncpipe.mma
// UPSTREAM: asyncpipe.accumulator_map
// UPSTREAM: asyncpipe.accumulator_store
func.func @softmax_step(%q: memref<128x64xf16, 3>, %k: memref<64x64xf16, 3>, %v: memref<64x64xf16, 3>, %out: memref<128x64xf32>, %kv0: index) {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
  %m_old = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
  %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  asyncpipe.mma %q, %k, %s transpose_b : memref<128x64xf16, 3>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.accumulator_map %m_old(%m) : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
  ^bb0(%old: f32, %new: f32):
    asyncpipe.yield %new : f32
  }
  asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
  ^bb0(%partial: f32, %x: f32):
    %r = arith.maximumf %partial, %x : f32
    asyncpipe.yield %r : f32
  }
  asyncpipe.accumulator_map %s(%m) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
  ^bb0(%x: f32, %mi: f32, %i: index, %j: index):
    %col = arith.addi %j, %kv0 : index
    %masked = arith.cmpi ugt, %col, %i : index
    %d = arith.subf %x, %mi : f32
    %e = math.exp2 %d : f32
    %zero = arith.constant 0.0 : f32
    %y = arith.select %masked, %zero, %e : f32
    asyncpipe.yield %y : f32
  }
  asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
  asyncpipe.mma %p, %v, %o queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  asyncpipe.accumulator_map %o : !asyncpipe.accumulator<128x64xf32> {
  ^bb0(%x: f32):
    %two = arith.constant 2.0 : f32
    %y = arith.mulf %x, %two : f32
    asyncpipe.yield %y : f32
  }
  asyncpipe.accumulator_store %o, %out : !asyncpipe.accumulator<128x64xf32> to memref<128x64xf32>
  return
}
