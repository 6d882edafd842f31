// The block-scope issue's kernel in PTX: the pipelined cooperative tile
// (Passes/software-pipeline/cooperative.mlir) waits and then passes a
// bar.sync before each read of the rows other threads copied; the main
// example's thread-private staging has no bar.sync.
// REQUIRES: ptxas
// RUN: asyncpipe-opt %S/../../Passes/software-pipeline/cooperative.mlir --asyncpipe-software-pipeline --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.coop.ptx
// RUN: %ptxas -arch=sm_80 %t.coop.ptx -o %t.coop.cubin
// RUN: FileCheck %s --input-file %t.coop.ptx
// RUN: asyncpipe-opt %examples/stream_dot.mlir --asyncpipe-software-pipeline --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx | FileCheck %s --check-prefix=PRIVATE

// Prologue: two copies, no barrier. Body: wait for the group two tiles
// back, barrier, next copy, compute.
// CHECK-NOT: bar.sync
// CHECK:     cp.async.wait_group {{[[:space:]]*}}1;
// CHECK-NEXT: bar.sync {{[[:space:]]*}}0;
// CHECK:     cp.async.cg.shared.global
// CHECK:     cp.async.commit_group;
// Epilogue:
// CHECK:     cp.async.wait_group {{[[:space:]]*}}1;
// CHECK-NEXT: bar.sync {{[[:space:]]*}}0;
// CHECK:     cp.async.wait_group {{[[:space:]]*}}0;
// CHECK-NEXT: bar.sync {{[[:space:]]*}}0;
// CHECK-NOT: bar.sync

// PRIVATE-NOT: bar.sync
// PRIVATE: cp.async.wait_group
// PRIVATE-NOT: bar.sync
