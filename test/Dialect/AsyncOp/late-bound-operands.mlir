// XLA late binding of operands: asyncop.update binds the remaining operands in order, including starts that bind zero operands.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// %foo { %p0 = f32[] parameter(0); %p1 = f32[] parameter(1); ROOT add(%p0, %p1) }
func.func private @foo(f32, f32) -> f32

// %call-start  = ((f32[]), (), s32[]) call-start(%operand0), to_apply=%foo
// %call-update = ((f32[], f32[]), f32[], s32[]) call-update(%call-start, %operand1)
// %result      = f32[] call-done(%call-update)
// CHECK-LABEL: func.func @operand_at_update
// CHECK-SAME: (%[[OP0:[a-z0-9_]+]]: f32, %[[OP1:[a-z0-9_]+]]: f32) -> f32
// GENERIC-LABEL: sym_name = "operand_at_update"
func.func @operand_at_update(%op0: f32, %op1: f32) -> f32 {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start @foo(%[[OP0]]) : (f32) -> !asyncop.handle<(f32), (), i32>
  // CHECK-NEXT: %[[U:.*]] = asyncop.update %[[S]](%[[OP1]]) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
  // CHECK-NEXT: %[[R:.*]] = asyncop.done %[[U]] : (!asyncop.handle<(f32, f32), (f32), i32>) -> f32
  // CHECK-NEXT: return %[[R]] : f32
  // GENERIC: %[[S:.*]] = "asyncop.start"(%[[OP0:.*]]) <{callee = @foo}>
  // GENERIC: %[[U:.*]] = "asyncop.update"(%[[S]], %{{.*}}) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
  // GENERIC-NEXT: "asyncop.done"(%[[U]])
  %s = asyncop.start @foo(%op0) : (f32) -> !asyncop.handle<(f32), (), i32>
  %u = asyncop.update %s(%op1) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (f32), i32>) -> f32
  return %r : f32
}

// %call-start  = ((), (), s32[]) call-start(), to_apply=%foo
// %call-update = ((f32[], f32[]), (), s32[]) call-update(%call-start, %operand0, %operand1)
// %result      = f32[] call-done(%call-update)
// CHECK-LABEL: func.func @zero_operands_at_start
// CHECK-SAME: (%[[OP0:[a-z0-9_]+]]: f32, %[[OP1:[a-z0-9_]+]]: f32) -> f32
func.func @zero_operands_at_start(%op0: f32, %op1: f32) -> f32 {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start @foo() : () -> !asyncop.handle<(), (), i32>
  // CHECK-NEXT: %[[U:.*]] = asyncop.update %[[S]](%[[OP0]], %[[OP1]]) : (!asyncop.handle<(), (), i32>, f32, f32) -> !asyncop.handle<(f32, f32), (), i32>
  // CHECK-NEXT: %[[R:.*]] = asyncop.done %[[U]] : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  %s = asyncop.start @foo() : () -> !asyncop.handle<(), (), i32>
  %u = asyncop.update %s(%op0, %op1) : (!asyncop.handle<(), (), i32>, f32, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r : f32
}

// One operand per update, in order; a region-wrapped op binds late as well.
// CHECK-LABEL: func.func @one_per_update
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: i32, %[[B:[a-z0-9_]+]]: i64)
func.func @one_per_update(%a: i32, %b: i64) -> i64 {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start() wraps {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i64):
  // CHECK-NEXT: %[[E:.*]] = arith.extsi %[[X]] : i32 to i64
  // CHECK-NEXT: asyncop.yield %[[E]] : i64
  // CHECK-NEXT: } : () -> !asyncop.handle<(), (), i32>
  // CHECK-NEXT: %[[U0:.*]] = asyncop.update %[[S]](%[[A]]) : (!asyncop.handle<(), (), i32>, i32) -> !asyncop.handle<(i32), (), i32>
  // CHECK-NEXT: %[[U1:.*]] = asyncop.update %[[U0]](%[[B]]) : (!asyncop.handle<(i32), (), i32>, i64) -> !asyncop.handle<(i32, i64), (), i32>
  // CHECK-NEXT: %[[R:.*]] = asyncop.done %[[U1]] : (!asyncop.handle<(i32, i64), (), i32>) -> i64
  %s = asyncop.start () wraps {
  ^bb0(%x: i32, %y: i64):
    %e = arith.extsi %x : i32 to i64
    asyncop.yield %e : i64
  } : () -> !asyncop.handle<(), (), i32>
  %u0 = asyncop.update %s(%a) : (!asyncop.handle<(), (), i32>, i32) -> !asyncop.handle<(i32), (), i32>
  %u1 = asyncop.update %u0(%b) : (!asyncop.handle<(i32), (), i32>, i64) -> !asyncop.handle<(i32, i64), (), i32>
  %r = asyncop.done %u1 : (!asyncop.handle<(i32, i64), (), i32>) -> i64
  return %r : i64
}
