// Workgroup allocations at the top of a gpu.func become 16-byte aligned
// workgroup attributions (after any it already has); their deallocs go; other
// allocations and functions stay.
// RUN: asyncpipe-opt %s --asyncpipe-workgroup-attributions | FileCheck %s

// CHECK-LABEL: gpu.func @kernel
// CHECK-SAME: workgroup(%[[OLD:.*]] : memref<4xf32, 3>, %[[A:.*]] : memref<2x8xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %[[B:.*]] : memref<8xi8, 3> {llvm.align = 64 : i64})
// CHECK-NOT: memref.alloc()
// CHECK: memref.alloca() : memref<4xf32>
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK-NOT: memref.dealloc
// CHECK: gpu.return
// CHECK-LABEL: func.func @host
// CHECK: memref.alloc() : memref<4xf32, 3>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%x: f32, %b: i8) workgroup(%old: memref<4xf32, 3>) kernel {
      %c0 = arith.constant 0 : index
      %a = memref.alloc() : memref<2x8xf32, #gpu.address_space<workgroup>>
      %bytes = memref.alloc() {alignment = 64 : i64} : memref<8xi8, 3>
      %private = memref.alloca() : memref<4xf32>
      memref.store %x, %a[%c0, %c0] : memref<2x8xf32, #gpu.address_space<workgroup>>
      memref.store %b, %bytes[%c0] : memref<8xi8, 3>
      memref.store %x, %private[%c0] : memref<4xf32>
      memref.dealloc %bytes : memref<8xi8, 3>
      gpu.return
    }
  }
  func.func @host() {
    %a = memref.alloc() : memref<4xf32, 3>
    return
  }
}
