// The GEMM cost model alone (asyncpipe-test-print-gemm-cost): its estimate
// of each candidate tile, and its choice, for the shapes the repository's
// GEMMs and benchmarks have. At 8192³ the model takes 128 x 256 in groups of
// 16 tile rows (L2-bound, 860 TFLOP/s: the H100 ran that kernel at 865, and
// 128 x 128 at 578-636 against the model's 645); at 512³ 128 x 64 (more
// blocks for 132 multiprocessors); a shape no candidate divides gets none.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-gemm-cost -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: 128 x 64: 8192 tiles in 63 waves, groups of 8, 5 stages: {{.*}} bound by L2
// CHECK: remark: 128 x 128: 4096 tiles in 32 waves, groups of 16, 4 stages: {{[0-9.]+}} us, 645 TFLOP/s, bound by L2
// CHECK: remark: 128 x 256: 2048 tiles in 16 waves, groups of 16, 3 stages: {{[0-9.]+}} us, 860 TFLOP/s, bound by L2
// CHECK: remark: chosen: 128 x 256
func.func @big(%A: memref<8192x8192xf16>, %B: memref<8192x8192xf16>, %C: memref<8192x8192xf32>) {
  return
}

// CHECK: remark: 128 x 64: 32 tiles in 1 waves, groups of 4, 8 stages: {{.*}} bound by tensor cores
// CHECK: remark: 128 x 128: 16 tiles in 1 waves, groups of 4, 5 stages
// CHECK: remark: 128 x 256: 8 tiles in 1 waves
// CHECK: remark: chosen: 128 x 64
func.func @example(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  return
}

// CHECK: remark: 128 x 64: does not divide the problem
// CHECK: remark: chosen: none (no candidate divides the problem)
func.func @odd(%A: memref<100x64xf16>, %B: memref<64x64xf16>, %C: memref<100x64xf32>) {
  return
}
