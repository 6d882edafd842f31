// Buffers over a block's 48 KiB of static shared memory go to dynamic shared
// memory: views of gpu.dynamic_shared_memory at 128-byte aligned offsets,
// and the kernel says how many bytes a launch must give it. At 48 KiB or
// less they stay workgroup attributions. In PTX the dynamic buffer is
// declared as CUDA does (asyncpipe-extern-dynamic-shared).
// RUN: asyncpipe-opt %s --asyncpipe-workgroup-attributions | FileCheck %s
// RUN: asyncpipe-opt %s --pass-pipeline="builtin.module(asyncpipe-workgroup-attributions,gpu.module(convert-gpu-to-nvvm,asyncpipe-extern-dynamic-shared))" | FileCheck %s --check-prefix=NVVM

// CHECK-LABEL: gpu.func @large
// CHECK-SAME: asyncpipe.dynamic_shared_bytes = 49280 : i64
// CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[DYN]][%[[C0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8x4xf32, #gpu.address_space<workgroup>>
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: memref.view %[[DYN]][%[[C128]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<12288xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.dealloc

// CHECK-LABEL: gpu.func @small
// CHECK-SAME: workgroup(%{{.*}} : memref<12288xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-NOT: dynamic_shared

// A buffer spelled in the integer workgroup space (3): its view is taken in
// the dynamic memory's space and cast back, since a view keeps its base's
// space (the fuzzer found the view left invalid).
// CHECK-LABEL: gpu.func @integer_space
// CHECK: %[[DYN3:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %[[V3:.*]] = memref.view %[[DYN3]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<12800xf32, #gpu.address_space<workgroup>>
// CHECK: %[[C3:.*]] = memref.memory_space_cast %[[V3]] : memref<12800xf32, #gpu.address_space<workgroup>> to memref<12800xf32, 3>
// CHECK: memref.store %{{.*}}, %[[C3]]

// NVVM: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
gpu.module @kernels {
  gpu.func @large(%i: index, %v: f32) kernel {
    %small = memref.alloc() : memref<8x4xf32, #gpu.address_space<workgroup>>
    %big = memref.alloc() : memref<12288xf32, #gpu.address_space<workgroup>>
    memref.store %v, %big[%i] : memref<12288xf32, #gpu.address_space<workgroup>>
    memref.dealloc %big : memref<12288xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @small(%i: index, %v: f32) kernel {
    %big = memref.alloc() : memref<12288xf32, #gpu.address_space<workgroup>>
    memref.store %v, %big[%i] : memref<12288xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @integer_space(%i: index, %v: f32) kernel {
    %big = memref.alloc() : memref<12800xf32, 3>
    memref.store %v, %big[%i] : memref<12800xf32, 3>
    gpu.return
  }
}
