// A wrong type mnemonic of the asyncpipe dialect is rejected with a located error and a non-zero exit code.
// RUN: not asyncpipe-opt %s 2>&1 | FileCheck %s

// CHECK: {{.*}}unknown-type.mlir:[[@LINE+1]]:37: error: unknown  type `tokens` in dialect `asyncpipe`
func.func private @f(%t: !asyncpipe.tokens)
