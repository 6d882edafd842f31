// Attention's step at head dim 128 on wgmma (sm_90a): Q (64 x 128) and K
// (64 x 128, K-major B) are two regions of 64 columns each, so S = Q K^T's
// K steps 4 to 7 read the second region (512 units, 8 KiB, on for A and for
// B, then 2 units a step), and O += P V's V (64 keys x 128) is two regions
// of 64 columns (N = 128, as the GEMM's B). The GEMM's block-model test of
// such tiles: test/Execution/tensor-core-gemm-k128-block-cpu.mlir.
// RUN: asyncpipe-opt %s --asyncpipe-lower-mma=chip=sm_90a | FileCheck %s
// REQUIRES: ptxas
// RUN: asyncpipe-opt %s --asyncpipe-kernel-to-ptx="chip=sm_90a bulk-queues=0" | %extract-ptx > %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// CHECK-LABEL: gpu.func @attention_step_hd128
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 16>{{.*}}B[<f16>, <one>, <col>]
// CHECK: arith.constant 512 : i64
// CHECK: arith.constant 512 : i64
// CHECK-NEXT: arith.addi
// CHECK-NEXT: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 16>{{.*}}B[<f16>, <one>, <col>]
// CHECK: arith.constant 514 : i64
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 16>
// The P V MMA: m64n128k16 from registers, 64 accumulators tied.
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, {$128, $129, $130, $131}, $132, p, 1, 1, 1;

// PTXAS-NOT: C7519
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @attention_step_hd128(%Q: memref<128x128xf16>, %K: memref<128x128xf16>, %V: memref<128x128xf16>, %O: memref<64x128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %qs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %ks = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %vs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %gq = memref.subview %Q[64, 0] [64, 128] [1, 1] : memref<128x128xf16> to memref<64x128xf16, strided<[128, 1], offset: 8192>>
      asyncpipe.copy %gq, %qs queue 0 : memref<64x128xf16, strided<[128, 1], offset: 8192>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      %gk = memref.subview %K[64, 0] [64, 128] [1, 1] : memref<128x128xf16> to memref<64x128xf16, strided<[128, 1], offset: 8192>>
      asyncpipe.copy %gk, %ks queue 0 : memref<64x128xf16, strided<[128, 1], offset: 8192>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      %gv = memref.subview %V[64, 0] [64, 128] [1, 1] : memref<128x128xf16> to memref<64x128xf16, strided<[128, 1], offset: 8192>>
      asyncpipe.copy %gv, %vs queue 0 : memref<64x128xf16, strided<[128, 1], offset: 8192>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x1xf32>
      %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf16>
      %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x128xf32>
      asyncpipe.mma %qs, %ks, %s queue 1 transpose_b : memref<64x128xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      asyncpipe.commit 1
      asyncpipe.wait_queue 1, 0
      asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<64x64xf32> into !asyncpipe.accumulator<64x1xf32> {
      ^bb0(%partial: f32, %x: f32):
        %r = arith.maximumf %partial, %x : f32
        asyncpipe.yield %r : f32
      }
      asyncpipe.accumulator_map %s(%m) : !asyncpipe.accumulator<64x64xf32>(!asyncpipe.accumulator<64x1xf32>) {
      ^bb0(%x: f32, %mi: f32):
        %d = arith.subf %x, %mi : f32
        %e = math.exp2 %d : f32
        asyncpipe.yield %e : f32
      }
      asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<64x64xf32> into !asyncpipe.accumulator<64x64xf16>
      asyncpipe.mma %p, %vs, %o queue 1 : !asyncpipe.accumulator<64x64xf16>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x128xf32>
      asyncpipe.commit 1
      asyncpipe.wait_queue 1, 0
      asyncpipe.accumulator_store %o, %O : !asyncpipe.accumulator<64x128xf32> to memref<64x128xf32>
      gpu.return
    }
  }
}
