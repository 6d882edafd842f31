// Attention's forms on wgmma (sm_90a), per thread in the accumulator
// layout (passes/conversion/lower_mma/registers.rs):
// - the row maxima: each thread folds its 16 elements of each of its two
//   rows, then two gpu.shuffle xor (lanes 1 and 2 apart: the quad holding
//   the row) combine the quad's, then the row's old value;
// - exp2 is PTX's ex2.approx (inline assembly: upstream's NVVM conversion
//   would call libdevice);
// - S = Q K^T reads K as stored: a K-major B (layout col), its descriptor
//   stepping 32 bytes a K step as A's;
// - O += P V reads P from registers: per K step, four i32 of f16 pairs
//   packed before the fence, and an inline wgmma.mma_async with the 32
//   accumulators tied in and out (operands $0-$31 out, $32-$63 in), A
//   $64-$67, B's descriptor $68, the scale of D from $69; trans-b 1 (V is
//   N-major).
// RUN: asyncpipe-opt %s --asyncpipe-lower-mma=chip=sm_90a | FileCheck %s
// ptxas takes the kernel after the whole path, with no spill and no local
// memory (every register home promoted):
// REQUIRES: ptxas
// RUN: asyncpipe-opt %s --asyncpipe-kernel-to-ptx="chip=sm_90a bulk-queues=0" | %extract-ptx > %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// CHECK-LABEL: gpu.func @attention_step
// CHECK-COUNT-4: memref.alloca()
// CHECK: nvvm.wgmma.mma_async {{.*}} B[<f16>, <one>, <col>]
// CHECK: nvvm.wgmma.mma_async {{.*}} B[<f16>, <one>, <col>]
// CHECK: nvvm.wgmma.mma_async {{.*}} B[<f16>, <one>, <col>]
// CHECK: nvvm.wgmma.mma_async {{.*}} B[<f16>, <one>, <col>]
// CHECK: arith.maximumf
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle  xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: llvm.inline_asm "ex2.approx.f32 $0, $1;", "=f,f"
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.bitcast %{{.*}} : f16 to i16
// CHECK: arith.shli
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects "{\0A.reg .pred p;\0Asetp.ne.b32 p, $69, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;\0A}", "=f,{{.*}},=f,0,1,{{.*}},31,r,r,r,r,l,r"
// CHECK-COUNT-3: wgmma.mma_async.sync.aligned
// CHECK: nvvm.wgmma.commit.group.sync.aligned

// PTXAS-NOT: C7519
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @attention_step(%Q: memref<128x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %qs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %ks = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %vs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %gq = memref.subview %Q[64, 0] [64, 64] [1, 1] : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 4096>>
      asyncpipe.copy %gq, %qs queue 0 : memref<64x64xf16, strided<[64, 1], offset: 4096>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %gk = memref.subview %K[64, 0] [64, 64] [1, 1] : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 4096>>
      asyncpipe.copy %gk, %ks queue 0 : memref<64x64xf16, strided<[64, 1], offset: 4096>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %gv = memref.subview %V[64, 0] [64, 64] [1, 1] : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 4096>>
      asyncpipe.copy %gv, %vs queue 0 : memref<64x64xf16, strided<[64, 1], offset: 4096>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x1xf32>
      %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf16>
      %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      asyncpipe.mma %qs, %ks, %s queue 1 transpose_b : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      asyncpipe.commit 1
      asyncpipe.wait_queue 1, 0
      asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<64x64xf32> into !asyncpipe.accumulator<64x1xf32> {
      ^bb0(%partial: f32, %x: f32):
        %r = arith.maximumf %partial, %x : f32
        asyncpipe.yield %r : f32
      }
      asyncpipe.accumulator_map %s(%m) : !asyncpipe.accumulator<64x64xf32>(!asyncpipe.accumulator<64x1xf32>) {
      ^bb0(%x: f32, %mi: f32, %i: index, %j: index):
        %d = arith.subf %x, %mi : f32
        %e = math.exp2 %d : f32
        %hidden = arith.cmpi ugt, %j, %i : index
        %zero = arith.constant 0.0 : f32
        %y = arith.select %hidden, %zero, %e : f32
        asyncpipe.yield %y : f32
      }
      asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<64x64xf32> into !asyncpipe.accumulator<64x64xf16>
      asyncpipe.mma %p, %vs, %o queue 1 : !asyncpipe.accumulator<64x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      asyncpipe.commit 1
      asyncpipe.wait_queue 1, 0
      asyncpipe.accumulator_store %o, %O : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
      gpu.return
    }
  }
}
