// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @negative_count() {
  // expected-error @below {{in-flight count must be non-negative, got -1}}
  asyncpipe.wait_queue 0, -1
  return
}

// -----

func.func @negative_constant_operand() {
  %n = arith.constant -2 : index
  // expected-error @below {{in-flight count must be non-negative, got -2}}
  asyncpipe.wait_queue 0, %n
  return
}
