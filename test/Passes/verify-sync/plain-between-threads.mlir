// verify-sync's block-scope model of plain loads and stores of workgroup
// memory: a store is seen by the block's other threads after a barrier, so
// another thread's read or write of the element before one races (a read
// after a write, a write after a write; a write after a read is
// war-between-threads.mlir). Indices that are no sum of thread-id
// multiples (a tensor-core fragment's `lane / 4`, `lane % 4 * 2`; upstream's
// NVVM conversion's llvm.udiv and llvm.urem on nvvm.read.ptx.sreg.tid.x)
// are evaluated per thread of the declared block, so a fragment layout's
// stores are told apart exactly, and one whose threads collide is not.
// RUN: asyncpipe-opt %s --split-input-file --asyncpipe-verify-sync --verify-diagnostics -o /dev/null

// A read of the next thread's element, no barrier since its store.
gpu.module @kernels {
  gpu.func @raw(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %one = arith.constant 1.0 : f32
    %tid = gpu.thread_id x
    %tile = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
    // expected-note @below {{the write (in another thread)}}
    memref.store %one, %tile[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %next = arith.remui %t1, %c128 : index
    // expected-error @below {{accesses workgroup memory that another thread wrote, with no barrier since the write}}
    %v = memref.load %tile[%next] : memref<128xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// mma.sync's accumulator layout (m16n8: row lane / 4 and lane / 4 + 8,
// columns lane % 4 * 2 and + 1) of four warps, 16 rows a warp: every
// element is one thread's; a barrier, then any thread reads any element.
gpu.module @kernels {
  gpu.func @fragment(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %one = arith.constant 1.0 : f32
    %v2 = arith.constant dense<1.0> : vector<2xf32>
    %tid = gpu.thread_id x
    %lane = gpu.lane_id
    %warp = arith.divui %tid, %c32 : index
    %tile = memref.alloc() : memref<64x8xf32, #gpu.address_space<workgroup>>
    %quad = arith.divui %lane, %c4 : index
    %base = arith.muli %warp, %c16 : index
    %row = arith.addi %base, %quad : index
    %row8 = arith.addi %row, %c8 : index
    %q = arith.remui %lane, %c4 : index
    %col = arith.muli %q, %c2 : index
    vector.store %v2, %tile[%row, %col] : memref<64x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    vector.store %v2, %tile[%row8, %col] : memref<64x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    gpu.barrier
    %r = arith.divui %tid, %c2 : index
    %v = memref.load %tile[%r, %col] : memref<64x8xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// The same layout with the warp's rows not spread (every warp writes rows
// 0 to 15): warps collide.
gpu.module @kernels {
  gpu.func @fragment_collide(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %v2 = arith.constant dense<1.0> : vector<2xf32>
    %tid = gpu.thread_id x
    %lane = gpu.lane_id
    %tile = memref.alloc() : memref<64x8xf32, #gpu.address_space<workgroup>>
    %quad = arith.divui %lane, %c4 : index
    %q = arith.remui %lane, %c4 : index
    %col = arith.muli %q, %c2 : index
    vector.store %v2, %tile[%quad, %col] : memref<64x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    // expected-error @below {{accesses workgroup memory that another thread wrote, with no barrier since the write}}
    vector.store %v2, %tile[%quad, %col] : memref<64x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    // expected-note @-3 {{the write (in another thread)}}
    gpu.barrier
    gpu.return
  }
}

// -----

// Every thread stores the same value to the same element: reading it after
// one's own store is no race.
gpu.module @kernels {
  gpu.func @uniform(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %tid = gpu.thread_id x
    %tile = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
    memref.store %one, %tile[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    %v = memref.load %tile[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// Upstream's NVVM conversion's arithmetic: llvm.udiv and llvm.urem of the
// thread id register, evaluated per thread (each thread its own pair).
gpu.module @kernels {
  gpu.func @nvvm_arith(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %one = arith.constant 1.0 : f32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %warp = llvm.udiv %tid, %c32 : i32
    %lane = llvm.urem %tid, %c32 : i32
    %w = arith.index_cast %warp : i32 to index
    %l = arith.index_cast %lane : i32 to index
    %t = arith.index_cast %tid : i32 to index
    %tile = memref.alloc() : memref<4x32xf32, #gpu.address_space<workgroup>>
    memref.store %one, %tile[%w, %l] : memref<4x32xf32, #gpu.address_space<workgroup>>
    %v = memref.load %tile[%w, %l] : memref<4x32xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%t] : memref<128xf32>
    gpu.return
  }
}
