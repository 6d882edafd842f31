// A loop that only commits: the groups after a copy made before it grow by
// one per iteration, up to a count no simulation within the budget reaches
// (2^31 - 1 trips). Their growth in two iterations alike is extrapolated to
// the loop's end (a fuzzer finding: token-to-count's exact count was
// reported as a race). A wait for one group more races; a wait inside the
// loop completes the copy on the way (no extrapolation past it).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

func.func @exact_count(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2147483647 : index
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  scf.for %i = %c0 to %n step %c1 {
    asyncpipe.commit 0
  }
  asyncpipe.wait_queue 0, 2147483647
  %v = memref.load %b[%c0] : memref<4xf32, 3>
  return %v : f32
}

// -----

func.func @one_more(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2147483647 : index
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  scf.for %i = %c0 to %n step %c1 {
    asyncpipe.commit 0
  }
  asyncpipe.wait_queue 0, 2147483648
  // expected-error @below {{only 2147483647 group(s) were committed after it}}
  %v = memref.load %b[%c0] : memref<4xf32, 3>
  return %v : f32
}

// -----

// Two commits per iteration, 1000 iterations: 2000 groups after the copy.
func.func @two_per_iteration(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  scf.for %i = %c0 to %n step %c1 {
    asyncpipe.commit 0
    asyncpipe.commit 0
  }
  asyncpipe.wait_queue 0, 2001
  // expected-error @below {{only 2000 group(s) were committed after it}}
  %v = memref.load %b[%c0] : memref<4xf32, 3>
  return %v : f32
}

// -----

// The wait inside completes the copy at iteration 4: verified.
func.func @wait_inside(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  scf.for %i = %c0 to %n step %c1 {
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 5
  }
  %v = memref.load %b[%c0] : memref<4xf32, 3>
  return %v : f32
}
