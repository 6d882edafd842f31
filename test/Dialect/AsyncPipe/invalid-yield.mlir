// asyncpipe.yield may only terminate async_scope, commit_group and commit_queue
// regions, with no operands, and accumulator_map and accumulator_reduce
// regions, with the new element.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @yield_in_func() {
  // expected-error @below {{'asyncpipe.yield' op expects parent op to be one of 'asyncpipe.async_scope, asyncpipe.commit_group, asyncpipe.commit_queue, asyncpipe.accumulator_map, asyncpipe.accumulator_reduce'}}
  asyncpipe.yield
}

// -----

func.func @yield_in_scf() {
  scf.execute_region {
    // expected-error @below {{'asyncpipe.yield' op expects parent op to be one of 'asyncpipe.async_scope, asyncpipe.commit_group, asyncpipe.commit_queue, asyncpipe.accumulator_map, asyncpipe.accumulator_reduce'}}
    asyncpipe.yield
  }
  return
}

// -----

func.func @yield_with_operand(%x: f32) {
  asyncpipe.async_scope queue 0 {
    // expected-error @below {{'asyncpipe.yield' op ends 'asyncpipe.async_scope' with no values}}
    "asyncpipe.yield"(%x) : (f32) -> ()
  }
  return
}

// -----

func.func @yield_not_last() {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{'asyncpipe.yield' op must be the last operation in the parent block}}
    asyncpipe.yield
    asyncpipe.commit 0
  }
  return
}
