// asyncpipe-synchronize's errors: an option value that is not a count, and
// a group that stays in token form (here returned from the function) when
// its queue must be merged into fewer. (Another dialect's op, whose queue
// cannot be moved, and an async op with no queue: Embedding/async-effects-plugin.test.)
// RUN: not asyncpipe-opt %s --asyncpipe-synchronize=max-queues=-1 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: invalid value '-1' for pass option 'max-queues'
// RUN: asyncpipe-opt %s -verify-diagnostics --asyncpipe-synchronize=max-queues=1

func.func @returned(%a: memref<8xf32>, %s: memref<8xf32, 3>, %t: !asyncpipe.token) -> !asyncpipe.group {
  // expected-error @below {{this function's groups stay in token form, so the counts of its queues cannot be recomputed to merge them into max-queues=1}}
  asyncpipe.copy %a, %s queue 1 : memref<8xf32> to memref<8xf32, 3>
  %g = asyncpipe.commit_group queue 0 (%t)
  // expected-remark @below {{groups stay in token form in this function}}
  return %g : !asyncpipe.group
}
