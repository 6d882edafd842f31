// Copies committed in loops on a queue that nothing waits for inside them:
// the number of groups committed after the outer copies grows every
// iteration, so loop states never repeated and each level cost the budget of
// 256 iterations times the levels inside it (four levels: minutes). Past one
// more than the largest count any wait on the queue allows, the count
// changes nothing and is not kept, so the states repeat at once.
// RUN: timeout 60 asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

func.func @counts_grow(%a: memref<8xf32>, %b: memref<8xf32, 3>, %b2: memref<8xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 1000000000000 : index
  scf.for %i0 = %c0 to %big step %c1 {
    asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 2
    scf.for %i1 = %c0 to %big step %c1 {
      asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
      asyncpipe.commit 2
      scf.for %i2 = %c0 to %big step %c1 {
        asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
        asyncpipe.commit 2
        scf.for %i3 = %c0 to %big step %c1 {
          asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
          asyncpipe.commit 2
          asyncpipe.copy %a, %b2 queue 2 : memref<8xf32> to memref<8xf32, 3>
          asyncpipe.commit 2
        }
      }
    }
  }
  asyncpipe.wait_queue 2, 1
  asyncpipe.wait_queue 2, 0
  %v = memref.load %b[%c0] : memref<8xf32, 3>
  return %v : f32
}

// -----

func.func @no_wait_after(%a: memref<8xf32>, %b: memref<8xf32, 3>, %b2: memref<8xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 1000000000000 : index
  scf.for %i0 = %c0 to %big step %c1 {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 2
    scf.for %i1 = %c0 to %big step %c1 {
      asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
      asyncpipe.commit 2
      scf.for %i2 = %c0 to %big step %c1 {
        asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
        asyncpipe.commit 2
        scf.for %i3 = %c0 to %big step %c1 {
          asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
          asyncpipe.commit 2
          asyncpipe.copy %a, %b2 queue 2 : memref<8xf32> to memref<8xf32, 3>
          asyncpipe.commit 2
        }
      }
    }
  }
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing, while its group may be in flight: no wait on queue 2 followed it}}
  %v = memref.load %b[%c0] : memref<8xf32, 3>
  asyncpipe.wait_queue 2, 1
  asyncpipe.wait_queue 2, 0
  return %v : f32
}

// -----

// With one group committed after it, wait_queue 2, 2 does not complete the
// copy: the count is kept exactly below the cap (3 here).
func.func @one_after(%a: memref<8xf32>, %b: memref<8xf32, 3>, %b2: memref<8xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 2
  asyncpipe.copy %a, %b2 queue 2 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 2
  asyncpipe.wait_queue 2, 2
  // expected-error @below {{only 1 group(s) were committed after it and no wait on queue 2 allowed at most that many}}
  %v = memref.load %b[%c0] : memref<8xf32, 3>
  asyncpipe.wait_queue 2, 0
  return %v : f32
}
