// eliminate-barriers on kernels with accumulator tiles, whose effects are on
// registers (asyncpipe's AccumulatorResource), not memory: it asked the
// memory space of an accumulator (a crash, found by the fuzzer); now the
// tensor-core GEMM keeps its 3 barriers, each needed, and verifies.
// RUN: asyncpipe-opt %examples/tensor_core_gemm.mlir --asyncpipe-software-pipeline --asyncpipe-eliminate-barriers --asyncpipe-verify-sync \
// RUN:   | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-eliminate-barriers | FileCheck %s --check-prefix=PLAIN
// CHECK-COUNT-3: gpu.barrier
// CHECK-NOT: gpu.barrier

// PLAIN-LABEL: gpu.func @no_barrier
// PLAIN: asyncpipe.accumulator_init
// PLAIN: asyncpipe.mma
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @no_barrier(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>, %c: memref<16x8xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<16x8xf32>
      gpu.return
    }
  }
}
