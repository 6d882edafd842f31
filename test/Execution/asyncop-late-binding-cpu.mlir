// asyncop-to-async on each late-binding case of the async-HLO document,
// run on the async runtime's threads: operands bound at the start, one at
// an update, all at an update (a start binding none), outputs bound at an
// update and at the done; the wrapped computation (10 a + b, so operand
// order shows) in a function (the document's to_apply) and in a region.
// Each prints what the chain computed; asyncop-unwrap (the synchronous op)
// prints the same.
// RUN: asyncpipe-opt %s --asyncop-to-async %lower-async %lower-to-llvm | %run-async | FileCheck %s
// RUN: asyncpipe-opt %s --asyncop-unwrap %lower-to-llvm | %run-async | FileCheck %s
// CHECK: 12
// CHECK-NEXT: 34
// CHECK-NEXT: 56
// CHECK-NEXT: 78
// CHECK-NEXT: 90
// CHECK-NEXT: 21

func.func private @printF32(f32)
func.func private @printNewline()

func.func private @mix(%a: f32, %b: f32) -> f32 {
  %ten = arith.constant 10.0 : f32
  %t = arith.mulf %a, %ten : f32
  %r = arith.addf %t, %b : f32
  return %r : f32
}

func.func @at_start(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @mix(%a, %b) : (f32, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %s : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r : f32
}

func.func @one_at_update(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @mix(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r : f32
}

func.func @all_at_update(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @mix() : () -> !asyncop.handle<(), (), i32>
  %u = asyncop.update %s(%a, %b) : (!asyncop.handle<(), (), i32>, f32, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r : f32
}

func.func @outputs_at_update(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start @mix(%a, %b) : (f32, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %u = asyncop.update %s() : (!asyncop.handle<(f32, f32), (), i32>) -> !asyncop.handle<(f32, f32), (f32), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (f32), i32>) -> f32
  return %r : f32
}

func.func @outputs_at_done_region(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: f32, %y: f32):
    %r = func.call @mix(%x, %y) : (f32, f32) -> f32
    asyncop.yield %r : f32
  } : (f32) -> !asyncop.handle<(f32), (), i32>
  %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, f32) -> !asyncop.handle<(f32, f32), (), i32>
  %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (), i32>) -> f32
  return %r : f32
}

func.func @main() {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %c3 = arith.constant 3.0 : f32
  %c4 = arith.constant 4.0 : f32
  %c5 = arith.constant 5.0 : f32
  %c6 = arith.constant 6.0 : f32
  %c7 = arith.constant 7.0 : f32
  %c8 = arith.constant 8.0 : f32
  %c9 = arith.constant 9.0 : f32
  %c0 = arith.constant 0.0 : f32
  %r1 = call @at_start(%c1, %c2) : (f32, f32) -> f32
  call @printF32(%r1) : (f32) -> ()
  call @printNewline() : () -> ()
  %r2 = call @one_at_update(%c3, %c4) : (f32, f32) -> f32
  call @printF32(%r2) : (f32) -> ()
  call @printNewline() : () -> ()
  %r3 = call @all_at_update(%c5, %c6) : (f32, f32) -> f32
  call @printF32(%r3) : (f32) -> ()
  call @printNewline() : () -> ()
  %r4 = call @outputs_at_update(%c7, %c8) : (f32, f32) -> f32
  call @printF32(%r4) : (f32) -> ()
  call @printNewline() : () -> ()
  %r5 = call @outputs_at_done_region(%c9, %c0) : (f32, f32) -> f32
  call @printF32(%r5) : (f32) -> ()
  call @printNewline() : () -> ()
  %r6 = call @outputs_at_done_region(%c2, %c1) : (f32, f32) -> f32
  call @printF32(%r6) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
