// asyncpipe-to-nvgpu: a copy on a bulk queue into a tile marked for the
// 128-byte swizzle (asyncpipe.swizzle, set by asyncpipe-lower-mma for sm_90a)
// becomes tensor-map copies. The 64 x 128 f16 tile is two boxes of 64 x 64
// (128-byte rows): columns 256 and 320 of the source, rows from the block
// id, landing 0 and 8192 bytes into the tile (its two swizzled regions).
// Thread 0 alone adds the tile's 16384 bytes to the open group's mbarrier
// and issues both; every thread arrives at the commit. The kernel takes the
// source's tensor map as a new last argument, recorded with its box and
// swizzle in asyncpipe.tensor_maps.
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu=bulk-queues=0 | FileCheck %s
// A kernel with argument attributes gets an empty dictionary for the new
// argument (the op verifies: one dictionary per argument).
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu=bulk-queues=0 | FileCheck %s --check-prefix=ATTRS
// ATTRS-LABEL: gpu.func @with_attributes
// ATTRS-SAME: (%{{.*}}: memref<512x512xf16> {llvm.noalias}, %{{.*}}: !llvm.ptr)

// CHECK-LABEL: gpu.func @two_boxes
// CHECK-SAME: (%[[A:.*]]: memref<512x512xf16>, %{{.*}}: memref<64x128xf16>, %[[MAP:.*]]: !llvm.ptr)
// CHECK-SAME: asyncpipe.tensor_maps = [array<i64: 0, 64, 64, 128>]
// CHECK: %[[BID:.*]] = gpu.block_id x
// The ring's one mbarrier, initialized before a barrier.
// CHECK: nvvm.mbarrier.init
// CHECK: gpu.barrier
// CHECK: %[[BAR:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[X:.*]] = gpu.thread_id x
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[X]]
// CHECK: gpu.thread_id y
// CHECK: gpu.thread_id z
// CHECK: %[[LEADER:.*]] = arith.andi
// CHECK: scf.if %[[LEADER]] {
// CHECK:   %[[BYTES:.*]] = arith.constant 16384 : i32
// CHECK:   nvvm.mbarrier.expect_tx %[[BAR]], %[[BYTES]]
// CHECK:   %[[START:.*]] = arith.addi %intptr{{.*}}, %{{.*}} : index
// CHECK:   %[[ROW:.*]] = arith.index_cast %[[BID]] : index to i32
// CHECK:   %[[R0:.*]] = arith.addi %[[START]], %c0{{.*}} : index
// CHECK:   %[[P0:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK:   %[[C0:.*]] = arith.constant 256 : index
// CHECK:   %[[X0:.*]] = arith.index_cast %[[C0]] : index to i32
// CHECK:   nvvm.cp.async.bulk.tensor.shared.cluster.global %[[P0]], %[[MAP]], %[[BAR]], box[%[[X0]], %[[ROW]]]
// CHECK:   %[[OFF:.*]] = arith.constant 8192 : index
// CHECK:   %[[R1:.*]] = arith.addi %[[START]], %[[OFF]] : index
// CHECK:   %[[P1:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK:   %[[C1:.*]] = arith.constant 320 : index
// CHECK:   %[[X1:.*]] = arith.index_cast %[[C1]] : index to i32
// CHECK:   nvvm.cp.async.bulk.tensor.shared.cluster.global %[[P1]], %[[MAP]], %[[BAR]], box[%[[X1]], %[[ROW]]]
// CHECK: }
// Every thread's arrival commits the group; the wait is on its parity.
// CHECK: nvvm.mbarrier.arrive
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NOT: {{asyncpipe\.(copy|commit|wait)}}
// CHECK-LABEL: gpu.func @with_attributes

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @two_boxes(%A: memref<512x512xf16>, %C: memref<64x128xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %k0 = gpu.block_id x
      %c64 = arith.constant 64 : index
      %bs = memref.alloc() {alignment = 1024 : i64, asyncpipe.swizzle = 128 : i64} : memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %g = memref.subview %A[%k0, 256] [64, 128] [1, 1] : memref<512x512xf16> to memref<64x128xf16, strided<[512, 1], offset: ?>>
        asyncpipe.copy %g, %bs : memref<64x128xf16, strided<[512, 1], offset: ?>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
    gpu.func @with_attributes(%A: memref<512x512xf16> {llvm.noalias}) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %k0 = gpu.block_id x
      %bs = memref.alloc() {alignment = 1024 : i64, asyncpipe.swizzle = 128 : i64} : memref<64x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        %g = memref.subview %A[%k0, 0] [64, 64] [1, 1] : memref<512x512xf16> to memref<64x64xf16, strided<[512, 1], offset: ?>>
        asyncpipe.copy %g, %bs : memref<64x64xf16, strided<[512, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}
