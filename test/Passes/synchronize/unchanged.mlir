// asyncpipe-synchronize fails before it changes anything: a function it
// cannot synchronize (here the second, a cooperative copy under
// thread-dependent control flow) leaves every function as it was, the
// first's unguarded copy included (no commit, no wait in the IR printed
// after the failure).
// RUN: not asyncpipe-opt %s --asyncpipe-synchronize --mlir-print-ir-after-failure 2>&1 | FileCheck %s
// CHECK: error: asyncpipe-synchronize cannot synchronize this op
// CHECK: IR Dump After
// CHECK-NOT: asyncpipe.commit
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: func.func @first
// CHECK-NOT: asyncpipe.commit
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: gpu.func @second
func.func @first(%a: memref<8xf32>, %s: memref<8xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  %v = memref.load %s[%c0] : memref<8xf32, 3>
  return %v : f32
}
gpu.module @kernels {
  gpu.func @second(%g: memref<128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
    %low = arith.cmpi ult, %tid, %c64 : index
    scf.if %low {
      memref.copy %g, %tile : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
      %v = memref.load %tile[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<128xf32>
    }
    gpu.return
  }
}
