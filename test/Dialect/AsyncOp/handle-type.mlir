// Round trip of the !asyncop.handle<(operands), (outputs), context> type: empty and multi-element tuples, nested and compound element types.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

// CHECK-LABEL: func.func private @empty(!asyncop.handle<(), (), i32>)
func.func private @empty(!asyncop.handle<(), (), i32>)

// CHECK-LABEL: func.func private @xla_start(!asyncop.handle<(tensor<64xf32>), (tensor<32xf32>), i32>)
func.func private @xla_start(!asyncop.handle<(tensor<64xf32>), (tensor<32xf32>), i32>)

// CHECK-LABEL: func.func private @two_and_two(!asyncop.handle<(tensor<64xf32>, tensor<64xf32>), (tensor<32xf32>, tensor<32xf32>), i32>)
func.func private @two_and_two(!asyncop.handle<(tensor<64xf32>, tensor<64xf32>), (tensor<32xf32>, tensor<32xf32>), i32>)

// Any type may be an element or the context, including another handle, a
// function type, a tuple, none, and types of other dialects.
// CHECK-LABEL: func.func private @compound
// CHECK-SAME: (!asyncop.handle<((f32) -> f32, tuple<i32, f32>), (none), !asyncpipe.token>, !asyncop.handle<(!asyncop.handle<(), (), i32>), (memref<?xf32, 3>), !asyncop.handle<(f16), (), index>>)
func.func private @compound(!asyncop.handle<((f32) -> f32, tuple<i32, f32>), (none), !asyncpipe.token>,
                            !asyncop.handle<(!asyncop.handle<(), (), i32>), (memref<?xf32, 3>), !asyncop.handle<(f16), (), index>>)

// Whitespace inside the type is not significant.
// CHECK-LABEL: func.func @passthrough
// CHECK-SAME: (%[[H:[a-z0-9_]+]]: !asyncop.handle<(f32, i8), (), tuple<>>) -> !asyncop.handle<(f32, i8), (), tuple<>>
// CHECK-NEXT: return %[[H]] : !asyncop.handle<(f32, i8), (), tuple<>>
func.func @passthrough(%h: !asyncop.handle< ( f32 , i8 ) , ( ) , tuple<> >) -> !asyncop.handle<(f32, i8), (), tuple<>> {
  return %h : !asyncop.handle<(f32, i8), (), tuple<>>
}
