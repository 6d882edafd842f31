// asyncop-to-async: the task starts where the last operand is bound (the
// start, or the update that binds it), runs the wrapped op (or calls the
// function), and yields its results as async values; the done awaits them
// (a wrapped op without results: the task's token). Late-bound cases run
// in Execution/asyncop-late-binding-cpu.mlir.
// RUN: asyncpipe-opt %s --asyncop-to-async | FileCheck %s

func.func private @mix(f32, f32) -> f32

// CHECK-LABEL: func.func @late_operand
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32)
// CHECK-NEXT: %[[X:.*]] = arith.addf %[[A]], %[[B]]
// CHECK-NEXT: %[[TOKEN:.*]], %[[VALUE:.*]] = async.execute -> !async.value<f32> {
// CHECK-NEXT: %[[R:.*]] = func.call @mix(%[[A]], %[[X]]) : (f32, f32) -> f32
// CHECK-NEXT: async.yield %[[R]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[C]], %[[C]]
// CHECK-NEXT: %[[DONE:.*]] = async.await %[[VALUE]] : !async.value<f32>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[DONE]], %[[Y]]
func.func @late_operand(%a: f32, %b: f32, %c: f32) -> f32 {
  %s = asyncop.start @mix(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %x = arith.addf %a, %b : f32
  %u = asyncop.update %s(%x) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %y = arith.mulf %c, %c : f32
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  %sum = arith.addf %r, %y : f32
  return %sum : f32
}

// CHECK-LABEL: func.func @no_results
// CHECK: %[[TOKEN:.*]] = async.execute {
// CHECK-NEXT: memref.copy
// CHECK-NEXT: async.yield
// CHECK: async.await %[[TOKEN]] : !async.token
func.func @no_results(%m: memref<4xf32>, %n: memref<4xf32>) {
  %s = asyncop.start (%m, %n) wraps {
  ^bb0(%p: memref<4xf32>, %q: memref<4xf32>):
    memref.copy %p, %q : memref<4xf32> to memref<4xf32>
    asyncop.yield
  } : (memref<4xf32>, memref<4xf32>) -> !asyncop.handle<(memref<4xf32>, memref<4xf32>), (), none>
  asyncop.done %s : (!asyncop.handle<(memref<4xf32>, memref<4xf32>), (), none>) -> ()
  return
}

// A wrapped op with regions that use the parameters (found by the fuzzer:
// only the op's own operands were remapped, so the branch's yield kept the
// erased parameter): every use inside takes the bound operand.
// CHECK-LABEL: func.func @regions
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32)
// CHECK: async.execute -> (!async.value<i32>, !async.value<i32>) {
// CHECK-NEXT: %[[R:.*]]:2 = scf.if %[[C]] -> (i32, i32) {
// CHECK-NEXT: scf.yield %[[A]], %[[A]] : i32, i32
// CHECK: scf.yield %{{.*}}, %[[A]] : i32, i32
// RUN: asyncpipe-opt %s --asyncop-unwrap | FileCheck %s --check-prefix=UNWRAP
// UNWRAP-LABEL: func.func @regions
// UNWRAP-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32)
// UNWRAP: scf.if %[[C]] -> (i32, i32) {
// UNWRAP-NEXT: scf.yield %[[A]], %[[A]] : i32, i32
func.func @regions(%c: i1, %a: i32) -> (i32, i32) {
  %s = asyncop.start (%c, %a) wraps {
  ^bb0(%x: i1, %y: i32):
    %r:2 = scf.if %x -> (i32, i32) {
      scf.yield %y, %y : i32, i32
    } else {
      %z = arith.constant 15 : i32
      scf.yield %z, %y : i32, i32
    }
    asyncop.yield %r#0, %r#1 : i32, i32
  } : (i1, i32) -> !asyncop.handle<(i1, i32), (), i32>
  %d:2 = asyncop.done %s : (!asyncop.handle<(i1, i32), (), i32>) -> (i32, i32)
  return %d#0, %d#1 : i32, i32
}
