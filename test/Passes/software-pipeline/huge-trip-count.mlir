// A trip count of 10^12: the counts are those of any long loop (simulated at
// the trip count where they settle, 2L + 3 plus the largest need distance,
// instead of 10^12 iterations), and the steady-state loop starts at the
// constant lb + L * step.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --asyncpipe-verify-sync | FileCheck %s

// CHECK-LABEL: func.func @kernel
// CHECK-COUNT-2: asyncpipe.commit_queue 0
// CHECK: scf.for %{{.*}} = %c2{{.*}} to %c1000000000000 step %c1 {
// CHECK:   asyncpipe.wait_queue 0, 2
// CHECK: }
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK: asyncpipe.wait_queue 0, 0
func.func @kernel(%a: memref<1000000000000x8xf32>, %out: memref<1000000000000x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000000 : index
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    %src = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<1000000000000x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %dst = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<1000000000000x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf, %dst {asyncpipe.stage = 2, asyncpipe.order = 1} : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.dealloc %buf : memref<8xf32>
  return
}

// The largest trip count (found by the fuzzer: the epilogue's iteration
// index was computed as n + e - s, past i64): the counts and constant
// induction values of any long loop.
// CHECK-LABEL: func.func @largest
// CHECK: scf.for %{{.*}} = %c2{{.*}} to %c9223372036854775807 step %c1 {
// CHECK:   asyncpipe.wait_queue 0, 2
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK: asyncpipe.wait_queue 0, 0
func.func @largest(%src: memref<64x8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %cmax = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<8xf32, 3>
  scf.for %i = %c0 to %cmax step %c1 {
    %s = memref.subview %src[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %s, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    memref.copy %buf, %out {asyncpipe.stage = 2, asyncpipe.order = 1} : memref<8xf32, 3> to memref<8xf32>
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}
