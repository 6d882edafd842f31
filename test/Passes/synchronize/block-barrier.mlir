// asyncpipe-synchronize on a block barrier's groups: in SPMD code a
// memref.copy into workgroup memory is cooperative (the async-side-effects
// document: it may finish in one thread before the others have written
// their part), and AsyncEffectOpInterface's wait for it is a block barrier
// (createWait: gpu.barrier), placed before the first access that conflicts,
// unless a barrier already there completes it (doesSync).
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-synchronize | FileCheck %s
// Without the pass each kernel's read of the tile races with another
// thread's part of the copy:
// RUN: not asyncpipe-opt %s -split-input-file --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=RACES
// RACES-COUNT-2: error: accesses workgroup memory that a cooperative operation writes, with no barrier since
// Every result verifies. (@rotated's did not until 2026-11-29: the barrier
// before its copy was missing, found by verify-sync's block-scope model of
// writes over other threads' reads.)
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-synchronize --asyncpipe-verify-sync -o /dev/null

// CHECK-LABEL: gpu.func @staged
// CHECK:         memref.copy
// CHECK-NEXT:    memref.load %{{.*}} : memref<128xf32>
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    arith.remui
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    memref.load %{{.*}} : memref<128xf32, #gpu.address_space<workgroup>>
// CHECK-NOT:     gpu.barrier
gpu.module @kernels {
  gpu.func @staged(%g: memref<128xf32>, %w: memref<128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
    memref.copy %g, %tile : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %x = memref.load %w[%tid] : memref<128xf32>
    %t1 = arith.addi %tid, %c1 : index
    %next = arith.remui %t1, %c128 : index
    %v = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %x, %v : f32
    memref.store %s, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// A barrier already between the copy and the read completes it: none added.
// CHECK-LABEL: gpu.func @by_hand
// CHECK:         memref.copy
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    arith.addi
// CHECK-NOT:     gpu.barrier
gpu.module @kernels {
  gpu.func @by_hand(%g: memref<128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
    memref.copy %g, %tile : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %t1 = arith.addi %tid, %c1 : index
    %next = arith.remui %t1, %c128 : index
    %v = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// In a loop, a copy at the end of an iteration that the next reads after
// other work: the barrier goes to the next iteration's read, and after the
// loop before the read there (a barrier needs no fill). The copy overwrites
// what other threads read earlier in the iteration: a barrier before it too
// (barrier placement's hazard model, run after the pass's own placement).
// CHECK-LABEL: gpu.func @rotated
// CHECK:         scf.for
// CHECK-NEXT:      memref.load %{{.*}} : memref<128xf32>
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      memref.load %{{.*}} : memref<128xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      memref.copy
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    memref.load %{{.*}} : memref<128xf32, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @rotated(%g: memref<128xf32>, %w: memref<128xf32>, %out: memref<128xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %t1 = arith.addi %tid, %c1 : index
    %next = arith.remui %t1, %c128 : index
    %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %n step %c1 {
      %x = memref.load %w[%tid] : memref<128xf32>
      memref.store %x, %out[%tid] : memref<128xf32>
      %v = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %v, %w[%tid] : memref<128xf32>
      memref.copy %g, %tile : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    }
    %last = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
    memref.store %last, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// A copy whose target differs per thread (the thread's own row) is each
// thread's own, synchronous: nothing to synchronize.
// CHECK-LABEL: gpu.func @own_row
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @own_row(%g: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
    %src = memref.subview %g[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    memref.copy %src, %dst : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    %v = memref.load %tile[%tid, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<128xf32>
    gpu.return
  }
}
