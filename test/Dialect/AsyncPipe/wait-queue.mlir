// Round trip of asyncpipe.wait_queue with a constant in-flight count and with an index value, and of asyncpipe.commit.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @constant_counts
// GENERIC-LABEL: sym_name = "constant_counts"
func.func @constant_counts() {
  // CHECK: asyncpipe.wait_queue 0, 0{{$}}
  // CHECK-NEXT: asyncpipe.wait_queue 1, 1{{$}}
  // CHECK-NEXT: asyncpipe.wait_queue 12, 9223372036854775807{{$}}
  // CHECK-NEXT: asyncpipe.wait_queue 0, 5 {why = "interleaved"}
  // GENERIC: "asyncpipe.wait_queue"() <{count = 0 : i64, queue = 0 : i64}> : () -> ()
  // GENERIC-NEXT: "asyncpipe.wait_queue"() <{count = 1 : i64, queue = 1 : i64}> : () -> ()
  // GENERIC-NEXT: "asyncpipe.wait_queue"() <{count = 9223372036854775807 : i64, queue = 12 : i64}> : () -> ()
  // GENERIC-NEXT: "asyncpipe.wait_queue"() <{count = 5 : i64, queue = 0 : i64}> {why = "interleaved"} : () -> ()
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 1
  asyncpipe.wait_queue 12, 9223372036854775807
  asyncpipe.wait_queue 0, 5 {why = "interleaved"}
  return
}

// The count is an index value: a function argument, a constant op (which
// getConstantCount folds but the printer keeps as an operand), or computed
// in a loop as in the TVM epilogue `async_wait_queue(0, 2 - i)`.
// CHECK-LABEL: func.func @value_counts
// CHECK-SAME: (%[[N:[a-z0-9_]+]]: index)
// GENERIC-LABEL: sym_name = "value_counts"
func.func @value_counts(%n: index) {
  // CHECK: asyncpipe.wait_queue 2, %[[N]]{{$}}
  // GENERIC: "asyncpipe.wait_queue"(%[[N:.*]]) <{queue = 2 : i64}> : (index) -> ()
  asyncpipe.wait_queue 2, %n
  // CHECK: %[[C3:.*]] = arith.constant 3 : index
  // CHECK-NEXT: asyncpipe.wait_queue 0, %[[C3]]{{$}}
  %c3 = arith.constant 3 : index
  asyncpipe.wait_queue 0, %c3
  // CHECK: %[[C2:.*]] = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
  // CHECK-NEXT: %[[K:.*]] = arith.subi %[[C2]], %[[I]] : index
  // CHECK-NEXT: asyncpipe.wait_queue 0, %[[K]] {epilogue}
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c3 step %c1 {
    %k = arith.subi %c2, %i : index
    asyncpipe.wait_queue 0, %k {epilogue}
  }
  return
}

// asyncpipe.commit closes the open group of a queue, empty or not.
// CHECK-LABEL: func.func @commit_points
// GENERIC-LABEL: sym_name = "commit_points"
func.func @commit_points() {
  // CHECK: asyncpipe.commit 0{{$}}
  // CHECK-NEXT: asyncpipe.commit 3{{$}}
  // CHECK-NEXT: asyncpipe.wait_queue 3, 1
  // GENERIC: "asyncpipe.commit"() <{queue = 0 : i64}> : () -> ()
  // GENERIC-NEXT: "asyncpipe.commit"() <{queue = 3 : i64}> : () -> ()
  asyncpipe.commit 0
  asyncpipe.commit 3
  asyncpipe.wait_queue 3, 1
  return
}
