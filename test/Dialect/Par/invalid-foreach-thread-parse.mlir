// Custom parser errors of par.foreach_thread: thread ids vs counts, `in` keyword, parenthesized lists, mapping, index-typed counts.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @fewer_counts(%n: index) {
  // expected-error @below {{custom op 'par.foreach_thread' expected 2 thread counts, one per thread id, got 1}}
  par.foreach_thread (%i, %j) in (%n) {
  }
  return
}

// -----

func.func @more_counts(%n: index, %m: index) {
  // expected-error @below {{custom op 'par.foreach_thread' expected 1 thread counts, one per thread id, got 2}}
  par.foreach_thread (%i) in (%n, %m) {
  }
  return
}

// -----

func.func @missing_in(%n: index) {
  // expected-error @below {{custom op 'par.foreach_thread' expected 'in'}}
  par.foreach_thread (%i) (%n) {
  }
  return
}

// -----

// The RFC's unparenthesized 1-D spelling is not accepted.
func.func @unparenthesized(%n: index) {
  // expected-error @below {{expected '(' in argument list}}
  par.foreach_thread %i in %n {
  }
  return
}

// -----

func.func @mapping_not_array(%n: index) {
  // expected-error @below {{custom op 'par.foreach_thread' invalid kind of attribute specified}}
  par.foreach_thread (%i) in (%n) mapping = 3 {
  }
  return
}

// -----

func.func @mapping_without_equal(%n: index) {
  // expected-error @below {{expected '='}}
  par.foreach_thread (%i) in (%n) mapping [#gpu.thread<x>] {
  }
  return
}

// -----

// expected-note @below {{prior use here}}
func.func @i32_count(%n: i32) {
  // expected-error @below {{use of value '%n' expects different type than prior uses: 'index' vs 'i32'}}
  par.foreach_thread (%i) in (%n) {
  }
  return
}

// -----

// expected-note @below {{previously referenced here}}
func.func @thread_id_shadows(%n: index) {
  // expected-error @below {{region entry argument '%n' is already in use}}
  par.foreach_thread (%n) in (%n) {
  }
  return
}
