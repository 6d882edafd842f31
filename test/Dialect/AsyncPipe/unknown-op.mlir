// An unknown operation of the asyncpipe dialect, custom or generic syntax, is rejected with a located error and a non-zero exit code.
// RUN: not asyncpipe-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not asyncpipe-opt %s -split-input-file -allow-unregistered-dialect 2>&1 | FileCheck %s

// CHECK: {{.*}}unknown-op.mlir:[[@LINE+2]]:3: error: custom op 'asyncpipe.commit_all' is unknown
func.func @custom() {
  asyncpipe.commit_all 0
  return
}

// -----

// CHECK: {{.*}}unknown-op.mlir:[[@LINE+2]]:3: error: unregistered operation 'asyncpipe.wait_all' found in dialect ('asyncpipe') that does not allow unknown operations
func.func @generic() {
  "asyncpipe.wait_all"() : () -> ()
  return
}
