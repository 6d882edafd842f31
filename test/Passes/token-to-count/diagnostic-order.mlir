// Functions are converted on the context's threads; their diagnostics still
// come in program order, as a sequential run prints them (each error with its
// note). Under --mlir-disable-threading the output is the same.
// RUN: not asyncpipe-opt %s --asyncpipe-token-to-count -o /dev/null 2>&1 | FileCheck %s
// RUN: not asyncpipe-opt %s --asyncpipe-token-to-count -o /dev/null --mlir-disable-threading 2>&1 | FileCheck %s

// CHECK: diagnostic-order.mlir:[[@LINE+5]]:3: remark: in-flight count 0
func.func @f0(%src: memref<64xf32>, %dst: memref<64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<64xf32> to memref<64xf32, 3>
  %g = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %g
  return
}

// CHECK: diagnostic-order.mlir:[[@LINE+5]]:3: error: waits on async work that no group committed
// CHECK: diagnostic-order.mlir:[[@LINE+3]]:8: note: the uncommitted async operation
func.func @f1(%src: memref<64xf32>, %dst: memref<64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<64xf32> to memref<64xf32, 3>
  nvgpu.device_async_wait %t
  return
}

// CHECK: diagnostic-order.mlir:[[@LINE+5]]:3: remark: in-flight count 0
func.func @f2(%src: memref<64xf32>, %dst: memref<64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<64xf32> to memref<64xf32, 3>
  %g = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %g
  return
}

// CHECK: diagnostic-order.mlir:[[@LINE+5]]:3: error: waits on async work that no group committed
// CHECK: diagnostic-order.mlir:[[@LINE+3]]:8: note: the uncommitted async operation
func.func @f3(%src: memref<64xf32>, %dst: memref<64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<64xf32> to memref<64xf32, 3>
  nvgpu.device_async_wait %t
  return
}

// CHECK: diagnostic-order.mlir:[[@LINE+5]]:3: remark: in-flight count 0
func.func @f4(%src: memref<64xf32>, %dst: memref<64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<64xf32> to memref<64xf32, 3>
  %g = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %g
  return
}

// CHECK: diagnostic-order.mlir:[[@LINE+5]]:3: error: waits on async work that no group committed
// CHECK: diagnostic-order.mlir:[[@LINE+3]]:8: note: the uncommitted async operation
func.func @f5(%src: memref<64xf32>, %dst: memref<64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<64xf32> to memref<64xf32, 3>
  nvgpu.device_async_wait %t
  return
}

// CHECK: diagnostic-order.mlir:[[@LINE+5]]:3: remark: in-flight count 0
func.func @f6(%src: memref<64xf32>, %dst: memref<64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<64xf32> to memref<64xf32, 3>
  %g = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %g
  return
}

// CHECK: diagnostic-order.mlir:[[@LINE+5]]:3: error: waits on async work that no group committed
// CHECK: diagnostic-order.mlir:[[@LINE+3]]:8: note: the uncommitted async operation
func.func @f7(%src: memref<64xf32>, %dst: memref<64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<64xf32> to memref<64xf32, 3>
  nvgpu.device_async_wait %t
  return
}
// CHECK-NOT: {{error|remark}}
