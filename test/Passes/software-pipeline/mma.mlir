// An async compute stage: tiles copied in stage 0 (queue 0), multiplied by
// asyncpipe.mma into an accumulator in stage 1 (queue 1, the tensor cores'
// queue). The MMAs chain on their accumulator with no wait between them (the
// hardware orders MMAs of one queue into one tile), the MMA waits for its
// tiles on queue 0, and a copy into a tile version waits on queue 1 for the
// MMA that read that version, leaving one MMA group in flight; after the
// loop the accumulator is read once queue 1 is drained.
// RUN: asyncpipe-opt %S/../../Execution/Inputs/mma-gemm.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync | FileCheck %s

// CHECK: memref.alloc() : memref<3x64x32xf16, 3>
// CHECK: memref.alloc() : memref<3x32x64xf16, 3>
// CHECK: %[[ACC:.*]] = asyncpipe.accumulator_init
// Prologue: the first tiles.
// CHECK: asyncpipe.commit_queue 0 {
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: asyncpipe.copy
// CHECK: asyncpipe.copy
// CHECK: scf.for
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: asyncpipe.commit_queue 0 {
// CHECK-NEXT: asyncpipe.wait_queue 1, 1
// CHECK: asyncpipe.copy
// CHECK: asyncpipe.copy
// CHECK: asyncpipe.commit_queue 1 {
// CHECK-NEXT: asyncpipe.wait_queue 0, 1
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: asyncpipe.mma %{{.*}}, %{{.*}}, %[[ACC]] :
// Epilogue: the last MMA, then the drain.
// CHECK: asyncpipe.commit_queue 1 {
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: asyncpipe.mma %{{.*}}, %{{.*}}, %[[ACC]] :
// CHECK: asyncpipe.wait_queue 1, 0
// CHECK-NEXT: asyncpipe.accumulator_store %[[ACC]]
