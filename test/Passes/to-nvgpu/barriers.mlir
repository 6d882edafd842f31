// asyncpipe-to-nvgpu places the block barriers of hand-written staging
// (asyncpipe-place-barriers) before it lowers: the kernels of
// Passes/place-barriers/placement.mlir, as nvgpu ops.
// RUN: asyncpipe-opt %S/../place-barriers/placement.mlir -split-input-file --asyncpipe-to-nvgpu | FileCheck %s

// CHECK-LABEL: gpu.func @read_other_row
// CHECK-NOT:     gpu.barrier
// CHECK:         nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK-NEXT:    gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK-LABEL: gpu.func @thread_private
// CHECK-NOT:     gpu.barrier
// CHECK-LABEL: gpu.func @loop_copy_then_wait
// CHECK:         scf.for
// CHECK-NEXT:      gpu.barrier
// CHECK:           nvgpu.device_async_wait
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      scf.for
// CHECK-NOT:     gpu.barrier
// CHECK-LABEL: func.func @not_a_kernel
// CHECK-NOT:     gpu.barrier
