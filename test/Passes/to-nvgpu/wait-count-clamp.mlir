// nvgpu.device_async_wait's numGroups is an i32: a larger count is clamped
// to 2^31 - 1, which waits for more groups, never fewer (2^32 was emitted
// as 0 and 2^31 as -2^31, found by issue 40's audit).
// RUN: asyncpipe-opt %s --asyncpipe-lower-to-nvgpu | FileCheck %s
// CHECK-COUNT-2: nvgpu.device_async_wait %{{.*}} {numGroups = 2147483647 : i32}
func.func @large_counts(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.wait_queue 0, 4294967296
  asyncpipe.wait_queue 0, 2147483648
  return
}
