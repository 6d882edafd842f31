// Async compute on tensor cores: an asyncpipe.mma reads its input tiles and
// writes its accumulator (registers, not memory) until a wait on its queue
// completes it. Reading the accumulator, or overwriting an input tile, before
// that wait is an error at the access with a note at the MMA; MMAs on one
// queue into one accumulator are ordered by the hardware and need no wait
// in between, MMAs on two queues do.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @chained
func.func @chained(%a: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>, %c: memref<64x64xf32>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
  return
}

// -----

func.func @read_before_wait(%a: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>, %c: memref<64x64xf32>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  // expected-note @below {{the asynchronous MMA into the accumulator}}
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  // One group may stay in flight: the first MMA is complete, the second not.
  asyncpipe.wait_queue 1, 1
  // expected-error @below {{accesses an accumulator that an asynchronous MMA may still be writing, while its group may be in flight: only 0 group(s) were committed after it and no wait on queue 1 allowed at most that many}}
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32>
  return
}

// -----

func.func @two_queues(%a: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  // expected-note @below {{the asynchronous MMA into the accumulator}}
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  // expected-error @below {{accesses an accumulator that an asynchronous MMA may still be writing}}
  asyncpipe.mma %a, %b, %acc queue 2 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 2
  asyncpipe.wait_queue 1, 0
  asyncpipe.wait_queue 2, 0
  return
}

// -----

func.func @synchronous_mma_before_wait(%a: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  // expected-note @below {{the asynchronous MMA into the accumulator}}
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  // expected-error @below {{accesses an accumulator that an asynchronous MMA may still be writing}}
  asyncpipe.mma %a, %b, %acc : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.wait_queue 1, 0
  return
}

// -----

func.func @tile_overwritten(%g: memref<64x16xf16>, %a: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  // expected-note @below {{the asynchronous read}}
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  // The next tile lands in 'a' while the MMA may still read it.
  // expected-error @below {{writes memory that an asynchronous operation may still be reading, while its group may be in flight: only 0 group(s) were committed after it and no wait on queue 1 allowed at most that many}}
  asyncpipe.copy %g, %a queue 0 : memref<64x16xf16> to memref<64x16xf16, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  return
}

// -----

func.func @tile_not_landed(%g: memref<64x16xf16>, %a: memref<64x16xf16, 3>, %b: memref<16x64xf16, 3>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
  // expected-note @below {{the asynchronous write}}
  asyncpipe.copy %g, %a queue 0 : memref<64x16xf16> to memref<64x16xf16, 3>
  asyncpipe.commit 0
  // The MMA reads the tile before the copy's group is waited for.
  // expected-error @below {{accesses memory that an asynchronous operation may still be writing}}
  asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, 3>, memref<16x64xf16, 3> into !asyncpipe.accumulator<64x64xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  return
}

// -----

// Block scope: a wait completes only this thread's MMA; the other threads'
// MMAs may still read the tile it read, so a copy over it needs a barrier
// after the wait. (Found on the tensor-core GEMM with its tiles on a bulk
// queue, where no barrier is needed for the tiles' arrival: verify-sync
// passed it with no barrier at all.)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tile_overwritten_by_block(%g: memref<64x16xf16>, %a: memref<64x16xf16, #gpu.address_space<workgroup>>, %b: memref<16x64xf16, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
      // expected-note @below {{the read (in other threads)}}
      asyncpipe.mma %a, %b, %acc queue 1 : memref<64x16xf16, #gpu.address_space<workgroup>>, memref<16x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<64x64xf32>
      asyncpipe.commit 1
      asyncpipe.wait_queue 1, 0
      // expected-error @below {{writes workgroup memory that other threads may still be reading: no barrier since their read}}
      asyncpipe.copy %g, %a queue 0 : memref<64x16xf16> to memref<64x16xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      gpu.return
    }
  }
}
