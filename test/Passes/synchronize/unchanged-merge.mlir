// asyncpipe-synchronize=max-queues=1 on a function whose groups stay in
// token form (a group returned from it): the merging fails, found on a copy
// of the function first, so the function is left as it was (its unguarded
// copy neither committed nor waited for in the IR printed after the
// failure). The error itself: invalid.mlir.
// RUN: not asyncpipe-opt %s --asyncpipe-synchronize=max-queues=1 --mlir-print-ir-after-failure 2>&1 | FileCheck %s
// CHECK: error: this function's groups stay in token form
// CHECK: IR Dump After
// CHECK: func.func @returned
// CHECK-NEXT: asyncpipe.copy
// CHECK-NOT: asyncpipe.commit 1
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: return
func.func @returned(%a: memref<8xf32>, %s: memref<8xf32, 3>, %t: !asyncpipe.token) -> !asyncpipe.group {
  asyncpipe.copy %a, %s queue 1 : memref<8xf32> to memref<8xf32, 3>
  %g = asyncpipe.commit_group queue 0 (%t)
  return %g : !asyncpipe.group
}
