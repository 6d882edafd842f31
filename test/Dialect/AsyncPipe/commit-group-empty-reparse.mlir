// Regression: an empty asyncpipe.commit_group prints so that it reparses (the token list is delimited, so it cannot swallow the next line).
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s

// CHECK-LABEL: func.func @two_empty_groups
// CHECK: %[[E:.*]] = asyncpipe.commit_group queue 3
// CHECK-NEXT: %[[F:.*]] = asyncpipe.commit_group queue 4
// CHECK-NEXT: return %[[E]], %[[F]] : !asyncpipe.group, !asyncpipe.group
func.func @two_empty_groups() -> (!asyncpipe.group, !asyncpipe.group) {
  %e = asyncpipe.commit_group queue 3 {
  }
  %f = asyncpipe.commit_group queue 4 {
  }
  return %e, %f : !asyncpipe.group, !asyncpipe.group
}
