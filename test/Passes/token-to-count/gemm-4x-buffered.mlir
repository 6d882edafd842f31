// The seed's 4x-buffered GEMM in token form: three groups rotate through
// iter_args. TVM's counts are producer head - consumer head: (i+3) - i = 3 and
// (i+3) - (i+1) = 2 in the body, then 2, 1, 0 in the epilogue.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count -verify-diagnostics | FileCheck %s

// The result is the seed's counting form: no group values are left.
// CHECK-LABEL: func.func @gemm
// CHECK-NOT: !asyncpipe.group
// CHECK-COUNT-3: asyncpipe.commit 0
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: asyncpipe.copy %{{.*}}, %{{.*}} queue 0
// CHECK-NEXT: asyncpipe.commit 0
// CHECK-NEXT: asyncpipe.wait_queue 0, 3
// CHECK-NEXT: asyncpipe.wait_queue 0, 2
// CHECK: }
// CHECK-NEXT: asyncpipe.wait_queue 0, 2
// CHECK-NEXT: asyncpipe.wait_queue 0, 1
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NOT: asyncpipe.wait {{%}}
func.func @gemm(%g: memref<16xf32>, %s: memref<16xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c125 = arith.constant 125 : index
  %t0 = asyncpipe.copy %g, %s : memref<16xf32> to memref<16xf32, 3> -> !asyncpipe.token
  %p0 = asyncpipe.commit_group queue 0 (%t0)
  %t1 = asyncpipe.copy %g, %s : memref<16xf32> to memref<16xf32, 3> -> !asyncpipe.token
  %p1 = asyncpipe.commit_group queue 0 (%t1)
  %t2 = asyncpipe.copy %g, %s : memref<16xf32> to memref<16xf32, 3> -> !asyncpipe.token
  %p2 = asyncpipe.commit_group queue 0 (%t2)
  %r:3 = scf.for %i = %c0 to %c125 step %c1 iter_args(%a = %p0, %b = %p1, %c = %p2) -> (!asyncpipe.group, !asyncpipe.group, !asyncpipe.group) {
    %t = asyncpipe.copy %g, %s : memref<16xf32> to memref<16xf32, 3> -> !asyncpipe.token
    %n = asyncpipe.commit_group queue 0 (%t)
    asyncpipe.wait %a
    asyncpipe.wait %b
    scf.yield %b, %c, %n : !asyncpipe.group, !asyncpipe.group, !asyncpipe.group
  }
  asyncpipe.wait %r#0
  asyncpipe.wait %r#1
  // expected-remark @below {{in-flight count 0 on queue 0: on some path no group is committed to it after the awaited one}}
  asyncpipe.wait %r#2
  return
}
