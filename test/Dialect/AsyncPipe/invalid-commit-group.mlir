// Verifier and parser errors of asyncpipe.commit_group: tokens vs region, each token committed once, no nested commits, queue and types.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @tokens_and_region(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> !asyncpipe.group {
  %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  // expected-error @below {{'asyncpipe.commit_group' op commits either tokens or the async ops of its region, not both}}
  %g = asyncpipe.commit_group queue 0 (%t) {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  return %g : !asyncpipe.group
}

// -----

func.func @same_token_twice(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> !asyncpipe.group {
  %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  // expected-error @below {{'asyncpipe.commit_group' op commits the same token twice}}
  %g = asyncpipe.commit_group queue 0 (%t, %t)
  return %g : !asyncpipe.group
}

// -----

func.func @token_in_two_groups(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> (!asyncpipe.group, !asyncpipe.group) {
  %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  // expected-error @below {{'asyncpipe.commit_group' op commits a token that another asyncpipe.commit_group also commits}}
  %g = asyncpipe.commit_group queue 0 (%t)
  // expected-note @below {{also committed here}}
  %h = asyncpipe.commit_group queue 1 (%t)
  return %g, %h : !asyncpipe.group, !asyncpipe.group
}

// -----

// The other commit may sit in a nested region.
func.func @token_in_two_groups_nested(%t: !asyncpipe.token, %c: i1) -> !asyncpipe.group {
  // expected-error @below {{commits a token that another asyncpipe.commit_group also commits}}
  %g = asyncpipe.commit_group queue 0 (%t)
  scf.if %c {
    // expected-note @below {{also committed here}}
    %h = asyncpipe.commit_group queue 0 (%t)
    asyncpipe.wait %h
  }
  return %g : !asyncpipe.group
}

// -----

func.func @nested_commit_queue() -> !asyncpipe.group {
  %g = asyncpipe.commit_group queue 0 {
    // expected-error @below {{'asyncpipe.commit_queue' op cannot be nested in 'asyncpipe.commit_group': groups do not nest}}
    asyncpipe.commit_queue 0 {
    }
  }
  return %g : !asyncpipe.group
}

// -----

func.func @nested_commit() -> !asyncpipe.group {
  %g = asyncpipe.commit_group queue 0 {
    // expected-error @below {{'asyncpipe.commit' op cannot be nested in 'asyncpipe.commit_group': groups do not nest}}
    asyncpipe.commit 0
  }
  return %g : !asyncpipe.group
}

// -----

func.func @nested_commit_group() -> !asyncpipe.group {
  %g = asyncpipe.commit_group queue 0 {
    scf.execute_region {
      // expected-error @below {{'asyncpipe.commit_group' op cannot be nested in 'asyncpipe.commit_group': groups do not nest}}
      %h = asyncpipe.commit_group queue 0 {
      }
      scf.yield
    }
  }
  return %g : !asyncpipe.group
}

// -----

func.func @negative_queue() -> !asyncpipe.group {
  // expected-error @below {{'asyncpipe.commit_group' op attribute 'queue' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %g = asyncpipe.commit_group queue -3 {
  }
  return %g : !asyncpipe.group
}

// -----

func.func @region_arguments() -> !asyncpipe.group {
  // expected-error @below {{'asyncpipe.commit_group' op region should have no arguments}}
  %g = asyncpipe.commit_group queue 0 {
  ^bb0(%i: index):
  }
  return %g : !asyncpipe.group
}

// -----

// A group is not a token: it cannot be committed again.
// expected-note @below {{prior use here}}
func.func @commit_a_group(%x: !asyncpipe.group) -> !asyncpipe.group {
  // expected-error @below {{use of value '%x' expects different type than prior uses: '!asyncpipe.token' vs '!asyncpipe.group'}}
  %g = asyncpipe.commit_group queue 0 (%x)
  return %g : !asyncpipe.group
}

// -----

func.func @token_result() {
  // expected-error @below {{'asyncpipe.commit_group' op result #0 must be token of a group of async operations committed to a queue, but got '!asyncpipe.token'}}
  %g = "asyncpipe.commit_group"() <{queue = 0 : i64}> ({
  }) : () -> !asyncpipe.token
  return
}

// -----

func.func @missing_queue_keyword() {
  // expected-error @below {{custom op 'asyncpipe.commit_group' expected 'queue'}}
  %g = asyncpipe.commit_group 0
  return
}
