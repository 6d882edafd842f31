// asyncpipe-hardware-queues alone: the first step of asyncpipe-to-nvgpu.
// Two logical queues become counts on the one cp.async queue (recounted, not
// summed), bulk queues keep theirs, one queue is left alone, and a group
// that must stay in token form is an error after its function's recount.
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-hardware-queues | FileCheck %s
// RUN: asyncpipe-opt %s --split-input-file --verify-diagnostics --asyncpipe-hardware-queues="bulk-queues=1" | FileCheck %s --check-prefix=BULK

// Groups A (queue 0), B (queue 1), C (queue 0). "wait 0, 1" completes A and
// lets C fly; on the hardware queue B and C came after A: 2 may stay in
// flight. "wait 1, 0" completes B, after which only C may be in flight.
// CHECK-LABEL: func.func @two_queues
// CHECK-COUNT-3: asyncpipe.commit_queue 0
// CHECK: asyncpipe.wait_queue 0, 2
// CHECK: memref.load
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK-NOT: asyncpipe.wait_queue
// BULK-LABEL: func.func @two_queues
// BULK: asyncpipe.commit_queue 0
// BULK: asyncpipe.commit_queue 1
// BULK: asyncpipe.commit_queue 0
// BULK: asyncpipe.wait_queue 0, 1
// BULK: memref.load
// BULK: asyncpipe.wait_queue 1, 0
func.func @two_queues(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 3>, %d: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.commit_queue 1 {
    asyncpipe.copy %a, %c : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %d : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.wait_queue 0, 1
  %i = arith.constant 0 : index
  %v = memref.load %b[%i] : memref<4xf32, 3>
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// One queue: nothing to recount, the counts stay as written.
// CHECK-LABEL: func.func @one_queue
// CHECK: asyncpipe.wait_queue 0, 1
// CHECK: asyncpipe.wait_queue 0, 0
func.func @one_queue(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 3>) {
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %a, %c : memref<4xf32> to memref<4xf32, 3>
  }
  asyncpipe.wait_queue 0, 1
  asyncpipe.wait_queue 0, 0
  return
}

// -----

// A group that crosses the function boundary keeps its token form, which
// cp.async cannot express.
func.func @returned(%t: !asyncpipe.token) -> !asyncpipe.group {
  // expected-error @below {{cp.async synchronizes by counts only, and this token-form operation has no counting form}}
  %g = asyncpipe.commit_group queue 0 (%t)
  // expected-remark @below {{groups stay in token form in this function}}
  return %g : !asyncpipe.group
}

// -----

// What the lowering cannot do is reported here already, before anything
// changes.
func.func @scope(%a: memref<4xf32>) {
  asyncpipe.commit_queue 0 {
    // expected-error @below {{async compute cannot run on cp.async}}
    asyncpipe.async_scope {
      %i = arith.constant 0 : index
      %v = memref.load %a[%i] : memref<4xf32>
    }
  }
  asyncpipe.wait_queue 0, 0
  return
}
