// Unsynchronized accesses to asynchronously written memory: an error at the
// first offending access, a note at the producer.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics

func.func @no_wait(%g: memref<16xf32>, %s: memref<16xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.commit_queue 0 {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %g, %s : memref<16xf32> to memref<16xf32, 3>
  }
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing, while its group may be in flight: only 0 group(s) were committed after it}}
  %v = memref.load %s[%c0] : memref<16xf32, 3>
  return
}

// -----

func.func @before_commit(%g: memref<16xf32>, %s: memref<16xf32, 3>) {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %g, %s queue 0 : memref<16xf32> to memref<16xf32, 3>
  asyncpipe.wait_queue 0, 0
  // expected-error @below {{before the group holding it is committed}}
  %v = memref.load %s[%c0] : memref<16xf32, 3>
  asyncpipe.commit 0
  return
}

// -----

// The seed's "consumer in the same stage as its producer": the slot written
// in this iteration is read in this iteration, so only wait(0, 0) is safe.
func.func @same_stage_needs_zero(%g: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %shared = memref.alloc() : memref<4xf32, 3>
  scf.for %i = %c0 to %c4 step %c1 {
    %slot = arith.remui %i, %c4 : index
    %dst = memref.subview %shared[%slot] [1] [1] : memref<4xf32, 3> to memref<1xf32, strided<[1], offset: ?>, 3>
    %src = memref.subview %g[%i] [1] [1] : memref<64xf32> to memref<1xf32, strided<[1], offset: ?>>
    asyncpipe.commit_queue 0 {
      // expected-note @below {{the asynchronous write}}
      asyncpipe.copy %src, %dst : memref<1xf32, strided<[1], offset: ?>> to memref<1xf32, strided<[1], offset: ?>, 3>
    }
    asyncpipe.wait_queue 0, 1
    // expected-error @below {{only 0 group(s) were committed after it}}
    %v = memref.load %shared[%slot] : memref<4xf32, 3>
  }
  return
}

// -----

// A wait on one branch only.
func.func @one_branch(%c: i1, %g: memref<16xf32>, %s: memref<16xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.commit_queue 0 {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.copy %g, %s : memref<16xf32> to memref<16xf32, 3>
  }
  scf.if %c {
    asyncpipe.wait_queue 0, 0
  }
  // expected-error @below {{may still be writing}}
  %v = memref.load %s[%c0] : memref<16xf32, 3>
  return
}

// -----

// A count too loose by one inside a double-buffered loop.
func.func @loose_count(%A: memref<16xf32>, %B: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c15 = arith.constant 15 : index
  asyncpipe.commit_queue 0 {
    // expected-note @below {{the asynchronous write}}
    asyncpipe.async_scope {
      %v = memref.load %A[%c0] : memref<16xf32>
      memref.store %v, %B[%c0] : memref<2xf32>
    }
  }
  scf.for %i = %c0 to %c15 step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %slot = arith.remui %i1, %c2 : index
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %v = memref.load %A[%i1] : memref<16xf32>
        // The scope's store races too (iteration 1 writes B[0] while the
        // prologue's write of it may be in flight): every race is reported.
        // expected-error @below {{only 1 group(s) were committed after it}}
        memref.store %v, %B[%slot] : memref<2xf32>
      }
    }
    asyncpipe.wait_queue 0, 2
    %cur = arith.remui %i, %c2 : index
    // expected-error @below {{only 1 group(s) were committed after it}}
    %b = memref.load %B[%cur] : memref<2xf32>
  }
  return
}

// -----

// nvgpu: a copy token passed straight to a wait.
func.func @nvgpu_uncommitted(%src: memref<128xf32>, %dst: memref<128xf32, 3>) {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the uncommitted copy}}
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<128xf32> to memref<128xf32, 3>
  // expected-error @below {{waits on a copy that no group committed}}
  nvgpu.device_async_wait %t
  return
}

// -----

// The same copy token carried through a loop to the wait: still work no
// group committed (it used to pass; token-to-count rejected it, from the
// in-flight analysis that verify-sync now asks too).
func.func @nvgpu_uncommitted_through_loop(%src: memref<128xf32>, %dst: memref<128xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note @below {{the uncommitted copy}}
  %t = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<128xf32> to memref<128xf32, 3>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %t) -> (!nvgpu.device.async.token) {
    // expected-error @below {{waits on a copy that no group committed (on some path)}}
    nvgpu.device_async_wait %x
    scf.yield %x : !nvgpu.device.async.token
  }
  return
}
