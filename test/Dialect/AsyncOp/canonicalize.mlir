// Canonicalization folds inside asyncop.start regions like anywhere else;
// when that leaves more (or less) than one wrapped op, the start's own
// canonicalization outlines the region into a private func.func and calls it
// by symbol, so the result still verifies. A region that stays one wrapped op
// keeps the region form.
// RUN: asyncpipe-opt %s --canonicalize | FileCheck %s
// RUN: asyncpipe-opt %s --canonicalize --cse --canonicalize | asyncpipe-opt | FileCheck %s

// CHECK-LABEL: func.func private @asyncop_start(%arg0: i1, %arg1: i32) -> (i32, i32)
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[SEL:.*]] = arith.select %arg0, %arg1, %[[ZERO]] : i32
// CHECK-NEXT: return %[[SEL]], %arg1 : i32, i32
// CHECK-LABEL: func.func @constant_materialized
// CHECK: asyncop.start @asyncop_start(%arg0, %arg1) : (i1, i32) -> !asyncop.handle<(i1, i32), (), i32>
func.func @constant_materialized(%c: i1, %a: i32) -> (i32, i32) {
  %s = asyncop.start (%c, %a) wraps {
  ^bb0(%x: i1, %y: i32):
    %r:2 = scf.if %x -> (i32, i32) {
      scf.yield %y, %y : i32, i32
    } else {
      %z = arith.constant 0 : i32
      scf.yield %z, %y : i32, i32
    }
    asyncop.yield %r#0, %r#1 : i32, i32
  } : (i1, i32) -> !asyncop.handle<(i1, i32), (), i32>
  %d:2 = asyncop.done %s : (!asyncop.handle<(i1, i32), (), i32>) -> (i32, i32)
  return %d#0, %d#1 : i32, i32
}

// The wrapped op folds away to an argument (x & x is x): the outlined
// function returns it. Folded to a constant (x - x is 0), the constant is
// the one wrapped op, and the region form stays.
// CHECK-LABEL: func.func private @asyncop_start_0(%arg0: i32) -> i32
// CHECK-NEXT: return %arg0 : i32
// CHECK-LABEL: func.func @folded_to_argument
// CHECK: asyncop.start @asyncop_start_0(%arg0)
func.func @folded_to_argument(%a: i32) -> i32 {
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: i32):
    %r = arith.andi %x, %x : i32
    asyncop.yield %r : i32
  } : (i32) -> !asyncop.handle<(i32), (i32), i32>
  %d = asyncop.done %s : (!asyncop.handle<(i32), (i32), i32>) -> i32
  return %d : i32
}

// CHECK-LABEL: func.func @folded_to_constant
// CHECK: asyncop.start(%arg0) wraps {
// CHECK-NEXT: ^bb0(%{{.*}}: i32):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: asyncop.yield %[[ZERO]] : i32
func.func @folded_to_constant(%a: i32) -> i32 {
  %s = asyncop.start (%a) wraps {
  ^bb0(%x: i32):
    %r = arith.subi %x, %x : i32
    asyncop.yield %r : i32
  } : (i32) -> !asyncop.handle<(i32), (i32), i32>
  %d = asyncop.done %s : (!asyncop.handle<(i32), (i32), i32>) -> i32
  return %d : i32
}

// Nothing to fold: the region form stays.
// CHECK-LABEL: func.func @stays
// CHECK: asyncop.start(%arg0, %arg1) wraps {
// CHECK: arith.addf
// CHECK: asyncop.yield
func.func @stays(%a: f32, %b: f32) -> f32 {
  %s = asyncop.start (%a, %b) wraps {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    asyncop.yield %r : f32
  } : (f32, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
  %d = asyncop.done %s : (!asyncop.handle<(f32, f32), (f32), i32>) -> f32
  return %d : f32
}
