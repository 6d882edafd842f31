// Malformed par input (missing `in`, unknown op, thread count mismatch) makes asyncpipe-opt exit non-zero with located errors.
// RUN: not asyncpipe-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: {{.*}}malformed.mlir:[[@LINE+2]]:27: error: custom op 'par.foreach_thread' expected 'in'
func.func @missing_in(%n: index) {
  par.foreach_thread (%i) (%n) {
  }
  return
}

// -----

// CHECK: {{.*}}malformed.mlir:[[@LINE+2]]:3: error: custom op 'par.foreach' is unknown
func.func @unknown_op(%n: index) {
  par.foreach (%i) in (%n) {
  }
  return
}

// -----

// The error points at the parenthesized thread counts.
// CHECK: {{.*}}malformed.mlir:[[@LINE+2]]:34: error: custom op 'par.foreach_thread' expected 2 thread counts, one per thread id, got 1
func.func @count_mismatch(%n: index) {
  par.foreach_thread (%i, %j) in (%n) {
  }
  return
}
