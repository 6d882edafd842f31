// An unknown option of a Rust pass is rejected like an upstream one.
// RUN: not asyncpipe-opt %s --pass-pipeline='builtin.module(asyncpipe-optimize-waits{bogus=1})' 2>&1 | FileCheck %s
// CHECK: no such option bogus
func.func @f() {
  return
}
