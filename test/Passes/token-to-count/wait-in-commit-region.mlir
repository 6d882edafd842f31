// A wait inside a group's region (the token form of a commit_queue whose
// work waits first, as the software pipeliner writes its async stages) is
// counted where it is. Before, the in-flight analysis did not enter a
// commit_group's region, and token-to-count erased the wait with no
// replacement: the copy of the second stage could read the first stage's
// buffer before its copy landed.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count | FileCheck %s

// CHECK-LABEL: func.func @wait_in_region
func.func @wait_in_region(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 3>) {
  %g0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %g1 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // CHECK: asyncpipe.commit_queue 1 {
  // CHECK-NEXT: asyncpipe.wait_queue 0, 1
  // CHECK-NEXT: asyncpipe.async_scope
  %g2 = asyncpipe.commit_group queue 1 {
    asyncpipe.wait %g0
    asyncpipe.async_scope {
      %c0 = arith.constant 0 : index
      %v = memref.load %b[%c0] : memref<4xf32, 3>
      memref.store %v, %c[%c0] : memref<4xf32, 3>
    }
  }
  // CHECK: asyncpipe.wait_queue 1, 0
  asyncpipe.wait %g2
  return
}
