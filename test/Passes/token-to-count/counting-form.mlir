// After the waits count, token-to-count leaves counting form: group values
// leave loops and branches, region groups become commit_queue, token groups
// become queue-tagged async ops and a commit point. What counting form cannot
// say stays in token form, with a remark.
// RUN: asyncpipe-opt %s --asyncpipe-token-to-count -verify-diagnostics | FileCheck %s
// RUN: asyncpipe-opt %s --pass-pipeline='builtin.module(asyncpipe-token-to-count{single-hw-queue=true})' 2>/dev/null | FileCheck %s --check-prefix=ONE

// CHECK-LABEL: func.func @forms
// CHECK-NOT: !asyncpipe
// CHECK: asyncpipe.commit_queue 1 {
// CHECK-NEXT: asyncpipe.copy %{{.*}}, %{{.*}} : memref<4xf32> to memref<4xf32, 3>
// CHECK-NEXT: }
// CHECK-NEXT: asyncpipe.copy %{{.*}}, %{{.*}} queue 0 : memref<4xf32> to memref<4xf32, 3>
// CHECK-NEXT: asyncpipe.async_scope queue 0 {
// CHECK: }
// CHECK-NEXT: asyncpipe.commit 0
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: asyncpipe.wait_queue 1, 0
// ONE-LABEL: func.func @forms
// ONE: asyncpipe.commit_queue 0 {
// ONE: asyncpipe.commit 0
// ONE-NEXT: asyncpipe.wait_queue 0, 0
func.func @forms(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g1 = asyncpipe.commit_group queue 1 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %t1 = asyncpipe.async_scope -> !asyncpipe.token {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<4xf32>
    memref.store %v, %b[%c0] : memref<4xf32, 3>
  }
  %g0 = asyncpipe.commit_group queue 0 (%t0, %t1)
  // expected-remark @below {{in-flight count 0 on queue 0}}
  // expected-remark @below {{in-flight count 0 on queue 1}}
  asyncpipe.wait %g0, %g1
  return
}

// Loop-carried groups leave the loop; other loop-carried values stay.
// CHECK-LABEL: func.func @loop
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK: asyncpipe.commit_queue 0
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK: scf.yield %{{.*}} : f32
// CHECK: return %[[R]] : f32
func.func @loop(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %first = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero, %prev = %first) -> (f32, !asyncpipe.group) {
    %next = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
    asyncpipe.wait %prev
    %v = memref.load %b[%c0] : memref<4xf32, 3>
    %s = arith.addf %acc, %v : f32
    scf.yield %s, %next : f32, !asyncpipe.group
  }
  // expected-remark @below {{in-flight count 0 on queue 0}}
  asyncpipe.wait %r#1
  return %r#0 : f32
}

// A group chosen by scf.if: the if loses the group result.
// CHECK-LABEL: func.func @if_result
// CHECK: scf.if %{{.*}} {
// CHECK-NOT: scf.yield
// CHECK: asyncpipe.wait_queue 0, 0
func.func @if_result(%c: i1, %a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %g0 = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  %g = scf.if %c -> (!asyncpipe.group) {
    %h = asyncpipe.commit_group queue 0 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
    scf.yield %h : !asyncpipe.group
  } else {
    scf.yield %g0 : !asyncpipe.group
  }
  // expected-remark @below {{in-flight count 0 on queue 0}}
  asyncpipe.wait %g
  return
}

// Committed out of issue order: a commit point after %t1 would also commit
// %t0's copy, so %t0's group keeps token form.
// CHECK-LABEL: func.func @out_of_order
// CHECK: %[[T0:.*]] = asyncpipe.copy {{.*}} -> !asyncpipe.token
// CHECK-NEXT: asyncpipe.copy %{{.*}}, %{{.*}} queue 0 :
// CHECK-NEXT: asyncpipe.commit 0
// CHECK-NEXT: asyncpipe.commit_group queue 0 (%[[T0]])
func.func @out_of_order(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %t1 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %g1 = asyncpipe.commit_group queue 0 (%t1)
  // expected-remark @below {{group kept in token form: 'asyncpipe.copy' between its async ops and the commit also uses queue 0}}
  %g0 = asyncpipe.commit_group queue 0 (%t0)
  asyncpipe.wait %g1
  // expected-remark @below {{in-flight count 0 on queue 0}}
  asyncpipe.wait %g0
  return
}

// A group returned from the function keeps token form there.
// CHECK-LABEL: func.func @returned
// CHECK: asyncpipe.commit_group queue 0
func.func @returned(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> !asyncpipe.group {
  %g = asyncpipe.commit_group queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  // expected-remark @below {{groups stay in token form in this function: a group value crosses the function boundary}}
  return %g : !asyncpipe.group
}
