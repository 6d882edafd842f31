// The hazard model alone (asyncpipe-test-print-hazards): races as remarks
// at their accesses, "hazards: none" at a function it proves, and the first
// access that meets another thread's with no barrier between (where
// asyncpipe-place-barriers puts a barrier). asyncpipe-verify-sync reports
// the same races as errors (test/Passes/verify-sync/).
// RUN: asyncpipe-opt %s --asyncpipe-test-print-hazards -verify-diagnostics -split-input-file

// One thread: a read before the wait races with the copy; after it, none.
// expected-remark @below {{hazards: none}}
func.func @waited(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  %v = memref.load %b[%c0] : memref<8xf32, 3>
  return
}

// -----

func.func @unwaited(%a: memref<8xf32>, %b: memref<8xf32, 3>) {
  %c0 = arith.constant 0 : index
  asyncpipe.copy %a, %b queue 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 1
  // expected-remark @below {{race: accesses memory that an asynchronous operation may still be writing, while its group may be in flight: only 0 group(s) were committed after it and no wait on queue 0 allowed at most that many}}
  %v = memref.load %b[%c0] : memref<8xf32, 3>
  return
}

// -----

// Block scope: each thread copies its row and reads its neighbour's; the
// read is the race and the first hazard between threads.
gpu.module @kernels {
  gpu.func @neighbour_row(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    %next = arith.addi %tid, %c1 : index
    %row = arith.remui %next, %c128 : index
    // expected-remark @below {{race: accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait that completed the write there}}
    // expected-remark @below {{first hazard between threads}}
    %v = memref.load %tile[%row, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The same row read by its own thread: no hazard.
gpu.module @kernels {
  // expected-remark @below {{hazards: none}}
  gpu.func @own_row(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 0
    %v = memref.load %tile[%tid, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
