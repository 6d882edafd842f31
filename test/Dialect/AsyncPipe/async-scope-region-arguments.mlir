// Regression: asyncpipe.async_scope rejects entry-block arguments, which nothing could bind.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @scope_with_argument() {
  // expected-error @below {{region should have no arguments}}
  asyncpipe.async_scope queue 0 {
  ^bb0(%i: index):
    %x = arith.addi %i, %i : index
  }
  return
}
