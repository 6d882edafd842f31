// asyncpipe-lower-mma for sm_90a: an MMA becomes wgmma. A block of one
// warpgroup (128 threads) multiplies a 64 x 64 tile: its accumulator is 32
// f32 registers a thread (8 fragments of 16 x 8, mma.sync's layout repeated
// along N), the tiles' buffers are marked for the 128-byte swizzle and
// aligned to its 1024-byte atom, and each MMA is a fence, four
// wgmma.mma_async m64n64k16 (A K-major: start +32 bytes a K step; B
// N-major, layout row: +2048 bytes a K step) with descriptors whose leading
// and stride offsets and swizzle mode are fixed: A 16 (unused) and 1024,
// B 8192 (one 64-column region to the next) and 1024, mode 1 in bits 62-63.
// The MMA queue's commit and wait become wgmma.commit_group and
// wgmma.wait_group with the same count; a synchronous MMA gets its own group
// and waits for it.
// RUN: asyncpipe-opt %s --asyncpipe-lower-mma=chip=sm_90a | FileCheck %s
// Plain sm_90 has no wgmma: mma.sync there.
// RUN: asyncpipe-opt %s --asyncpipe-lower-mma=chip=sm_90 | FileCheck %s --check-prefix=SM90

// CHECK-LABEL: gpu.func @one_warpgroup
// The registers' home first in the entry block (a static alloca, which LLVM
// promotes), then the tiles.
// CHECK: memref.alloca() : memref<1x8x4xf32>
// CHECK: memref.alloc() {alignment = 1024 : i64, asyncpipe.swizzle = 128 : i64} : memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: memref.alloc() {alignment = 1024 : i64, asyncpipe.swizzle = 128 : i64} : memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: asyncpipe.commit_queue 0
// CHECK: asyncpipe.wait_queue 0, 0
// (16 << 4 >> 4) << 16 | (1024 >> 4) << 32 | 1 << 62, and B's with 8192.
// CHECK: %[[AF:.*]] = arith.constant 4611686293305360384 : i64
// CHECK-NEXT: %[[A:.*]] = arith.ori %{{.*}}, %[[AF]] : i64
// CHECK: %[[BF:.*]] = arith.constant 4611686293338849280 : i64
// CHECK-NEXT: %[[B:.*]] = arith.ori %{{.*}}, %[[BF]] : i64
// CHECK: nvvm.wgmma.fence.aligned
// Per K step, A's start 2 units (32 bytes) on, B's 128 (2048 bytes).
// CHECK: %[[AK0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[A0:.*]] = arith.addi %[[A]], %[[AK0]]
// CHECK: %[[BK0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[B0:.*]] = arith.addi %[[B]], %[[BK0]]
// CHECK-NEXT: %[[D0:.*]] = nvvm.wgmma.mma_async %[[A0]], %[[B0]], %{{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK: %[[AK1:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[A]], %[[AK1]]
// CHECK: %[[BK1:.*]] = arith.constant 128 : i64
// CHECK-NEXT: %[[B1:.*]] = arith.addi %[[B]], %[[BK1]]
// CHECK-NEXT: %[[D1:.*]] = nvvm.wgmma.mma_async %[[A1]], %[[B1]], %[[D0]]
// CHECK: %[[AK2:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[A2:.*]] = arith.addi %[[A]], %[[AK2]]
// CHECK: %[[BK2:.*]] = arith.constant 256 : i64
// CHECK-NEXT: %[[B2:.*]] = arith.addi %[[B]], %[[BK2]]
// CHECK-NEXT: %[[D2:.*]] = nvvm.wgmma.mma_async %[[A2]], %[[B2]], %[[D1]]
// CHECK: %[[AK3:.*]] = arith.constant 6 : i64
// CHECK-NEXT: %[[A3:.*]] = arith.addi %[[A]], %[[AK3]]
// CHECK: %[[BK3:.*]] = arith.constant 384 : i64
// CHECK-NEXT: %[[B3:.*]] = arith.addi %[[B]], %[[BK3]]
// CHECK-NEXT: %[[D3:.*]] = nvvm.wgmma.mma_async %[[A3]], %[[B3]], %[[D2]]
// CHECK-COUNT-32: llvm.extractvalue %[[D3]]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// The synchronous MMA: its own group, waited for at once.
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// The store: an 8-byte pair of adjacent columns when the tile is aligned.
// CHECK: vector.store
// CHECK-NOT: asyncpipe.mma
// CHECK-NOT: asyncpipe.commit_queue 1
// CHECK-NOT: asyncpipe.wait_queue 1

// SM90-NOT: wgmma
// SM90: nvgpu.mma.sync

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @one_warpgroup(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %as = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      asyncpipe.commit_queue 0 {
        asyncpipe.copy %A, %as : memref<64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asyncpipe.copy %B, %bs : memref<64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      asyncpipe.commit_queue 1 {
        asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      }
      asyncpipe.wait_queue 1, 0
      asyncpipe.mma %as, %bs, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      asyncpipe.accumulator_store %acc, %C : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
      gpu.return
    }
  }
}
