// An async stage that no later stage reads (found by the fuzzer): the
// original loop's copies were complete after it, so the pipelined code waits
// for the groups still in flight after the epilogue (count 0 on their
// queue); before, the dealloc after the loop raced with the last copies.
// Consumed stages end with their own count-0 waits and need no drain.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --asyncpipe-verify-sync | FileCheck %s

// CHECK-LABEL: func.func @only_async
// CHECK: scf.for
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: memref.dealloc
func.func @only_async(%a: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %buf = memref.alloc() : memref<8xf32, 3>
  scf.for %i = %c0 to %c64 step %c1 {
    %s = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %s, %buf {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
  } {asyncpipe.async_stages = array<i64: 0>}
  memref.dealloc %buf : memref<8xf32, 3>
  return
}

// Queue 1 is read by stage 1; queue 0's copy (stage 0, async) is not: only
// queue 0 is drained.
// CHECK-LABEL: func.func @one_unconsumed
// CHECK: asyncpipe.wait_queue 1, 0
// CHECK-NOT: asyncpipe.wait_queue 1
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: return
func.func @one_unconsumed(%a: memref<64x8xf32>, %b: memref<64x8xf32>, %out: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %x = memref.alloc() : memref<8xf32, 3>
  %y = memref.alloc() : memref<8xf32, 3>
  scf.for %i = %c0 to %c64 step %c1 {
    %s = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %s, %x {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %t = memref.subview %b[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %t, %y {asyncpipe.stage = 1, asyncpipe.order = 1} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %o = memref.subview %out[%i, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %y, %o {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<8xf32, 3> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0, 1>}
  memref.dealloc %x : memref<8xf32, 3>
  memref.dealloc %y : memref<8xf32, 3>
  return
}
