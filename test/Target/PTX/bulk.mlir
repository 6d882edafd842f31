// The main example with bulk queues on sm_90: x (queue 0) and y (queue 1)
// arrive by cp.async.bulk on rings of 4 and 3 mbarriers, and every wait is a
// parity wait on one barrier; nothing uses the cp.async group queue.
// (Execution/stream-dot-bulk-cpu.mlir runs this protocol; ptxas.mlir
// assembles it.)
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline -o %t.pipelined.mlir
// RUN: asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-ptx="chip=sm_90 bulk-queues=0,1" | %extract-ptx > %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=NO-GROUPS

// bulk-queues implies PTX 8.0 (expect_tx, cp.async.bulk).
// CHECK: .version 8.0
// CHECK: .target sm_90
// CHECK: .shared .align 16 .b8 [[X:__wg_stream_dot_[0-9]+]][32];
// CHECK: .shared .align 16 .b8 [[Y:__wg_stream_dot_[0-9]+]][24];
// Thread 0 initializes the 4 + 3 barriers for the block, then the block meets.
// CHECK: mbarrier.init.shared.b64 [[[X]]], [[THREADS:%r[0-9]+]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[X]]+8], [[THREADS]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[X]]+16], [[THREADS]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[X]]+24], [[THREADS]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[Y]]], [[THREADS]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[Y]]+8], [[THREADS]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[Y]]+16], [[THREADS]];
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK: bar.sync 0;
// Prologue: x(0), x(1), y(0), x(2), y(1), each 32 bytes on its group's slot.
// CHECK: mbarrier.expect_tx.relaxed.cta.shared.b64 [[[X]]], [[BYTES:%r[0-9]+]];
// CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [{{.*}}], [{{.*}}], [[BYTES]], [[[X]]];
// CHECK-NEXT: mbarrier.arrive.shared.b64 {{.*}}, [[[X]]];
// CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [{{.*}}], [{{.*}}], [[BYTES]], [[[X]]+8];
// CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [{{.*}}], [{{.*}}], [[BYTES]], [[[Y]]];
// CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [{{.*}}], [{{.*}}], [[BYTES]], [[[X]]+16];
// CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [{{.*}}], [{{.*}}], [[BYTES]], [[[Y]]+8];
// The steady state: x(t+3) and y(t+2) issued, x(t) and y(t) awaited: one
// barrier each.
// CHECK: $L__BB0_[[LOOP:[0-9]+]]:
// CHECK-COUNT-2: cp.async.bulk.shared::cluster.global
// CHECK-NOT: cp.async.bulk
// CHECK-COUNT-2: mbarrier.try_wait.parity.shared.b64
// CHECK-NOT: mbarrier.try_wait
// CHECK: bra{{.*}} $L__BB0_[[LOOP]];
// Epilogue: y(65) issued; x and y of the last three tiles awaited.
// CHECK-COUNT-1: cp.async.bulk.shared::cluster.global
// CHECK-NOT: cp.async.bulk
// CHECK-COUNT-6: mbarrier.try_wait.parity.shared.b64
// CHECK-NOT: mbarrier.try_wait
// CHECK: ret;
// NO-GROUPS-NOT: cp.async.commit_group
// NO-GROUPS-NOT: cp.async.wait_group

// sm_90 ops on an older target are an error at the op, not an LLVM abort.
// RUN: not asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-ptx="chip=sm_80 bulk-queues=0,1" 2>&1 | FileCheck %s --check-prefix=SM80
// SM80: error: 'nvvm.{{.*}}' needs sm_90 or newer and PTX 8.0 or newer, but gpu.module @kernels targets sm_80
// RUN: not asyncpipe-opt %t.pipelined.mlir --asyncpipe-to-ptx="chip=sm_90 features=+ptx78 bulk-queues=0,1" 2>&1 | FileCheck %s --check-prefix=PTX78
// PTX78: error: 'nvvm.{{.*}}' needs sm_90 or newer and PTX 8.0 or newer, but gpu.module @kernels targets sm_90 with PTX 7.8; add features=+ptx80
