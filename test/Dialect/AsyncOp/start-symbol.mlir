// Round trip of asyncop.start naming a function by symbol (XLA async-start ... calls=%async_op), with asyncop.done.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// %async_op { %param0 = f32[64] parameter(0); ROOT %op = f32[32] op(%param0) }
func.func private @async_op(tensor<64xf32>) -> tensor<32xf32>

// %async-start = ((f32[64]), f32[32], s32[]) async-start(%operand), calls=%async_op
// %async-done = f32[32] async-done(%async-start)
// CHECK-LABEL: func.func @start_done
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: tensor<64xf32>) -> tensor<32xf32>
// GENERIC-LABEL: sym_name = "start_done"
func.func @start_done(%x: tensor<64xf32>) -> tensor<32xf32> {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start @async_op(%[[X]]) : (tensor<64xf32>) -> !asyncop.handle<(tensor<64xf32>), (tensor<32xf32>), i32>
  // CHECK-NEXT: %[[R:.*]] = asyncop.done %[[S]] : (!asyncop.handle<(tensor<64xf32>), (tensor<32xf32>), i32>) -> tensor<32xf32>
  // CHECK-NEXT: return %[[R]] : tensor<32xf32>
  // GENERIC: %[[S:.*]] = "asyncop.start"(%{{.*}}) <{callee = @async_op}> ({
  // GENERIC-NEXT: }) : (tensor<64xf32>) -> !asyncop.handle<(tensor<64xf32>), (tensor<32xf32>), i32>
  // GENERIC-NEXT: %[[R:.*]] = "asyncop.done"(%[[S]]) : (!asyncop.handle<(tensor<64xf32>), (tensor<32xf32>), i32>) -> tensor<32xf32>
  %s = asyncop.start @async_op(%x) : (tensor<64xf32>) -> !asyncop.handle<(tensor<64xf32>), (tensor<32xf32>), i32>
  %r = asyncop.done %s : (!asyncop.handle<(tensor<64xf32>), (tensor<32xf32>), i32>) -> tensor<32xf32>
  return %r : tensor<32xf32>
}

// Two operands, two outputs (the second XLA example), extra attributes.
func.func private @async_op2(tensor<64xf32>, tensor<64xf32>) -> (tensor<32xf32>, tensor<32xf32>)

// CHECK-LABEL: func.func @two_in_two_out
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<64xf32>, %[[B:[a-z0-9_]+]]: tensor<64xf32>)
// GENERIC-LABEL: sym_name = "two_in_two_out"
func.func @two_in_two_out(%a: tensor<64xf32>, %b: tensor<64xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start @async_op2(%[[A]], %[[B]]) {op_specific_attr = "foo"} : (tensor<64xf32>, tensor<64xf32>) -> !asyncop.handle<(tensor<64xf32>, tensor<64xf32>), (tensor<32xf32>, tensor<32xf32>), i32>
  // CHECK-NEXT: %[[R:.*]]:2 = asyncop.done %[[S]] {stream = 1 : i64} : (!asyncop.handle<(tensor<64xf32>, tensor<64xf32>), (tensor<32xf32>, tensor<32xf32>), i32>) -> (tensor<32xf32>, tensor<32xf32>)
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1
  // GENERIC: "asyncop.start"(%{{.*}}, %{{.*}}) <{callee = @async_op2}> ({
  // GENERIC-NEXT: }) {op_specific_attr = "foo"} : (tensor<64xf32>, tensor<64xf32>) -> !asyncop.handle<(tensor<64xf32>, tensor<64xf32>), (tensor<32xf32>, tensor<32xf32>), i32>
  %s = asyncop.start @async_op2(%a, %b) {op_specific_attr = "foo"} : (tensor<64xf32>, tensor<64xf32>) -> !asyncop.handle<(tensor<64xf32>, tensor<64xf32>), (tensor<32xf32>, tensor<32xf32>), i32>
  %r:2 = asyncop.done %s {stream = 1 : i64} : (!asyncop.handle<(tensor<64xf32>, tensor<64xf32>), (tensor<32xf32>, tensor<32xf32>), i32>) -> (tensor<32xf32>, tensor<32xf32>)
  return %r#0, %r#1 : tensor<32xf32>, tensor<32xf32>
}

// A callee with no results: done yields nothing. The callee may be defined
// after its use, and any function-like op works (here llvm.func).
// CHECK-LABEL: func.func @no_results
// CHECK-SAME: (%[[P:[a-z0-9_]+]]: i64)
func.func @no_results(%p: i64) {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start @sink(%[[P]]) : (i64) -> !asyncop.handle<(i64), (), i32>
  // CHECK-NEXT: asyncop.done %[[S]] : (!asyncop.handle<(i64), (), i32>) -> ()
  // CHECK-NEXT: %[[T:.*]] = asyncop.start @llvm_sink(%[[P]]) : (i64) -> !asyncop.handle<(i64), (), i32>
  // CHECK-NEXT: asyncop.done %[[T]] : (!asyncop.handle<(i64), (), i32>) -> ()
  %s = asyncop.start @sink(%p) : (i64) -> !asyncop.handle<(i64), (), i32>
  asyncop.done %s : (!asyncop.handle<(i64), (), i32>) -> ()
  %t = asyncop.start @llvm_sink(%p) : (i64) -> !asyncop.handle<(i64), (), i32>
  asyncop.done %t : (!asyncop.handle<(i64), (), i32>) -> ()
  return
}

func.func private @sink(i64)
llvm.func @llvm_sink(i64)
