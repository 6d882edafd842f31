// Malformed asyncop input (bad handle type, unknown op, missing `:` type) makes asyncpipe-opt exit non-zero with located errors.
// RUN: not asyncpipe-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: {{.*}}malformed.mlir:[[@LINE+1]]:52: error: expected ','
func.func private @bad_handle(!asyncop.handle<(f32) (), i32>)

// -----

// CHECK: {{.*}}malformed.mlir:[[@LINE+2]]:8: error: custom op 'asyncop.begin' is unknown
func.func @unknown_op(%a: f32) {
  %s = asyncop.begin @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
  return
}

// -----

// CHECK: {{.*}}malformed.mlir:[[@LINE+2]]:23: error: expected ':'
func.func @missing_type(%h: !asyncop.handle<(), (), i32>) {
  %r = asyncop.done %h
  return
}
