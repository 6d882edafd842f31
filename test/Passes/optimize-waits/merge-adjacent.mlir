// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits | FileCheck %s
// Adjacent waits on one queue merge into the stricter one, even when waits
// on other queues stand between them; any other op between them keeps both.

// CHECK-LABEL: func.func @looser_first
func.func @looser_first() {
  // CHECK-NOT: asyncpipe.wait_queue 0, 3
  // CHECK: asyncpipe.wait_queue 1, 1
  // CHECK-NEXT: asyncpipe.wait_queue 0, 1
  // CHECK-NEXT: return
  asyncpipe.wait_queue 0, 3
  asyncpipe.wait_queue 1, 1
  asyncpipe.wait_queue 0, 1
  return
}

// CHECK-LABEL: func.func @access_between
func.func @access_between(%m: memref<4xf32, 3>) {
  %c0 = arith.constant 0 : index
  // CHECK: asyncpipe.wait_queue 0, 3
  // CHECK-NEXT: memref.load
  // CHECK-NEXT: asyncpipe.wait_queue 0, 1
  asyncpipe.wait_queue 0, 3
  %v = memref.load %m[%c0] : memref<4xf32, 3>
  asyncpipe.wait_queue 0, 1
  return
}
