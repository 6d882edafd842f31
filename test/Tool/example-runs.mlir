// The example in examples/ parses and its waits optimize as documented in the README.
// RUN: asyncpipe-opt %S/../../examples/tvm_gemm_pipeline.mlir --asyncpipe-optimize-waits | FileCheck %s
// CHECK-COUNT-2: asyncpipe.wait_queue 0, 2
// CHECK: asyncpipe.wait_queue 0, 2
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK-NOT: asyncpipe.wait_queue 0, 1
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK-NOT: asyncpipe.wait_queue
