// What bulk queues (cp.async.bulk with mbarriers) cannot do: one error per
// case, at the op. Queue 1 is the bulk queue.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-to-nvgpu=bulk-queues=1

func.func @zero_fill(%a: memref<3x8xf32>, %b: memref<4x8xf32, 3>) {
  // expected-error @below {{cp.async.bulk has no source size, so it cannot zero-fill a partial tile; commit this copy to a queue that is not in bulk-queues (cp.async)}}
  asyncpipe.copy %a, %b zero_fill queue 1 : memref<3x8xf32> to memref<4x8xf32, 3>
  asyncpipe.commit 1
  return
}

// -----

func.func @short_rows(%a: memref<4x2xf32>, %b: memref<4x2xf32, 3>) {
  // expected-error @below {{a row of the tile is 2 x f32 = 8 bytes, but cp.async.bulk copies multiples of 16 bytes}}
  asyncpipe.copy %a, %b queue 1 : memref<4x2xf32> to memref<4x2xf32, 3>
  asyncpipe.commit 1
  return
}

// -----

func.func @misaligned(%a: memref<4x40xf32>, %b: memref<4x32xf32, 3>) {
  %v = memref.subview %a[0, 2] [4, 32] [1, 1] : memref<4x40xf32> to memref<4x32xf32, strided<[40, 1], offset: 2>>
  // expected-error @below {{the rows of the source are not 16-byte aligned (static offset or stride), but cp.async.bulk addresses must be}}
  asyncpipe.copy %v, %b queue 1 : memref<4x32xf32, strided<[40, 1], offset: 2>> to memref<4x32xf32, 3>
  asyncpipe.commit 1
  return
}

// -----

func.func @dynamic_row(%a: memref<4x?xf32>, %b: memref<4x?xf32, 3>) {
  // expected-error @below {{the innermost extent of the destination is dynamic, but cp.async.bulk needs rows of a static multiple of 16 bytes}}
  asyncpipe.copy %a, %b queue 1 : memref<4x?xf32> to memref<4x?xf32, 3>
  asyncpipe.commit 1
  return
}

// -----

func.func @too_many_bytes(%a: memref<512x1024xf32>, %b: memref<512x1024xf32, 3>) {
  // expected-error @below {{the copy moves 2097152 bytes, but an mbarrier phase counts at most 1048575 bytes}}
  asyncpipe.copy %a, %b queue 1 : memref<512x1024xf32> to memref<512x1024xf32, 3>
  asyncpipe.commit 1
  return
}

// -----

func.func @source_in_shared(%a: memref<4xf32, 3>, %b: memref<4xf32, 3>) {
  // expected-error @below {{cp.async.bulk reads global memory, but the source is in workgroup (shared) memory}}
  asyncpipe.copy %a, %b queue 1 : memref<4xf32, 3> to memref<4xf32, 3>
  asyncpipe.commit 1
  return
}

// -----

func.func @run_time_count(%a: memref<8xf32>, %b: memref<8xf32, 3>, %n: index) {
  asyncpipe.copy %a, %b queue 1 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 1
  // expected-error @below {{a wait on a bulk queue needs a constant in-flight count to know which groups' mbarriers to wait on}}
  asyncpipe.wait_queue 1, %n
  return
}

// -----

// A loop that commits without waiting: no bound on the groups in flight, so
// no ring size.
func.func @unbounded(%a: memref<8xf32>, %b: memref<8xf32, 3>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @below {{the groups in flight on bulk queue 1 have no bound here, but its ring of mbarriers needs one: wait on the queue in the loop that commits to it}}
    asyncpipe.copy %a, %b queue 1 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 1
  }
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// Only some threads commit: the block's other threads never arrive.
func.func @thread_dependent(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %tid = gpu.thread_id x
  %first = arith.cmpi eq, %tid, %c0 : index
  // expected-note @below {{the op whose condition depends on the thread id}}
  scf.if %first {
    asyncpipe.copy %a, %b queue 1 : memref<8xf32> to memref<8xf32, 3>
    // expected-error @below {{every thread of the block must commit the same groups to bulk queue 1, whose mbarriers wait for one arrival per thread; this commit is under an op whose condition depends on the thread id}}
    asyncpipe.commit 1
  }
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// A thread-dependent trip count, through a loop-carried value.
func.func @thread_dependent_trips(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tid = gpu.thread_id x
  %n = scf.for %i = %c0 to %c4 step %c1 iter_args(%k = %c0) -> (index) {
    %next = arith.addi %k, %tid : index
    scf.yield %next : index
  }
  // expected-note @below {{the op whose bounds depend on the thread id}}
  scf.for %i = %c0 to %n step %c1 {
    asyncpipe.copy %a, %b queue 1 : memref<8xf32> to memref<8xf32, 3>
    // expected-error @below {{this commit is under an op whose bounds depend on the thread id}}
    asyncpipe.commit 1
    asyncpipe.wait_queue 1, 0
  }
  return
}

// -----

// A copy under a thread-dependent condition is fine (one thread fetches the
// tile); the commit is reached by every thread.
func.func @uniform_commit(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %tid = gpu.thread_id x
  %first = arith.cmpi eq, %tid, %c0 : index
  scf.if %first {
    asyncpipe.copy %a, %b queue 1 : memref<8xf32> to memref<8xf32, 3>
  }
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// Sizes from the IR are multiplied in checked arithmetic (found by the fuzzer).
func.func @row_bytes_overflow(%a: memref<2305843009213693952xf32>, %b: memref<2305843009213693952xf32, 3>) {
  // expected-error @below {{a row of the tile is 2305843009213693952 elements of 4 bytes, more bytes than a 64-bit size holds}}
  asyncpipe.copy %a, %b queue 1 : memref<2305843009213693952xf32> to memref<2305843009213693952xf32, 3>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// Each row fits, the tile does not: 2^32 x 2^32 f32 is 2^66 bytes (the bulk
// lowering's byte count overflowed: a panic in a debug build, a wrapped size
// in a release build; issue 40).
func.func @tile_bytes_overflow(%a: memref<4294967296x4294967296xf32>, %b: memref<4294967296x4294967296xf32, 3>) {
  // expected-error @below {{the source (4294967296x4294967296 elements of 4 bytes) spans more bytes than a 64-bit size or offset holds}}
  asyncpipe.copy %a, %b queue 1 : memref<4294967296x4294967296xf32> to memref<4294967296x4294967296xf32, 3>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// The tile fits, the view's last element does not (stride 2^62 elements).
func.func @offset_overflow(%a: memref<4x4xf32, strided<[4611686018427387904, 1]>>, %b: memref<4x4xf32, 3>) {
  // expected-error @below {{the source (4x4 elements of 4 bytes) spans more bytes than a 64-bit size or offset holds}}
  asyncpipe.copy %a, %b queue 1 : memref<4x4xf32, strided<[4611686018427387904, 1]>> to memref<4x4xf32, 3>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// A bound too large for a ring (a fuzzer finding: the ring size overflowed
// for a bound of 2^63 - 1).
func.func @too_many_in_flight(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5000 = arith.constant 5000 : index
  scf.for %i = %c0 to %c5000 step %c1 {
    asyncpipe.wait_queue 1, 2000
    // expected-error @below {{up to 2000 groups may be in flight on bulk queue 1 here, so its ring would need 2001 mbarriers (8 bytes of workgroup memory each); the lowering allows at most 1024}}
    asyncpipe.copy %a, %b queue 1 : memref<8xf32> to memref<8xf32, 3>
    asyncpipe.commit 1
  }
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// Dynamic outer extents: one bulk copy moves one row, an i32 operand and
// part of a phase's count; a row past MAX_TX_BYTES is refused (its size was
// emitted as a wrapped i32 constant, 0 here).
func.func @dynamic_rows_too_long(%a: memref<?x1073741824xf32>, %b: memref<?x1073741824xf32, 3>) {
  // expected-error @below {{one bulk copy would move 4294967296 bytes, but an mbarrier phase counts at most 1048575 bytes; copy the tile in parts, committed as separate groups}}
  asyncpipe.copy %a, %b queue 1 : memref<?x1073741824xf32> to memref<?x1073741824xf32, 3>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  return
}
