// The main job's kernel (examples/tiled_gemm.mlir): threads copy A and B
// tiles cooperatively and read rows and columns others copied, so the
// pipeliner moves the body's wait to its top and puts one barrier after it
// (wait, barrier, issue the next K step into the version read one step
// earlier, compute), and one after each epilogue wait.
// (The pipeliner runs once a queue form and its output is reused: it takes
// seconds in a debug build.)
// RUN: asyncpipe-opt %examples/tiled_gemm.mlir --asyncpipe-software-pipeline > %t.pipelined.mlir
// RUN: asyncpipe-opt %examples/tiled_gemm.mlir --asyncpipe-software-pipeline=bulk-queues=0 > %t.bulk.mlir
// RUN: FileCheck %s --input-file %t.pipelined.mlir
// verify-sync accepts it, and rejects it with any one barrier removed;
// asyncpipe-eliminate-barriers finds none of them needless.
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-verify-sync -o /dev/null
// RUN: awk '/gpu.barrier/ && ++n == 1 {next} {print}' %t.pipelined.mlir | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=NO-BARRIER
// RUN: awk '/gpu.barrier/ && ++n == 2 {next} {print}' %t.pipelined.mlir | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=NO-BARRIER
// RUN: awk '/gpu.barrier/ && ++n == 3 {next} {print}' %t.pipelined.mlir | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=NO-BARRIER
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-eliminate-barriers | FileCheck %s --check-prefix=COUNT
// NO-BARRIER: error: accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait that completed the write there
// On a bulk queue (the sm_90 variant) only the steady state's barrier
// stays: it orders the next K step's copies after every thread's reads of
// the version they overwrite; the mbarrier publishes the copies themselves.
// verify-sync accepts it, and rejects it without that barrier:
// RUN: asyncpipe-opt %t.bulk.mlir --asyncpipe-verify-sync=bulk-queues=0 | FileCheck %s --check-prefix=BULK
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-eliminate-barriers=bulk-queues=0 | FileCheck %s --check-prefix=BULK
// RUN: grep -v gpu.barrier %t.bulk.mlir | not asyncpipe-opt --asyncpipe-verify-sync=bulk-queues=0 2>&1 | FileCheck %s --check-prefix=BULK-WAR
// BULK-LABEL:    gpu.func @tiled_gemm
// BULK-NOT:      gpu.barrier
// BULK:          scf.for %{{.*}} = %c2 to %c32
// BULK-NEXT:       asyncpipe.wait_queue 0, 1
// BULK-NEXT:       gpu.barrier
// BULK-NOT:      gpu.barrier
// BULK:          gpu.return
// BULK-WAR: error: writes workgroup memory that other threads may still be reading: no barrier since their read
// COUNT-COUNT-3: gpu.barrier
// COUNT-NOT: gpu.barrier

// CHECK-LABEL: gpu.func @tiled_gemm
// Three versions of each tile.
// CHECK:         memref.alloc() : memref<3x64x16xf32, #gpu.address_space<workgroup>>
// CHECK:         memref.alloc() : memref<3x16x64xf32, #gpu.address_space<workgroup>>
// Prologue: two K steps, each one group of both tiles; no barrier.
// CHECK:         asyncpipe.commit_queue 0 {
// CHECK-COUNT-2:   asyncpipe.copy
// CHECK:         asyncpipe.commit_queue 0 {
// CHECK-COUNT-2:   asyncpipe.copy
// CHECK-NOT:     gpu.barrier
// CHECK:         scf.for
// CHECK-NEXT:      asyncpipe.wait_queue 0, 1
// CHECK-NEXT:      gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:           asyncpipe.commit_queue 0 {
// CHECK-NOT:       gpu.barrier
// CHECK:           scf.for
// Epilogue: the last two steps, each after its wait and a barrier.
// CHECK:         asyncpipe.wait_queue 0, 1
// CHECK-NEXT:    gpu.barrier
// CHECK:         asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    gpu.barrier
// CHECK-NOT:     gpu.barrier
