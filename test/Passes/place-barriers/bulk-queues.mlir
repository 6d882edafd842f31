// asyncpipe-place-barriers on the kernels of placement.mlir with their
// queue as a bulk queue (bulk-queues=0): a wait on it completes every
// thread's copies of the group, so no barrier goes after a wait for the
// reads (read-after-write); a copy over other threads' reads still gets
// one before it (write-after-read). The unpipelined loop needs one barrier
// an iteration instead of two, and the straight-line read of another
// thread's row none.
// RUN: asyncpipe-opt %S/placement.mlir -split-input-file --asyncpipe-place-barriers=bulk-queues=0 | FileCheck %s
// RUN: asyncpipe-opt %S/placement.mlir -split-input-file --asyncpipe-place-barriers=bulk-queues=0 --asyncpipe-verify-sync=bulk-queues=0 -o /dev/null
// Queue 1 is no bulk queue: placement is as on cp.async.
// RUN: asyncpipe-opt %S/placement.mlir -split-input-file --asyncpipe-place-barriers=bulk-queues=1 | FileCheck %S/placement.mlir

// CHECK-LABEL: gpu.func @read_other_row
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
// CHECK-LABEL: gpu.func @thread_private
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
// CHECK-LABEL: gpu.func @loop_copy_then_wait
// CHECK:         scf.for
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      asyncpipe.copy
// CHECK-NEXT:      asyncpipe.commit 0
// CHECK-NEXT:      asyncpipe.wait_queue 0, 0
// CHECK-NEXT:      scf.for
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
