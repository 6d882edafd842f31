// --mlir-print-ir-after-all prints the IR after the Rust pass by its name.
// RUN: asyncpipe-opt %s --asyncpipe-optimize-waits --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s
// CHECK: IR Dump After asyncpipe-optimize-waits
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK-NOT: asyncpipe.wait_queue 0, 2
func.func @f() {
  asyncpipe.wait_queue 0, 1
  asyncpipe.wait_queue 0, 2
  return
}
