// Verifier errors of asyncpipe.async_scope: no async ops or synchronization inside, queue rules in both forms, region shape.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @nested_copy(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  asyncpipe.async_scope queue 0 {
    // expected-error @below {{'asyncpipe.copy' op cannot appear inside 'asyncpipe.async_scope': an async scope holds neither async ops nor synchronization}}
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  }
  return
}

// -----

func.func @nested_async_scope() {
  asyncpipe.async_scope queue 0 {
    // expected-error @below {{'asyncpipe.async_scope' op cannot appear inside 'asyncpipe.async_scope'}}
    asyncpipe.async_scope queue 0 {
    }
  }
  return
}

// -----

func.func @nested_wait_queue() {
  asyncpipe.async_scope queue 0 {
    // expected-error @below {{'asyncpipe.wait_queue' op cannot appear inside 'asyncpipe.async_scope'}}
    asyncpipe.wait_queue 0, 0
  }
  return
}

// -----

func.func @nested_wait(%g: !asyncpipe.group) -> !asyncpipe.group {
  %t = asyncpipe.async_scope -> !asyncpipe.token {
    // expected-error @below {{'asyncpipe.wait' op cannot appear inside 'asyncpipe.async_scope'}}
    asyncpipe.wait %g
  }
  %tg = asyncpipe.commit_group queue 0 (%t)
  return %tg : !asyncpipe.group
}

// -----

func.func @nested_commit() {
  asyncpipe.async_scope queue 0 {
    // expected-error @below {{'asyncpipe.commit' op cannot appear inside 'asyncpipe.async_scope'}}
    asyncpipe.commit 0
  }
  return
}

// -----

// The rule applies at any depth.
func.func @deeply_nested_commit_queue() {
  asyncpipe.async_scope queue 0 {
    scf.execute_region {
      // expected-error @below {{'asyncpipe.commit_queue' op cannot appear inside 'asyncpipe.async_scope'}}
      asyncpipe.commit_queue 0 {
      }
      scf.yield
    }
  }
  return
}

// -----

func.func @token_with_queue() -> !asyncpipe.group {
  // expected-error @below {{'asyncpipe.async_scope' op in token form takes its queue from the asyncpipe.commit_group that commits its token; remove 'queue'}}
  %t = asyncpipe.async_scope queue 0 -> !asyncpipe.token {
  }
  %tg = asyncpipe.commit_group queue 0 (%t)
  return %tg : !asyncpipe.group
}

// -----

func.func @token_in_commit_queue() {
  asyncpipe.commit_queue 1 {
    // expected-error @below {{'asyncpipe.async_scope' op in token form cannot appear inside the counting-form asyncpipe.commit_queue}}
    %t = asyncpipe.async_scope -> !asyncpipe.token {
    }
  }
  return
}

// -----

func.func @token_in_commit_group() -> !asyncpipe.group {
  %g = asyncpipe.commit_group queue 1 {
    // expected-error @below {{'asyncpipe.async_scope' op inside an asyncpipe.commit_group region must not yield a token: the group token stands for it}}
    %t = asyncpipe.async_scope -> !asyncpipe.token {
    }
  }
  return %g : !asyncpipe.group
}

// -----

func.func @counting_without_queue() {
  // expected-error @below {{'asyncpipe.async_scope' op in counting form needs a 'queue' or an enclosing asyncpipe.commit_queue or asyncpipe.commit_group}}
  asyncpipe.async_scope {
  }
  return
}

// -----

func.func @queue_differs() {
  asyncpipe.commit_queue 1 {
    // expected-error @below {{'asyncpipe.async_scope' op queue 0 differs from the enclosing commit's queue 1}}
    asyncpipe.async_scope queue 0 {
    }
  }
  return
}

// -----

func.func @negative_queue() {
  // expected-error @below {{'asyncpipe.async_scope' op attribute 'queue' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  asyncpipe.async_scope queue -2 {
  }
  return
}

// -----

func.func @two_blocks() {
  // expected-error @below {{'asyncpipe.async_scope' op expects region #0 to have 0 or 1 blocks}}
  asyncpipe.async_scope queue 0 {
    cf.br ^bb1
  ^bb1:
    asyncpipe.yield
  }
  return
}

// -----

func.func @group_result() {
  // expected-error @below {{'asyncpipe.async_scope' op result #0 must be completion token of one async operation, not yet committed, but got '!asyncpipe.group'}}
  %t = "asyncpipe.async_scope"() ({
    "asyncpipe.yield"() : () -> ()
  }) : () -> !asyncpipe.group
  return
}
