// ptxas accepts the PTX of asyncpipe-to-ptx for sm_80 and sm_90: the main
// example, partial tiles and narrow element types, and an upstream nvgpu
// kernel; and for sm_90 with bulk queues (cp.async.bulk and mbarriers), the
// main example and the kernels of Inputs/bulk-kernels.mlir.
// REQUIRES: ptxas
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-to-ptx="chip=sm_90 bulk-queues=0,1" | %extract-ptx > %t.bulkdot.ptx
// RUN: %ptxas -arch=sm_90 %t.bulkdot.ptx -o %t.bulkdot.cubin
// RUN: asyncpipe-opt %S/Inputs/bulk-kernels.mlir --asyncpipe-to-ptx="chip=sm_90 bulk-queues=1,2" | %extract-ptx > %t.bulk.ptx
// RUN: %ptxas -arch=sm_90 %t.bulk.ptx -o %t.bulk.cubin
// RUN: FileCheck %s --input-file %t.bulk.ptx --check-prefix=BULK
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.dot80.ptx
// RUN: %ptxas -arch=sm_80 %t.dot80.ptx -o %t.dot80.cubin
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-to-ptx=chip=sm_90 | %extract-ptx > %t.dot90.ptx
// RUN: %ptxas -arch=sm_90 %t.dot90.ptx -o %t.dot90.cubin
// RUN: asyncpipe-opt %s --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.k80.ptx
// RUN: %ptxas -arch=sm_80 %t.k80.ptx -o %t.k80.cubin
// RUN: asyncpipe-opt %s --asyncpipe-to-ptx=chip=sm_90 | %extract-ptx > %t.k90.ptx
// RUN: %ptxas -arch=sm_90 %t.k90.ptx -o %t.k90.cubin
// RUN: FileCheck %s --input-file %t.k80.ptx
// RUN: FileCheck %s --input-file %t.k90.ptx
// RUN: asyncpipe-opt %s --asyncpipe-workgroup-attributions --asyncpipe-to-nvgpu -o %t.nvgpu.mlir
// RUN: %check-wait-groups %t.nvgpu.mlir %t.k80.ptx
// RUN: %check-wait-groups %t.nvgpu.mlir %t.k90.ptx

// BULK: .entry rows
// BULK-COUNT-4: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// BULK: mbarrier.arrive
// BULK: mbarrier.try_wait.parity
// BULK: .entry dynamic_rows
// BULK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// BULK: .entry mixed
// BULK: cp.async.cg.shared.global
// BULK: cp.async.commit_group;
// BULK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// BULK: cp.async.wait_group 0;
// BULK: mbarrier.try_wait.parity
// BULK: .entry tokens
// BULK-COUNT-2: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// BULK-COUNT-2: mbarrier.try_wait.parity

// The partial tile (16-byte chunks with a src-size), then f16 and i8 rows
// (8 and 4 bytes) in one group; the f32 tile is awaited with the second
// group in flight, the narrow rows with none. Every thread copies into the
// same tile, so each read follows a barrier (asyncpipe-to-nvgpu places it).
// CHECK: .entry partial_tiles
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 8;
// CHECK: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// CHECK-NEXT: cp.async.commit_group;
// CHECK-NEXT: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: ld.shared.b32 {{.*}}[__wg_partial_tiles_0]
// CHECK-NEXT: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: ld.shared.b16 {{.*}}[__wg_partial_tiles_1]
// The upstream kernel: every wait of the loop (however LLVM unrolls it)
// leaves one group in flight; the last wait drains.
// CHECK: .entry upstream
// CHECK: $L__BB1_[[LOOP:[0-9]+]]:
// CHECK-NOT: cp.async.wait_group 0;
// CHECK: cp.async.wait_group 1;
// CHECK-NOT: cp.async.wait_group 0;
// CHECK: bra{{.*}} $L__BB1_[[LOOP]];
// CHECK-NEXT: cp.async.wait_group 0;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @partial_tiles(%a: memref<?x?xf32>, %h: memref<64x4xf16>, %b: memref<64x4xi8>, %out: memref<64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %tid = gpu.thread_id x
      %sa = memref.alloc() : memref<4x8xf32, 3>
      %sh = memref.alloc() : memref<4xf16, 3>
      %sb = memref.alloc() : memref<4xi8, 3>
      %rows = memref.dim %a, %c0 : memref<?x?xf32>
      %base = arith.muli %tid, %c8 : index
      %part = memref.subview %a[%tid, 0] [%rows, 8] [1, 1] : memref<?x?xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
      asyncpipe.copy %part, %sa zero_fill queue 0 : memref<?x8xf32, strided<[?, 1], offset: ?>> to memref<4x8xf32, 3>
      asyncpipe.commit 0
      %hrow = memref.subview %h[%tid, 0] [1, 4] [1, 1] : memref<64x4xf16> to memref<4xf16, strided<[1], offset: ?>>
      %brow = memref.subview %b[%tid, 0] [1, 4] [1, 1] : memref<64x4xi8> to memref<4xi8, strided<[1], offset: ?>>
      asyncpipe.commit_queue 0 {
        asyncpipe.copy %hrow, %sh : memref<4xf16, strided<[1], offset: ?>> to memref<4xf16, 3>
        asyncpipe.copy %brow, %sb : memref<4xi8, strided<[1], offset: ?>> to memref<4xi8, 3>
      }
      asyncpipe.wait_queue 0, 1
      %v = memref.load %sa[%c0, %c0] : memref<4x8xf32, 3>
      asyncpipe.wait_queue 0, 0
      %x = memref.load %sh[%c0] : memref<4xf16, 3>
      %y = memref.load %sb[%c0] : memref<4xi8, 3>
      %xf = arith.extf %x : f16 to f32
      %yf = arith.sitofp %y : i8 to f32
      %s = arith.addf %v, %xf : f32
      %t = arith.addf %s, %yf : f32
      memref.store %t, %out[%tid] : memref<64xf32>
      gpu.return
    }
    gpu.func @upstream(%src: memref<4096xf32>, %out: memref<4096xf32>) workgroup(%dst: memref<2x128xf32, 3>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %t0 = nvgpu.device_async_copy %src[%c0], %dst[%c0, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
      %g0 = nvgpu.device_async_create_group %t0
      %last = scf.for %i = %c0 to %c64 step %c1 iter_args(%prev = %g0) -> (!nvgpu.device.async.token) {
        %i1 = arith.addi %i, %c1 : index
        %slot = arith.remui %i1, %c2 : index
        %t = nvgpu.device_async_copy %src[%i1], %dst[%slot, %c0], 4 : memref<4096xf32> to memref<2x128xf32, 3>
        %g = nvgpu.device_async_create_group %t
        nvgpu.device_async_wait %prev
        %cur = arith.remui %i, %c2 : index
        %v = memref.load %dst[%cur, %c0] : memref<2x128xf32, 3>
        memref.store %v, %out[%i] : memref<4096xf32>
        scf.yield %g : !nvgpu.device.async.token
      }
      nvgpu.device_async_wait %last
      gpu.return
    }
  }
}
