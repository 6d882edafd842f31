// Write-after-read: an async op reads its inputs until it completes, so
// writing them before a wait covers its group is a race, like reading its
// output early. verify-sync reports the write, with a note at the async op.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --asyncpipe-verify-sync

// The seed's three-stage pipeline (TVM RFC, "Three stages of compute") with
// B and C double-buffered: stage 1 of iteration i - 1 reads B[i % 2] on
// queue 1, and only waits for queue 1 leaving one group in flight; stage 0
// of iteration i then writes B[(i + 2) % 2] = B[i % 2] on queue 0. The
// queues are not ordered, so the write may land while the read runs.
func.func @seed_three_stage(%A: memref<16xf32>, %B: memref<2xf32>, %C: memref<2xf32>, %D: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c14 = arith.constant 14 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c2 step %c1 {
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %s = arith.remui %i, %c2 : index
        %v = memref.load %A[%i] : memref<16xf32>
        memref.store %v, %B[%s] : memref<2xf32>
      }
    }
    %started = arith.cmpi sge, %i, %c1 : index
    scf.if %started {
      asyncpipe.commit_queue 1 {
        asyncpipe.wait_queue 0, 1
        // expected-note @below {{the asynchronous read}}
        asyncpipe.async_scope {
          %p = arith.subi %i, %c1 : index
          %s = arith.remui %p, %c2 : index
          %v = memref.load %B[%s] : memref<2xf32>
          memref.store %v, %C[%s] : memref<2xf32>
        }
      }
    }
  }
  scf.for %i = %c0 to %c14 step %c1 {
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %i2 = arith.addi %i, %c2 : index
        %s = arith.remui %i2, %c2 : index
        %v = memref.load %A[%i2] : memref<16xf32>
        // expected-error @below {{writes memory that an asynchronous operation may still be reading, while its group may be in flight: only 0 group(s) were committed after it and no wait on queue 1 allowed at most that many}}
        memref.store %v, %B[%s] : memref<2xf32>
      }
    }
    asyncpipe.commit_queue 1 {
      asyncpipe.wait_queue 0, 1
      asyncpipe.async_scope {
        %i1 = arith.addi %i, %c1 : index
        %s = arith.remui %i1, %c2 : index
        %v = memref.load %B[%s] : memref<2xf32>
        memref.store %v, %C[%s] : memref<2xf32>
      }
    }
    asyncpipe.wait_queue 1, 1
    %s = arith.remui %i, %c2 : index
    %v = memref.load %C[%s] : memref<2xf32>
    memref.store %v, %D[%i] : memref<16xf32>
  }
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// Fixed by waiting for queue 1 before stage 0 writes B again.
func.func @three_stage_fixed(%A: memref<16xf32>, %B: memref<2xf32>, %C: memref<2xf32>, %D: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c14 = arith.constant 14 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c2 step %c1 {
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %s = arith.remui %i, %c2 : index
        %v = memref.load %A[%i] : memref<16xf32>
        memref.store %v, %B[%s] : memref<2xf32>
      }
    }
    %started = arith.cmpi sge, %i, %c1 : index
    scf.if %started {
      asyncpipe.commit_queue 1 {
        asyncpipe.wait_queue 0, 1
        asyncpipe.async_scope {
          %p = arith.subi %i, %c1 : index
          %s = arith.remui %p, %c2 : index
          %v = memref.load %B[%s] : memref<2xf32>
          memref.store %v, %C[%s] : memref<2xf32>
        }
      }
    }
  }
  scf.for %i = %c0 to %c14 step %c1 {
    // B[i % 2] is still being read by stage 1 of iteration i - 1.
    asyncpipe.wait_queue 1, 0
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %i2 = arith.addi %i, %c2 : index
        %s = arith.remui %i2, %c2 : index
        %v = memref.load %A[%i2] : memref<16xf32>
        memref.store %v, %B[%s] : memref<2xf32>
      }
    }
    asyncpipe.commit_queue 1 {
      asyncpipe.wait_queue 0, 1
      asyncpipe.async_scope {
        %i1 = arith.addi %i, %c1 : index
        %s = arith.remui %i1, %c2 : index
        %v = memref.load %B[%s] : memref<2xf32>
        memref.store %v, %C[%s] : memref<2xf32>
      }
    }
    asyncpipe.wait_queue 1, 1
    %s = arith.remui %i, %c2 : index
    %v = memref.load %C[%s] : memref<2xf32>
    memref.store %v, %D[%i] : memref<16xf32>
  }
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// A copy's source, overwritten before the copy is complete.
func.func @copy_source(%g: memref<16xf32>, %s: memref<16xf32, 3>, %x: f32) {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the asynchronous read}}
  asyncpipe.copy %g, %s queue 0 : memref<16xf32> to memref<16xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{writes memory that an asynchronous operation may still be reading, while its group may be in flight: only 0 group(s) were committed after it and no wait on queue 0 allowed at most that many}}
  memref.store %x, %g[%c0] : memref<16xf32>
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// Before the commit, the message says so.
func.func @copy_source_uncommitted(%g: memref<16xf32>, %s: memref<16xf32, 3>, %x: f32) {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the asynchronous read}}
  asyncpipe.copy %g, %s queue 0 : memref<16xf32> to memref<16xf32, 3>
  // expected-error @below {{writes memory that an asynchronous operation may still be reading, before the group holding it is committed}}
  memref.store %x, %g[%c0] : memref<16xf32>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// After the wait, and on a slice the copy does not read, writing is fine;
// so is reading the source while the copy runs.
func.func @copy_source_safe(%g: memref<16xf32>, %s: memref<8xf32, 3>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %half = memref.subview %g[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  asyncpipe.copy %half, %s queue 0 : memref<8xf32, strided<[1]>> to memref<8xf32, 3>
  asyncpipe.commit 0
  %v = memref.load %g[%c0] : memref<16xf32>
  memref.store %x, %g[%c12] : memref<16xf32>
  asyncpipe.wait_queue 0, 0
  memref.store %v, %g[%c0] : memref<16xf32>
  return
}

// -----

// An async write over the source of an async copy still in flight: the
// second copy (queue 1) may land before the first (queue 0) has read.
func.func @async_write_over_async_read(%a: memref<16xf32>, %b: memref<16xf32, 3>, %c: memref<16xf32>) {
  // expected-note @below {{the asynchronous read}}
  asyncpipe.copy %a, %b queue 0 : memref<16xf32> to memref<16xf32, 3>
  asyncpipe.commit 0
  // expected-error @below {{writes memory that an asynchronous operation may still be reading}}
  asyncpipe.copy %c, %a queue 1 : memref<16xf32> to memref<16xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// An async_scope's input, overwritten while the scope may run.
func.func @scope_input(%a: memref<16xf32>, %b: memref<16xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  asyncpipe.commit_queue 0 {
    // expected-note @below {{the asynchronous read}}
    asyncpipe.async_scope {
      %v = memref.load %a[%c0] : memref<16xf32>
      memref.store %v, %b[%c0] : memref<16xf32>
    }
  }
  // expected-error @below {{writes memory that an asynchronous operation may still be reading}}
  memref.store %x, %a[%c0] : memref<16xf32>
  asyncpipe.wait_queue 0, 0
  return
}
