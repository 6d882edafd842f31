// XLA late binding of outputs: outputs bound at asyncop.update, at asyncop.done, or at done after intermediate updates.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

func.func private @foo(tensor<1024xf32>) -> tensor<1024xf32>

// %call-start  = ((f32[1024]), (), s32[]) call-start(%input_buffer), to_apply=%foo
// %call-update = ((f32[1024]), (f32[1024]), s32[]) call-update(%call-start, ...)
// %result      = (f32[1024]) call-done(%call-update)
// CHECK-LABEL: func.func @output_at_update
// CHECK-SAME: (%[[IN:[a-z0-9_]+]]: tensor<1024xf32>) -> tensor<1024xf32>
func.func @output_at_update(%in: tensor<1024xf32>) -> tensor<1024xf32> {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start @foo(%[[IN]]) : (tensor<1024xf32>) -> !asyncop.handle<(tensor<1024xf32>), (), i32>
  // CHECK-NEXT: %[[U:.*]] = asyncop.update %[[S]]() : (!asyncop.handle<(tensor<1024xf32>), (), i32>) -> !asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i32>
  // CHECK-NEXT: %[[R:.*]] = asyncop.done %[[U]] : (!asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i32>) -> tensor<1024xf32>
  // CHECK-NEXT: return %[[R]]
  %s = asyncop.start @foo(%in) : (tensor<1024xf32>) -> !asyncop.handle<(tensor<1024xf32>), (), i32>
  %u = asyncop.update %s() : (!asyncop.handle<(tensor<1024xf32>), (), i32>) -> !asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i32>
  %r = asyncop.done %u : (!asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// %call-start = ((f32[1024]), (), s32[]) call-start(%input_buffer), to_apply=%foo
// %result     = (f32[1024]) call-done(%call-start)
// CHECK-LABEL: func.func @output_at_done
// CHECK-SAME: (%[[IN:[a-z0-9_]+]]: tensor<1024xf32>) -> tensor<1024xf32>
func.func @output_at_done(%in: tensor<1024xf32>) -> tensor<1024xf32> {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start @foo(%[[IN]]) : (tensor<1024xf32>) -> !asyncop.handle<(tensor<1024xf32>), (), i32>
  // CHECK-NEXT: %[[R:.*]] = asyncop.done %[[S]] : (!asyncop.handle<(tensor<1024xf32>), (), i32>) -> tensor<1024xf32>
  %s = asyncop.start @foo(%in) : (tensor<1024xf32>) -> !asyncop.handle<(tensor<1024xf32>), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(tensor<1024xf32>), (), i32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// %async-start   = async-start(%operand), calls=%async_op
// %async-update0 = async-update(%async-start)
// %async-update1 = async-update(%async-update0)
// %async-done    = async-done(%async-update1)
// Updates that bind nothing; the outputs stay unbound until the done, and an
// output bound at the second update stays bound.
// CHECK-LABEL: func.func @updates_then_done
// CHECK-SAME: (%[[IN:[a-z0-9_]+]]: tensor<1024xf32>)
func.func @updates_then_done(%in: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start @foo(%[[IN]])
  // CHECK-NEXT: %[[U0:.*]] = asyncop.update %[[S]]() : (!asyncop.handle<(tensor<1024xf32>), (), i64>) -> !asyncop.handle<(tensor<1024xf32>), (), i64>
  // CHECK-NEXT: %[[U1:.*]] = asyncop.update %[[U0]]() : (!asyncop.handle<(tensor<1024xf32>), (), i64>) -> !asyncop.handle<(tensor<1024xf32>), (), i64>
  // CHECK-NEXT: %[[R:.*]] = asyncop.done %[[U1]] : (!asyncop.handle<(tensor<1024xf32>), (), i64>) -> tensor<1024xf32>
  %s = asyncop.start @foo(%in) : (tensor<1024xf32>) -> !asyncop.handle<(tensor<1024xf32>), (), i64>
  %u0 = asyncop.update %s() : (!asyncop.handle<(tensor<1024xf32>), (), i64>) -> !asyncop.handle<(tensor<1024xf32>), (), i64>
  %u1 = asyncop.update %u0() : (!asyncop.handle<(tensor<1024xf32>), (), i64>) -> !asyncop.handle<(tensor<1024xf32>), (), i64>
  %r = asyncop.done %u1 : (!asyncop.handle<(tensor<1024xf32>), (), i64>) -> tensor<1024xf32>
  // CHECK-NEXT: %[[T:.*]] = asyncop.start @foo(%[[IN]]) : (tensor<1024xf32>) -> !asyncop.handle<(tensor<1024xf32>), (), i64>
  // CHECK-NEXT: %[[V0:.*]] = asyncop.update %[[T]]() : {{.*}} -> !asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i64>
  // CHECK-NEXT: %[[V1:.*]] = asyncop.update %[[V0]]() : (!asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i64>) -> !asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i64>
  // CHECK-NEXT: %[[Q:.*]] = asyncop.done %[[V1]]
  // CHECK-NEXT: return %[[R]], %[[Q]]
  %t = asyncop.start @foo(%in) : (tensor<1024xf32>) -> !asyncop.handle<(tensor<1024xf32>), (), i64>
  %v0 = asyncop.update %t() : (!asyncop.handle<(tensor<1024xf32>), (), i64>) -> !asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i64>
  %v1 = asyncop.update %v0() : (!asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i64>) -> !asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i64>
  %q = asyncop.done %v1 : (!asyncop.handle<(tensor<1024xf32>), (tensor<1024xf32>), i64>) -> tensor<1024xf32>
  return %r, %q : tensor<1024xf32>, tensor<1024xf32>
}

// Operands and outputs bound in the same update, chain in control flow.
func.func private @bar(f32, f32) -> f32

// CHECK-LABEL: func.func @chain_in_if
// CHECK-SAME: (%[[C:[a-z0-9_]+]]: i1, %[[A:[a-z0-9_]+]]: f32)
func.func @chain_in_if(%c: i1, %a: f32) -> f32 {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start @bar(%[[A]])
  // CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (f32) {
  // CHECK-NEXT: %[[U:.*]] = asyncop.update %[[S]](%[[A]]) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
  // CHECK-NEXT: %[[D:.*]] = asyncop.done %[[U]]
  // CHECK-NEXT: scf.yield %[[D]] : f32
  %s = asyncop.start @bar(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %r = scf.if %c -> (f32) {
    %u = asyncop.update %s(%a) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
    %d = asyncop.done %u : (!asyncop.handle<(f32, f32), (f32), i32>) -> f32
    scf.yield %d : f32
  } else {
    scf.yield %a : f32
  }
  return %r : f32
}
