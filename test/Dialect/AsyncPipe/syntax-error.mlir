// Malformed asyncpipe syntax (missing ',' in wait_queue) makes asyncpipe-opt exit non-zero with a located parse error.
// RUN: not asyncpipe-opt %s 2>&1 | FileCheck %s

// CHECK-NOT: module
// CHECK: {{.*}}syntax-error.mlir:[[@LINE+3]]:25: error: expected ','
// CHECK-NEXT: asyncpipe.wait_queue 0 1
func.func @f() {
  asyncpipe.wait_queue 0 1
  return
}
