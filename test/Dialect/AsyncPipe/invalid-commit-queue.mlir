// Verifier and parser errors of asyncpipe.commit_queue and asyncpipe.commit: groups do not nest, no region arguments, non-negative queues.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @nested_commit_queue() {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{'asyncpipe.commit_queue' op cannot be nested in 'asyncpipe.commit_queue': groups do not nest}}
    asyncpipe.commit_queue 1 {
    }
  }
  return
}

// -----

func.func @nested_commit() {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{'asyncpipe.commit' op cannot be nested in 'asyncpipe.commit_queue': groups do not nest}}
    asyncpipe.commit 0
  }
  return
}

// -----

func.func @nested_commit_group_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  asyncpipe.commit_queue 0 {
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{'asyncpipe.commit_group' op cannot be nested in 'asyncpipe.commit_queue': groups do not nest}}
      %g = asyncpipe.commit_group queue 0 {
      }
      asyncpipe.wait %g
    }
  }
  return
}

// -----

func.func @region_arguments() {
  // expected-error @below {{'asyncpipe.commit_queue' op region should have no arguments}}
  asyncpipe.commit_queue 0 {
  ^bb0(%i: index):
  }
  return
}

// -----

func.func @negative_queue() {
  // expected-error @below {{'asyncpipe.commit_queue' op attribute 'queue' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  asyncpipe.commit_queue -1 {
  }
  return
}

// -----

func.func @missing_region() {
  // expected-error @below {{expected '{' to begin a region}}
  asyncpipe.commit_queue 0
  return
}

// -----

func.func @commit_negative_queue() {
  // expected-error @below {{'asyncpipe.commit' op attribute 'queue' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  asyncpipe.commit -1
  return
}

// -----

func.func @commit_missing_queue() {
  // expected-error @below {{'asyncpipe.commit' op requires attribute 'queue'}}
  "asyncpipe.commit"() : () -> ()
  return
}

// -----

func.func @wrong_terminator() {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{'scf.yield' op expects parent op to be one of}}
    scf.yield
  }
  return
}
