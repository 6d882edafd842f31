// Round trip of asyncop.start with a `wraps` region holding the single wrapped op (results, no results, multiple results, zero operands).
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: f32, %[[B:[a-z0-9_]+]]: f32) -> f32
// GENERIC-LABEL: sym_name = "add"
func.func @add(%a: f32, %b: f32) -> f32 {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start(%[[A]], %[[B]]) wraps {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
  // CHECK-NEXT: %[[R:.*]] = arith.addf %[[X]], %[[Y]] : f32
  // CHECK-NEXT: asyncop.yield %[[R]] : f32
  // CHECK-NEXT: } : (f32, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
  // CHECK-NEXT: %[[D:.*]] = asyncop.done %[[S]] : (!asyncop.handle<(f32, f32), (f32), i32>) -> f32
  // CHECK-NEXT: return %[[D]] : f32
  // GENERIC: %[[S:.*]] = "asyncop.start"(%{{.*}}, %{{.*}}) ({
  // GENERIC-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
  // GENERIC-NEXT: %[[R:.*]] = "arith.addf"(%[[X]], %[[Y]])
  // GENERIC-NEXT: "asyncop.yield"(%[[R]]) : (f32) -> ()
  // GENERIC-NEXT: }) : (f32, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
  %s = asyncop.start (%a, %b) wraps {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    asyncop.yield %r : f32
  } : (f32, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
  %d = asyncop.done %s : (!asyncop.handle<(f32, f32), (f32), i32>) -> f32
  return %d : f32
}

// The wrapped op has no results: the yield is empty, the done yields nothing.
// CHECK-LABEL: func.func @dealloc
// CHECK-SAME: (%[[M:[a-z0-9_]+]]: memref<4xf32>)
// GENERIC-LABEL: sym_name = "dealloc"
func.func @dealloc(%m: memref<4xf32>) {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start(%[[M]]) wraps {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: memref<4xf32>):
  // CHECK-NEXT: memref.dealloc %[[X]] : memref<4xf32>
  // CHECK-NEXT: asyncop.yield{{$}}
  // CHECK-NEXT: } : (memref<4xf32>) -> !asyncop.handle<(memref<4xf32>), (), !asyncop.handle<(), (), i32>>
  // CHECK-NEXT: asyncop.done %[[S]] : (!asyncop.handle<(memref<4xf32>), (), !asyncop.handle<(), (), i32>>) -> ()
  // GENERIC: "asyncop.yield"() : () -> ()
  %s = asyncop.start (%m) wraps {
  ^bb0(%x: memref<4xf32>):
    memref.dealloc %x : memref<4xf32>
    asyncop.yield
  } : (memref<4xf32>) -> !asyncop.handle<(memref<4xf32>), (), !asyncop.handle<(), (), i32>>
  asyncop.done %s : (!asyncop.handle<(memref<4xf32>), (), !asyncop.handle<(), (), i32>>) -> ()
  return
}

// Several results, yielded in order; the wrapped op may itself hold regions.
// CHECK-LABEL: func.func @multi_result
// CHECK-SAME: (%[[C:[a-z0-9_]+]]: i1, %[[A:[a-z0-9_]+]]: i32)
func.func @multi_result(%c: i1, %a: i32) -> (i32, i32) {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start(%[[C]], %[[A]]) wraps {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: i1, %[[Y:.*]]: i32):
  // CHECK-NEXT: %[[R:.*]]:2 = scf.if %[[X]] -> (i32, i32) {
  // CHECK-NEXT: scf.yield %[[Y]], %[[Y]] : i32, i32
  // CHECK-NEXT: } else {
  // CHECK: }
  // CHECK-NEXT: asyncop.yield %[[R]]#0, %[[R]]#1 : i32, i32
  // CHECK-NEXT: } {origin = "if"} : (i1, i32) -> !asyncop.handle<(i1, i32), (), i32>
  // CHECK-NEXT: %[[D:.*]]:2 = asyncop.done %[[S]] : (!asyncop.handle<(i1, i32), (), i32>) -> (i32, i32)
  %s = asyncop.start (%c, %a) wraps {
  ^bb0(%x: i1, %y: i32):
    %r:2 = scf.if %x -> (i32, i32) {
      scf.yield %y, %y : i32, i32
    } else {
      %z = arith.constant 0 : i32
      scf.yield %z, %y : i32, i32
    }
    asyncop.yield %r#0, %r#1 : i32, i32
  } {origin = "if"} : (i1, i32) -> !asyncop.handle<(i1, i32), (), i32>
  %d:2 = asyncop.done %s : (!asyncop.handle<(i1, i32), (), i32>) -> (i32, i32)
  return %d#0, %d#1 : i32, i32
}

// A wrapped op with no operands: the region has no arguments.
// CHECK-LABEL: func.func @constant
func.func @constant() -> index {
  // CHECK-NEXT: %[[S:.*]] = asyncop.start() wraps {
  // CHECK-NEXT: %[[K:.*]] = arith.constant 42 : index
  // CHECK-NEXT: asyncop.yield %[[K]] : index
  // CHECK-NEXT: } : () -> !asyncop.handle<(), (index), i32>
  // CHECK-NEXT: %[[D:.*]] = asyncop.done %[[S]] : (!asyncop.handle<(), (index), i32>) -> index
  // CHECK-NEXT: return %[[D]]
  %s = asyncop.start () wraps {
    %k = arith.constant 42 : index
    asyncop.yield %k : index
  } : () -> !asyncop.handle<(), (index), i32>
  %d = asyncop.done %s : (!asyncop.handle<(), (index), i32>) -> index
  return %d : index
}
