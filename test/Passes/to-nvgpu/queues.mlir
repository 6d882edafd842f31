// Commits and waits on the single cp.async queue: one logical queue keeps its
// counts; two logical queues and token form are recounted for the hardware
// queue (the recounted IR is proven by asyncpipe-verify-sync, which knows the
// nvgpu ops); upstream nvgpu token waits get exact numGroups.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-to-nvgpu --canonicalize | FileCheck %s
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-to-nvgpu --asyncpipe-verify-sync -o /dev/null

// One queue: counts kept. A wait's token is the latest group that dominates
// it, or poison before any group.
// CHECK-LABEL: func.func @one_queue
// CHECK: %[[P:.*]] = ub.poison : !nvgpu.device.async.token
// CHECK: nvgpu.device_async_wait %[[P]] {numGroups = 0 : i32}
// CHECK: %[[G0:.*]] = nvgpu.device_async_create_group
// CHECK: scf.for
// CHECK:   %[[G:.*]] = nvgpu.device_async_create_group
// CHECK:   nvgpu.device_async_wait %[[G]] {numGroups = 1 : i32}
// CHECK: nvgpu.device_async_wait %[[G0]] {numGroups = 0 : i32}
func.func @one_queue(%a: memref<64x4xf32>, %out: memref<64x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c63 = arith.constant 63 : index
  %buf = memref.alloc() : memref<2x4xf32, 3>
  asyncpipe.wait_queue 0, 0
  %g0 = memref.subview %a[0, 0] [1, 4] [1, 1] : memref<64x4xf32> to memref<4xf32, strided<[1]>>
  %s0 = memref.subview %buf[0, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1]>, 3>
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %g0, %s0 : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>, 3>
  }
  scf.for %i = %c0 to %c63 step %c1 {
    %n = arith.addi %i, %c1 : index
    %slot = arith.remui %n, %c2 : index
    %g = memref.subview %a[%n, 0] [1, 4] [1, 1] : memref<64x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    %s = memref.subview %buf[%slot, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %g, %s : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>, 3>
    }
    asyncpipe.wait_queue 0, 1
    %cur = arith.remui %i, %c2 : index
    %v = memref.subview %buf[%cur, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
    %o = memref.subview %out[%i, 0] [1, 4] [1, 1] : memref<64x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %v, %o : memref<4xf32, strided<[1], offset: ?>, 3> to memref<4xf32, strided<[1], offset: ?>>
  }
  asyncpipe.wait_queue 0, 0
  %last = memref.subview %buf[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
  %o = memref.subview %out[63, 0] [1, 4] [1, 1] : memref<64x4xf32> to memref<4xf32, strided<[1], offset: 252>>
  memref.copy %last, %o : memref<4xf32, strided<[1], offset: 4>, 3> to memref<4xf32, strided<[1], offset: 252>>
  return
}

// -----

// Two logical queues: "wait 0, 1" lets the newest group of queue 0 fly,
// but on the hardware queue queue 1's group came after it, so the count
// becomes 2; "wait 1, 0" drains everything.
// CHECK-LABEL: func.func @two_queues
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK: memref.load
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK: memref.load
func.func @two_queues(%a: memref<8xf32>, %b: memref<8xf32>, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %sa = memref.alloc() : memref<2x4xf32, 3>
  %sb = memref.alloc() : memref<4xf32, 3>
  %a0 = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %a1 = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %s0 = memref.subview %sa[0, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1]>, 3>
  %s1 = memref.subview %sa[1, 0] [1, 4] [1, 1] : memref<2x4xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
  asyncpipe.copy %a0, %s0 queue 0 : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>, 3>
  asyncpipe.commit 0
  asyncpipe.copy %a1, %s1 queue 0 : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[1], offset: 4>, 3>
  asyncpipe.commit 0
  %b0 = memref.subview %b[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  asyncpipe.copy %b0, %sb queue 1 : memref<4xf32, strided<[1]>> to memref<4xf32, 3>
  asyncpipe.commit 1
  asyncpipe.wait_queue 0, 1
  %v = memref.load %sa[%c0, %c0] : memref<2x4xf32, 3>
  memref.store %v, %out[%c0] : memref<2xf32>
  asyncpipe.wait_queue 1, 0
  %w = memref.load %sb[%c0] : memref<4xf32, 3>
  memref.store %w, %out[%c0] : memref<2xf32>
  return
}

// -----

// Token form: the wait names the first of two groups: one may stay in flight.
// CHECK-LABEL: func.func @token_form
// CHECK: %[[G0:.*]] = nvgpu.device_async_create_group %{{.*}}
// CHECK: %[[G1:.*]] = nvgpu.device_async_create_group %{{.*}}
// CHECK: nvgpu.device_async_wait %[[G1]] {numGroups = 1 : i32}
func.func @token_form(%a: memref<4xf32>, %b: memref<4xf32>, %sa: memref<4xf32, 3>, %sb: memref<4xf32, 3>) {
  %t0 = asyncpipe.copy %a, %sa : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  %t1 = asyncpipe.copy %b, %sb : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g1 = asyncpipe.commit_group queue 1 (%t1)
  asyncpipe.wait %g0
  return
}

