// The main job's kernel (examples/tiled_gemm.mlir) in PTX: on sm_80 three
// cp.async groups waited with exact counts, each wait followed by the one
// bar.sync of its phase; ptxas assembles it without spills, with 24 KiB of
// shared memory (3 versions of a 64 x 16 and a 16 x 64 f32 tile) and one
// barrier. On sm_90 the same with the tiles on a bulk queue (cp.async.bulk
// completing on mbarriers).
// REQUIRES: ptxas
// RUN: asyncpipe-opt %examples/tiled_gemm.mlir --asyncpipe-software-pipeline > %t.pipelined.mlir
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.sm_80.ptx
// RUN: FileCheck %s --input-file %t.sm_80.ptx
// RUN: %ptxas -arch=sm_80 -v %t.sm_80.ptx -o %t.sm_80.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-ptx="chip=sm_90 bulk-queues=0" | %extract-ptx > %t.bulk.ptx
// RUN: FileCheck %s --input-file %t.bulk.ptx --check-prefix=BULK
// RUN: %ptxas -arch=sm_90 -v %t.bulk.ptx -o %t.bulk.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS-BULK
// Pipelined for a bulk queue (software-pipeline{bulk-queues=0}): a wait on
// the mbarrier completes every thread's copies, so the only bar.sync after
// the ring's initialization is the one before each K step's copies (they
// overwrite the version other threads read one step earlier).
// RUN: asyncpipe-opt %examples/tiled_gemm.mlir --asyncpipe-software-pipeline=bulk-queues=0 --asyncpipe-to-ptx="chip=sm_90 bulk-queues=0" | %extract-ptx > %t.bulk-pipelined.ptx
// RUN: FileCheck %s --input-file %t.bulk-pipelined.ptx --check-prefix=BULK-PIPELINED
// RUN: %ptxas -arch=sm_90 -v %t.bulk-pipelined.ptx -o %t.bulk-pipelined.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS-BULK

// Prologue: two K steps issued, no barrier.
// CHECK-NOT:  bar.sync
// CHECK:      cp.async.cg.shared.global
// CHECK:      cp.async.commit_group;
// CHECK-NOT:  bar.sync
// CHECK:      cp.async.commit_group;
// Steady state: wait for the step two back, barrier, issue the next step
// into the version read one step earlier, compute with FMAs.
// CHECK:      cp.async.wait_group {{[[:space:]]*}}1;
// CHECK-NEXT: bar.sync {{[[:space:]]*}}0;
// CHECK:      cp.async.cg.shared.global
// CHECK:      cp.async.commit_group;
// CHECK:      fma.rn.f32
// Epilogue: each wait, then a barrier.
// CHECK:      cp.async.wait_group {{[[:space:]]*}}1;
// CHECK-NEXT: bar.sync {{[[:space:]]*}}0;
// CHECK:      cp.async.wait_group {{[[:space:]]*}}0;
// CHECK-NEXT: bar.sync {{[[:space:]]*}}0;
// CHECK-NOT:  bar.sync
// CHECK-NOT:  cp.async

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: used 1 barriers, 24576 bytes smem

// BULK-NOT:  cp.async.wait_group
// BULK:      mbarrier.init
// BULK:      cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// BULK:      mbarrier.try_wait.parity
// BULK:      bar.sync
// BULK-NOT:  cp.async.wait_group

// BULK-PIPELINED:     mbarrier.init
// BULK-PIPELINED:     bar.sync {{[[:space:]]*}}0;
// BULK-PIPELINED-NOT: bar.sync
// BULK-PIPELINED:     mbarrier.try_wait.parity
// BULK-PIPELINED-NOT: cp.async.bulk
// BULK-PIPELINED:     bar.sync {{[[:space:]]*}}0;
// BULK-PIPELINED:     cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// BULK-PIPELINED-NOT: bar.sync

// PTXAS-BULK: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-BULK: used 1 barriers, 24592 bytes smem
