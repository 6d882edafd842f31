// Errors of asyncpipe.wait: it needs at least one group, and takes groups, never uncommitted tokens.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @no_group() {
  // expected-error @below {{'asyncpipe.wait' op needs at least one group to wait for}}
  asyncpipe.wait
  return
}

// -----

// A token must be committed by asyncpipe.commit_group before it is awaited.
// expected-note @below {{prior use here}}
func.func @wait_on_token(%t: !asyncpipe.token) {
  // expected-error @below {{use of value '%t' expects different type than prior uses: '!asyncpipe.group' vs '!asyncpipe.token'}}
  asyncpipe.wait %t
  return
}

// -----

func.func @wait_on_token_generic(%t: !asyncpipe.token) {
  // expected-error @below {{'asyncpipe.wait' op operand #0 must be variadic of token of a group of async operations committed to a queue, but got '!asyncpipe.token'}}
  "asyncpipe.wait"(%t) : (!asyncpipe.token) -> ()
  return
}

// -----

func.func @wait_on_index(%i: index) {
  // expected-error @below {{'asyncpipe.wait' op operand #0 must be variadic of token of a group of async operations committed to a queue, but got 'index'}}
  "asyncpipe.wait"(%i) : (index) -> ()
  return
}
