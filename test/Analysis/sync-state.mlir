// What each op does to the async queues (asyncpipe-test-print-sync-state),
// the classification every queue analysis starts from: commits, waits with
// their counts, opaque calls, token-form ops; nvgpu's cp.async queue is a
// queue of its own.
// RUN: asyncpipe-opt %s --asyncpipe-test-print-sync-state -verify-diagnostics

func.func @f(%a: memref<8xf32>, %b: memref<8xf32, 3>, %n: i32) {
  asyncpipe.copy %a, %b queue 1 : memref<8xf32> to memref<8xf32, 3>
  // expected-remark @below {{queue effect: commits a group to queue 1}}
  asyncpipe.commit 1
  // expected-remark @below {{queue effect: waits on queue 1 for at most 0}}
  asyncpipe.wait_queue 1, 0
  // expected-remark @below {{queue effect: commits a group to queue 0; token form}}
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, 3>
  }
  // expected-remark @below {{queue effect: token form}}
  asyncpipe.wait %g
  // expected-remark @below {{queue effect: opaque (may commit or wait on any queue)}}
  func.call @g() : () -> ()
  %c0 = arith.constant 0 : index
  %t = nvgpu.device_async_copy %a[%c0], %b[%c0], 4 : memref<8xf32> to memref<8xf32, 3>
  // expected-remark @below {{queue effect: commits a group to the cp.async queue}}
  %cg = nvgpu.device_async_create_group %t
  // expected-remark @below {{queue effect: waits on the cp.async queue for at most 2}}
  nvgpu.device_async_wait %cg {numGroups = 2 : i32}
  return
}
func.func private @g()
