// Errors of asyncpipe.wait_queue beyond negative counts: exactly one count (generic form), index-typed count, queue constraint, custom parser errors.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @both_counts(%n: index) {
  // expected-error @below {{'asyncpipe.wait_queue' op needs exactly one in-flight count: a constant or an index value}}
  "asyncpipe.wait_queue"(%n) <{count = 1 : i64, queue = 0 : i64}> : (index) -> ()
  return
}

// -----

func.func @no_count() {
  // expected-error @below {{'asyncpipe.wait_queue' op needs exactly one in-flight count: a constant or an index value}}
  "asyncpipe.wait_queue"() <{queue = 0 : i64}> : () -> ()
  return
}

// -----

// expected-note @below {{prior use here}}
func.func @i32_count(%n: i32) {
  // expected-error @below {{use of value '%n' expects different type than prior uses: 'index' vs 'i32'}}
  asyncpipe.wait_queue 0, %n
  return
}

// -----

func.func @i32_count_generic(%n: i32) {
  // expected-error @below {{'asyncpipe.wait_queue' op operand #0 must be index, but got 'i32'}}
  "asyncpipe.wait_queue"(%n) <{queue = 0 : i64}> : (i32) -> ()
  return
}

// -----

func.func @negative_queue() {
  // expected-error @below {{'asyncpipe.wait_queue' op attribute 'queue' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  asyncpipe.wait_queue -1, 0
  return
}

// -----

func.func @negative_generic_count() {
  // expected-error @below {{in-flight count must be non-negative, got -7}}
  "asyncpipe.wait_queue"() <{count = -7 : i64, queue = 0 : i64}> : () -> ()
  return
}

// -----

func.func @count_not_integer() {
  // expected-error @below {{custom op 'asyncpipe.wait_queue' expected integer value}}
  asyncpipe.wait_queue 0, x
  return
}

// -----

func.func @missing_comma() {
  // expected-error @below {{expected ','}}
  asyncpipe.wait_queue 0 1
  return
}

// -----

func.func @count_too_large() {
  // expected-error @below {{custom op 'asyncpipe.wait_queue' integer value too large}}
  asyncpipe.wait_queue 0, 99999999999999999999
  return
}
