// The example in examples/ parses and its waits optimize as documented in
// the README: the epilogue's first wait is implied by the body's last wait,
// and two more by the waits just before them.
// RUN: asyncpipe-opt %S/../../examples/tvm_gemm_pipeline.mlir --asyncpipe-optimize-waits | FileCheck %s
// CHECK: scf.for
// CHECK: asyncpipe.wait_queue 0, 2
// CHECK: scf.for
// CHECK: asyncpipe.wait_queue 0, 2
// CHECK: linalg.matmul
// CHECK: }
// CHECK-NOT: asyncpipe.wait_queue 0, 2
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK-NOT: asyncpipe.wait_queue 0, 1
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK-NOT: asyncpipe.wait_queue
