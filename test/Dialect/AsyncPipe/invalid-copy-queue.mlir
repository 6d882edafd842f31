// Queue rules of asyncpipe.copy: token form takes no queue and no enclosing commit, counting form needs a queue that matches its commit.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @token_with_queue(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> !asyncpipe.group {
  // expected-error @below {{in token form takes its queue from the asyncpipe.commit_group that commits its token; remove 'queue'}}
  %t = asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  %tg = asyncpipe.commit_group queue 0 (%t)
  return %tg : !asyncpipe.group
}

// -----

func.func @token_in_commit_queue(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{in token form cannot appear inside the counting-form asyncpipe.commit_queue}}
    %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  }
  return
}

// -----

func.func @token_in_commit_group(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> !asyncpipe.group {
  %g = asyncpipe.commit_group queue 0 {
    // expected-error @below {{inside an asyncpipe.commit_group region must not yield a token: the group token stands for it}}
    %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token
  }
  return %g : !asyncpipe.group
}

// -----

func.func @counting_without_queue(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // expected-error @below {{in counting form needs a 'queue' or an enclosing asyncpipe.commit_queue or asyncpipe.commit_group}}
  asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  return
}

// -----

// A commit_queue that ended before the copy does not give it a queue.
func.func @after_commit_queue(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    scf.execute_region {
      scf.yield
    }
  }
  // expected-error @below {{in counting form needs a 'queue' or an enclosing asyncpipe.commit_queue or asyncpipe.commit_group}}
  asyncpipe.copy %a, %b zero_fill : memref<4xf32> to memref<4xf32, 3>
  return
}

// -----

func.func @queue_differs_from_commit_queue(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{queue 1 differs from the enclosing commit's queue 0}}
    asyncpipe.copy %a, %b queue 1 : memref<4xf32> to memref<4xf32, 3>
  }
  return
}

// -----

func.func @queue_differs_from_commit_group(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> !asyncpipe.group {
  %g = asyncpipe.commit_group queue 2 {
    // expected-error @below {{queue 1 differs from the enclosing commit's queue 2}}
    asyncpipe.copy %a, %b queue 1 : memref<4xf32> to memref<4xf32, 3>
  }
  return %g : !asyncpipe.group
}

// -----

// The enclosing commit is found through non-isolated ops.
func.func @queue_differs_through_region(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    scf.execute_region {
      // expected-error @below {{queue 3 differs from the enclosing commit's queue 0}}
      asyncpipe.copy %a, %b queue 3 : memref<4xf32> to memref<4xf32, 3>
      scf.yield
    }
  }
  return
}

// -----

func.func @negative_queue(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // expected-error @below {{attribute 'queue' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  asyncpipe.copy %a, %b queue -1 : memref<4xf32> to memref<4xf32, 3>
  return
}
