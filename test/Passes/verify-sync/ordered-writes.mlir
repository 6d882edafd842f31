// verify-sync's option ordered-writes: two asynchronous writes of the same
// memory in flight together may land in either order. By default that is
// not reported (a program may not care which lands last); with the option,
// the second write is an error at it, with a note at the first, unless a
// wait for the first came between.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-verify-sync=ordered-writes=true -verify-diagnostics -o /dev/null

func.func @unordered(%a: memref<8xf32>, %b: memref<8xf32>, %s: memref<8xf32, 3>) {
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing, while its group may be in flight: only 0 group(s) were committed after it and no wait on queue 0 allowed at most that many}}
  asyncpipe.copy %b, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return
}

// -----

func.func @ordered(%a: memref<8xf32>, %b: memref<8xf32>, %s: memref<8xf32, 3>) {
  asyncpipe.copy %a, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  asyncpipe.copy %b, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return
}
