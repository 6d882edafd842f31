// The example kernel (examples/tvm_gemm_pipeline.mlir), after the wait
// optimizer and with its synchronization proven by verify-sync, runs on the
// CPU and computes exactly what linalg.matmul computes: the largest
// difference is 0, and the checksum is the matmul's.
// RUN: cat %S/Inputs/gemm-main.mlir %S/../../examples/tvm_gemm_pipeline.mlir > %t.mlir
// RUN: asyncpipe-opt %t.mlir --asyncpipe-optimize-waits --asyncpipe-verify-sync --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s
// Through token form and back, the program still computes the same.
// RUN: asyncpipe-opt %t.mlir --asyncpipe-count-to-token --asyncpipe-token-to-count --asyncpipe-lower-sequential %lower-to-llvm 2>/dev/null | %run-cpu | FileCheck %s
// CHECK: data =
// CHECK-NEXT: [0, -2]
