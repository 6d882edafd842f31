// Round trip of asyncpipe.commit_queue: several async ops in one group, waits and synchronous ops inside, attributes, generic form.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @stage
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<8xf32>, %[[S:[a-z0-9_]+]]: memref<8xf32, 3>, %[[L:[a-z0-9_]+]]: memref<8xf32, 5>)
// GENERIC-LABEL: sym_name = "stage"
func.func @stage(%a: memref<8xf32>, %s: memref<8xf32, 3>, %l: memref<8xf32, 5>) {
  // CHECK: asyncpipe.commit_queue 1 {
  // CHECK-NEXT: asyncpipe.wait_queue 0, 1
  // CHECK-NEXT: memref.copy %[[S]], %[[L]]
  // CHECK-NEXT: asyncpipe.copy %[[A]], %[[S]] : memref<8xf32> to memref<8xf32, 3>
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: memref.copy %[[L]], %[[S]]
  // CHECK-NEXT: }
  // CHECK-NEXT: } attributes {stage = 1 : i64}
  // CHECK-NEXT: asyncpipe.commit_queue 2 {
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  // GENERIC: "asyncpipe.commit_queue"() <{queue = 1 : i64}> ({
  // GENERIC-NEXT: "asyncpipe.wait_queue"() <{count = 1 : i64, queue = 0 : i64}> : () -> ()
  // GENERIC-NEXT: "memref.copy"
  // GENERIC-NEXT: "asyncpipe.copy"
  // GENERIC-NEXT: "asyncpipe.async_scope"() ({
  // GENERIC-NEXT: "memref.copy"
  // GENERIC-NEXT: "asyncpipe.yield"() : () -> ()
  // GENERIC-NEXT: }) : () -> ()
  // GENERIC-NEXT: "asyncpipe.yield"() : () -> ()
  // GENERIC-NEXT: }) {stage = 1 : i64} : () -> ()
  // GENERIC-NEXT: "asyncpipe.commit_queue"() <{queue = 2 : i64}> ({
  // GENERIC-NEXT: "asyncpipe.yield"() : () -> ()
  // GENERIC-NEXT: }) : () -> ()
  asyncpipe.commit_queue 1 {
    asyncpipe.wait_queue 0, 1
    memref.copy %s, %l : memref<8xf32, 3> to memref<8xf32, 5>
    asyncpipe.copy %a, %s : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.async_scope {
      memref.copy %l, %s : memref<8xf32, 5> to memref<8xf32, 3>
    }
  } attributes {stage = 1 : i64}
  // An empty commit_queue commits an empty group.
  asyncpipe.commit_queue 2 {
  }
  return
}

// The explicit terminator may be written; it is elided when printed.
// CHECK-LABEL: func.func @explicit_yield
// CHECK-NEXT: asyncpipe.commit_queue 0 {
// CHECK-NEXT: asyncpipe.async_scope {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @explicit_yield() {
  asyncpipe.commit_queue 0 {
    asyncpipe.async_scope {
      asyncpipe.yield
    }
    asyncpipe.yield
  }
  return
}
