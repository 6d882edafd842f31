// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @negative_count() {
  // expected-error @below {{in-flight count must be non-negative, got -1}}
  asyncpipe.wait_queue 0, -1
  return
}

// -----

// A negative constant operand is valid (it waits as 0 does; folding makes
// such operands): wait-queue-negative-operand.mlir.
func.func @negative_attribute_generic() {
  // expected-error @below {{in-flight count must be non-negative, got -2}}
  "asyncpipe.wait_queue"() <{count = -2 : i64, queue = 3 : i64}> : () -> ()
  return
}
