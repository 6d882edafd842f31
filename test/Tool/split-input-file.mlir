// --split-input-file runs the pass on each chunk separately: the bound from
// the first chunk does not reach the second.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-optimize-waits | FileCheck %s

// CHECK-LABEL: func.func @one
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: return
func.func @one() {
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// CHECK-LABEL: func.func @two
// CHECK-NEXT: asyncpipe.wait_queue 0, 1
func.func @two() {
  asyncpipe.wait_queue 0, 1
  return
}
