// Freeing a buffer ends every access to it, so verify-sync counts a
// dealloc as a write: freeing the source of a copy still in flight (an
// asynchronous read) races; freeing it after the wait does not.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-verify-sync -verify-diagnostics -o /dev/null

func.func @freed_in_flight(%g: memref<8xf32>, %s: memref<8xf32, 3>) {
  %src = memref.alloc() : memref<8xf32>
  // expected-note @below {{the asynchronous read}}
  asyncpipe.copy %src, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{writes memory that an asynchronous operation may still be reading}}
  memref.dealloc %src : memref<8xf32>
  asyncpipe.wait_queue 0, 0
  return
}

// -----

func.func @freed_after_wait(%g: memref<8xf32>, %s: memref<8xf32, 3>) {
  %src = memref.alloc() : memref<8xf32>
  asyncpipe.copy %src, %s queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  memref.dealloc %src : memref<8xf32>
  return
}
