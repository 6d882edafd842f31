// A Rust pass runs inside --pass-pipeline, nested under func.func and mixed
// with upstream passes, and from its own flag.
// RUN: asyncpipe-opt %s --pass-pipeline='builtin.module(func.func(asyncpipe-optimize-waits,canonicalize))' | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: return
func.func @f() {
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 0, 4
  return
}
