// asyncpipe-lower-mma on sm_80: a 32 x 8 accumulator over 2 warps (a grid of
// 2 x 1 warp tiles of one 16 x 8 fragment each) becomes a zeroed alloca of
// each thread's 4 fragment registers; the MMA (K = 16: one step) an ldmatrix
// x4 of the warp's A rows, an ldmatrix x2.trans of B, and one mma.sync
// m16n8k16; the store each thread's 4 elements. The MMA's queue (1) holds
// only MMAs: mma.sync completes at issue, so its commit region is inlined
// and its wait goes; the copy's queue (0) and its wait stay. The lane
// arithmetic is checked by running the result (Execution/
// tensor-core-gemm-block-cpu.mlir).
// RUN: asyncpipe-opt %s --asyncpipe-lower-mma=chip=sm_80 | FileCheck %s

// CHECK-LABEL: gpu.func @two_warps
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<1x1x4xf32>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[ACC]]
// CHECK: asyncpipe.commit_queue 0 {
// CHECK-NEXT: asyncpipe.copy
// CHECK-NEXT: }
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: gpu.thread_id x
// CHECK: %[[A:.*]] = nvgpu.ldmatrix %arg1[%{{.*}}, %{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, 3> -> vector<4x2xf16>
// CHECK: %[[B:.*]] = nvgpu.ldmatrix %arg2[%{{.*}}, %{{.*}}] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, 3> -> vector<2x2xf16>
// CHECK-COUNT-4: memref.load %[[ACC]]
// CHECK: %[[C:.*]] = vector.from_elements
// CHECK: %[[D:.*]] = nvgpu.mma.sync(%[[A]], %[[B]], %[[C]]) {mmaShape = [16, 8, 16]}
// CHECK-COUNT-4: vector.extract %[[D]]
// CHECK-NOT: asyncpipe.
// CHECK: gpu.thread_id x
// CHECK-COUNT-4: memref.store %{{.*}}, %arg3[%{{.*}}, %{{.*}}] : memref<32x8xf32>
// CHECK-NOT: asyncpipe.
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @two_warps(%g: memref<32x16xf16>, %a: memref<32x16xf16, 3>, %b: memref<16x8xf16, 3>, %c: memref<32x8xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<32x8xf32>
      asyncpipe.commit_queue 0 {
        asyncpipe.copy %g, %a : memref<32x16xf16> to memref<32x16xf16, 3>
      }
      asyncpipe.commit_queue 1 {
        asyncpipe.wait_queue 0, 0
        asyncpipe.mma %a, %b, %acc : memref<32x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<32x8xf32>
      }
      asyncpipe.wait_queue 1, 0
      asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<32x8xf32> to memref<32x8xf32>
      gpu.return
    }
  }
}
