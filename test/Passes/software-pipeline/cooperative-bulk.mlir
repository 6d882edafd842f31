// The block-scope issue's kernel (cooperative.mlir: thread t copies row t
// and reads row t + 1 two stages later) with its queue as a bulk queue
// (mbarrier rings, asyncpipe-to-nvgpu{bulk-queues=0}). A wait on a bulk
// queue completes every thread's copies of the group, so the reads after
// the waits need no barrier: the epilogue gets none. The body keeps its
// one barrier after the waits, before the next copies: those overwrite the
// version that other threads read one iteration earlier, and only a
// barrier tells that they are done (write-after-read).
// RUN: asyncpipe-opt %S/cooperative.mlir --asyncpipe-software-pipeline=bulk-queues=0 | FileCheck %s
// RUN: asyncpipe-opt %S/cooperative.mlir --asyncpipe-software-pipeline=bulk-queues=0 --asyncpipe-verify-sync=bulk-queues=0 -o /dev/null
// CHECK-LABEL: gpu.func @cooperative
// CHECK-NOT:     gpu.barrier
// CHECK:         scf.for
// CHECK-NEXT:      asyncpipe.wait_queue 0, 1
// CHECK-NEXT:      gpu.barrier
// CHECK:           asyncpipe.commit_queue 0 {
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return

// On a cp.async queue the same kernel races: the epilogue reads another
// thread's row with no barrier after the wait.
// RUN: asyncpipe-opt %S/cooperative.mlir --asyncpipe-software-pipeline=bulk-queues=0 \
// RUN:   | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=CP-ASYNC
// CP-ASYNC: error: accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait

// Without the body's barrier, the copy races with other threads' reads
// even on a bulk queue.
// RUN: asyncpipe-opt %S/cooperative.mlir --asyncpipe-software-pipeline=bulk-queues=0 | grep -v gpu.barrier \
// RUN:   | not asyncpipe-opt --asyncpipe-verify-sync=bulk-queues=0 2>&1 | FileCheck %s --check-prefix=WAR
// WAR: error: writes workgroup memory that other threads may still be reading: no barrier since their read

// asyncpipe-eliminate-barriers told the queue is a bulk one removes the
// two epilogue barriers of the cp.async pipeline and keeps the body's:
// RUN: asyncpipe-opt %S/cooperative.mlir --asyncpipe-software-pipeline --asyncpipe-eliminate-barriers=bulk-queues=0 \
// RUN:   | FileCheck %s --check-prefix=ELIMINATED
// ELIMINATED:     scf.for
// ELIMINATED-NEXT:  asyncpipe.wait_queue 0, 1
// ELIMINATED-NEXT:  gpu.barrier
// ELIMINATED-NOT: gpu.barrier
// ELIMINATED:     gpu.return

// asyncpipe-to-nvgpu places no barrier of its own in the bulk pipeline (its
// one other barrier is where the block meets after initializing the ring):
// RUN: asyncpipe-opt %S/cooperative.mlir --asyncpipe-software-pipeline=bulk-queues=0 --asyncpipe-to-nvgpu=bulk-queues=0 \
// RUN:   | FileCheck %s --check-prefix=LOWERED
// LOWERED-LABEL: gpu.func @cooperative
// LOWERED:         nvvm.fence.mbarrier.init
// LOWERED:         gpu.barrier
// LOWERED-NOT:     gpu.barrier
// LOWERED:         scf.for
// LOWERED:           nvvm.mbarrier.try_wait.parity
// LOWERED-NEXT:      gpu.barrier
// LOWERED-NOT:     gpu.barrier
// LOWERED:         gpu.return
