// An asyncop chain wrapping a copy into workgroup memory, through
// asyncop-to-asyncpipe, token-to-count and asyncpipe-to-ptx: cp.async with
// its commit and the wait the passes computed, for sm_80 and sm_90; ptxas
// accepts both.
// REQUIRES: ptxas
// RUN: asyncpipe-opt %S/../../Passes/asyncop-to-asyncpipe/copy.mlir --asyncop-wrap --asyncop-schedule --asyncop-to-asyncpipe --asyncpipe-token-to-count --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.80.ptx
// RUN: %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin
// RUN: FileCheck %s --input-file %t.80.ptx
// RUN: asyncpipe-opt %S/../../Passes/asyncop-to-asyncpipe/copy.mlir --asyncop-wrap --asyncop-schedule --asyncop-to-asyncpipe --asyncpipe-token-to-count --asyncpipe-to-ptx=chip=sm_90 | %extract-ptx > %t.90.ptx
// RUN: %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin
// RUN: FileCheck %s --input-file %t.90.ptx
// CHECK: .entry stage(
// CHECK: cp.async.cg.shared.global
// CHECK: cp.async.commit_group
// CHECK: cp.async.wait_group 0
// The chain carried across iterations: one group stays in flight in the
// loop (cp.async.wait_group 1), none after it.
// RUN: asyncpipe-opt %S/../../Passes/asyncop-to-asyncpipe/carried.mlir --asyncop-to-asyncpipe --asyncpipe-token-to-count --asyncpipe-to-ptx=chip=sm_80 | %extract-ptx > %t.carried.ptx
// RUN: %ptxas -arch=sm_80 %t.carried.ptx -o %t.carried.cubin
// RUN: FileCheck %s --input-file %t.carried.ptx --check-prefix=CARRIED
// CARRIED: .entry stream(
// CARRIED: cp.async.wait_group 1
// CARRIED: cp.async.wait_group 0
