// An empty group (a commit with no copy since the last one) takes its place
// in the cp.async FIFO: it becomes nvvm.cp.async.commit.group, because
// nvgpu.device_async_create_group without tokens prints in a form that
// swallows the next op's result name when parsed back. The output parses
// back, verify-sync counts the empty group (wait 1 still completes the
// copy's group), and the PTX commits twice before waiting for one group.
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu | asyncpipe-opt --asyncpipe-verify-sync | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu --asyncpipe-lower-sequential | FileCheck %s --check-prefix=CPU
// RUN: asyncpipe-opt %s --asyncpipe-to-ptx | %extract-ptx | FileCheck %s --check-prefix=PTX

// CHECK: %[[COPY:.*]] = nvgpu.device_async_copy
// CHECK-NEXT: %[[GROUP:.*]] = nvgpu.device_async_create_group %[[COPY]]
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi
// CHECK-NEXT: nvgpu.device_async_wait %[[GROUP]] {numGroups = 1 : i32}
// CPU-NOT: nvvm.cp.async
// CPU-NOT: nvgpu.device_async
// PTX: cp.async.cg.shared.global
// PTX-NEXT: cp.async.commit_group;
// PTX-NEXT: cp.async.commit_group;
// PTX: cp.async.wait_group {{[[:space:]]*}}1;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<128xf32>, %out: memref<128xf32>) kernel {
      %b = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %s = memref.subview %a[0] [4] [1] : memref<128xf32> to memref<4xf32, strided<[1]>>
      asyncpipe.copy %s, %b queue 0 : memref<4xf32, strided<[1]>> to memref<4xf32, #gpu.address_space<workgroup>>
      asyncpipe.commit 0
      asyncpipe.commit 0
      %i = arith.addi %c0, %c1 : index
      asyncpipe.wait_queue 0, 1
      %v = memref.load %b[%i] : memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%c0] : memref<128xf32>
      gpu.return
    }
  }
}
