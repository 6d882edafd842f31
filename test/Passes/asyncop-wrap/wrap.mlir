// asyncop-wrap: ops named in `ops`, and ops marked asyncop.wrap (which lose
// the mark), become a start around a region holding the op, binding every
// operand, and a done in the op's place; with outline=true, a private
// function holds the op and the start calls it (the document's to_apply).
// RUN: asyncpipe-opt %s --asyncop-wrap="ops=arith.mulf,memref.copy,scf.if" | FileCheck %s
// RUN: asyncpipe-opt %s --asyncop-wrap="ops=arith.mulf outline=true" | FileCheck %s --check-prefix=OUTLINE

// CHECK-LABEL: func.func @f
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[M:.*]]: memref<4xf32>, %[[N:.*]]: memref<4xf32>)
// CHECK: %[[S1:.*]] = asyncop.start(%[[A]], %[[B]]) wraps {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT: asyncop.yield %[[P]] : f32
// CHECK-NEXT: } : (f32, f32) -> !asyncop.handle<(f32, f32), (), none>
// CHECK-NEXT: %[[R1:.*]] = asyncop.done %[[S1]] : (!asyncop.handle<(f32, f32), (), none>) -> f32
// CHECK-NEXT: %[[S2:.*]] = asyncop.start(%[[R1]], %[[A]]) wraps {
// CHECK: arith.addf
// CHECK-NOT: asyncop.wrap
// CHECK: %[[R2:.*]] = asyncop.done %[[S2]]
// CHECK: asyncop.start(%[[M]], %[[N]]) wraps {
// CHECK: memref.copy
// CHECK-NEXT: asyncop.yield
// CHECK: asyncop.done %{{.*}} : (!asyncop.handle<(memref<4xf32>, memref<4xf32>), (), none>) -> ()
// CHECK: scf.if
// CHECK: return %[[R2]]

// OUTLINE: func.func private @f_async_0(%[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32 {
// OUTLINE-NEXT: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// OUTLINE-NEXT: return %[[P]] : f32
// OUTLINE: func.func @f
// OUTLINE: %[[S:.*]] = asyncop.start @f_async_0(%{{.*}}, %{{.*}}) : (f32, f32) -> !asyncop.handle<(f32, f32), (), none>
// OUTLINE-NEXT: asyncop.done %[[S]]
func.func @f(%a: f32, %b: f32, %m: memref<4xf32>, %n: memref<4xf32>) -> f32 {
  %x = arith.mulf %a, %b : f32
  %y = arith.addf %x, %a {asyncop.wrap} : f32
  memref.copy %m, %n : memref<4xf32> to memref<4xf32>
  // Listed by name but not wrappable (a region): left alone.
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  scf.if %t {
    memref.store %a, %m[%c0] : memref<4xf32>
  }
  return %y : f32
}
