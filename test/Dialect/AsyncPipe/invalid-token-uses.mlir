// A token stands for one uncommitted async op: it must be committed, and only
// asyncpipe.commit_group may use it (groups, not tokens, cross control flow).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @never_committed(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // expected-error @below {{'asyncpipe.copy' op yields a token that is never committed}}
  %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  return
}

// -----

func.func @returned(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> !asyncpipe.token {
  // expected-error @below {{'asyncpipe.copy' op yields a token used by 'func.return'; a token may only be committed by asyncpipe.commit_group}}
  %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  // expected-note @below {{used here}}
  return %t : !asyncpipe.token
}

// -----

func.func @through_iter_args(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> !asyncpipe.group {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'asyncpipe.async_scope' op yields a token used by 'scf.for'}}
  %t = asyncpipe.async_scope -> !asyncpipe.token {
    %v = memref.load %a[%c0] : memref<4xf32>
    memref.store %v, %b[%c0] : memref<4xf32, 3>
  }
  // expected-note @below {{used here}}
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %t) -> (!asyncpipe.token) {
    scf.yield %x : !asyncpipe.token
  }
  %g = asyncpipe.commit_group queue 0 (%r)
  return %g : !asyncpipe.group
}

// -----

func.func @unused_async_scope_token() {
  // expected-error @below {{'asyncpipe.async_scope' op yields a token that is never committed}}
  %t = asyncpipe.async_scope -> !asyncpipe.token {
  }
  return
}
