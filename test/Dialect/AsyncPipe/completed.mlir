// asyncpipe.completed: a group that has already completed.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

// CHECK-LABEL: func.func @placeholder
// CHECK-NEXT: %[[N:.*]] = asyncpipe.completed
// CHECK-NEXT: asyncpipe.wait %[[N]]
// CHECK-NEXT: return %[[N]] : !asyncpipe.group
func.func @placeholder() -> !asyncpipe.group {
  %none = asyncpipe.completed
  asyncpipe.wait %none
  return %none : !asyncpipe.group
}
