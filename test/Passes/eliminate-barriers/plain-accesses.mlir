// asyncpipe-eliminate-barriers on plain loads and stores of different
// threads, in every memory space: a barrier stays when an access before it
// and one after it (no other barrier between, loop back edges and cf
// branches included) may touch one element in two threads, one writing.
// Beside it, upstream -gpu-eliminate-barriers on the same kernels as
// func.func, which never removes one that orders such a pair either, but
// does not tell threads apart.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-eliminate-barriers | FileCheck %s
// RUN: %kernel-to-func %s | asyncpipe-opt -split-input-file --pass-pipeline='builtin.module(builtin.module(func.func(gpu-eliminate-barriers)))' \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM
// Each barrier kept says what it orders.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-eliminate-barriers=explain=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN

// The write-after-read on global memory (the same element in every
// thread): the second barrier stays; the first orders two reads.
// CHECK-LABEL: gpu.func @war_global
// CHECK:         memref.load
// CHECK-NEXT:    memref.load
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    memref.store
// UPSTREAM-LABEL: func.func @war_global
// UPSTREAM:        memref.load
// UPSTREAM-NEXT:   memref.load
// UPSTREAM-NEXT:   gpu.barrier
// UPSTREAM-NEXT:   arith.addf
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @war_global(%a: memref<?xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %x = memref.load %a[%c0] : memref<?xf32>
      gpu.barrier
      %y = memref.load %a[%c0] : memref<?xf32>
      // EXPLAIN: plain-accesses.mlir:[[@LINE+1]]:7: remark: barrier kept: it orders a write-after-read pair between threads: the read by `memref.load` before it and the write by `memref.store` after it
      gpu.barrier
      %s = arith.addf %x, %y : f32
      memref.store %s, %a[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// Each thread reads and then writes its own element: no barrier orders
// anything between threads.
// CHECK-LABEL: gpu.func @war_own_element
// CHECK-NOT:     gpu.barrier
// UPSTREAM-LABEL: func.func @war_own_element
// UPSTREAM:        gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @war_own_element(%a: memref<?xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %x = memref.load %a[%tid] : memref<?xf32>
      gpu.barrier
      %y = memref.load %a[%tid] : memref<?xf32>
      gpu.barrier
      %s = arith.addf %x, %y : f32
      memref.store %s, %a[%tid] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// Reading the next thread's element of a global buffer after storing one's
// own: read-after-write between threads.
// CHECK-LABEL: gpu.func @raw_neighbour
// CHECK:         memref.store
// CHECK-NEXT:    gpu.barrier
// UPSTREAM-LABEL: func.func @raw_neighbour
// UPSTREAM:        gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @raw_neighbour(%a: memref<129xf32>, %out: memref<128xf32> {llvm.noalias}) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c1 = arith.constant 1 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      memref.store %one, %a[%tid] : memref<129xf32>
      // EXPLAIN: plain-accesses.mlir:[[@LINE+1]]:7: remark: barrier kept: it orders a read-after-write pair between threads
      gpu.barrier
      %next = arith.addi %tid, %c1 : index
      %v = memref.load %a[%next] : memref<129xf32>
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// Two arguments may be one buffer: each thread's store to its element of
// one and every thread's load of element 0 of the other are ordered by the
// barrier, unless one is marked noalias (the stores to %out alone are
// thread-private).
// CHECK-LABEL: gpu.func @arguments_may_alias
// CHECK:         gpu.barrier
// CHECK-LABEL: gpu.func @noalias_argument
// CHECK-NOT:     gpu.barrier
// UPSTREAM-LABEL: func.func @arguments_may_alias
// UPSTREAM:        gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @arguments_may_alias(%in: memref<128xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      memref.store %one, %out[%tid] : memref<128xf32>
      gpu.barrier
      %v = memref.load %in[%c0] : memref<128xf32>
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
    gpu.func @noalias_argument(%in: memref<128xf32> {llvm.noalias}, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      memref.store %one, %out[%tid] : memref<128xf32>
      gpu.barrier
      %v = memref.load %in[%c0] : memref<128xf32>
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// Views of one workgroup allocation touch it: a store through one row's
// subview and a load through another's conflict (distinct allocations
// would not).
// CHECK-LABEL: gpu.func @views_alias
// CHECK:         memref.store
// CHECK-NEXT:    gpu.barrier
// CHECK-NOT:     gpu.barrier
// UPSTREAM-LABEL: func.func @views_alias
// UPSTREAM:        gpu.barrier
!tile = memref<128x4xf32, #gpu.address_space<workgroup>>
!row = memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @views_alias(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c127 = arith.constant 127 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %other = memref.alloc() : !tile
      %mine = memref.subview %tile[%tid, 0] [1, 4] [1, 1] : !tile to !row
      memref.store %one, %mine[%c0] : !row
      gpu.barrier
      %r = arith.subi %c127, %tid : index
      %theirs = memref.subview %tile[%r, 0] [1, 4] [1, 1] : !tile to !row
      %v = memref.load %theirs[%c0] : !row
      memref.store %v, %other[%tid, %c0] : !tile
      gpu.barrier
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// In a loop, the barrier at the end orders each iteration's store before
// the next iteration's load of the same element by other threads (the
// back edge); the one in the middle orders the load before the store.
// CHECK-LABEL: gpu.func @loop_back_edge
// CHECK:         scf.for
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      gpu.barrier
// UPSTREAM-LABEL: func.func @loop_back_edge
// UPSTREAM-COUNT-2: gpu.barrier
!flag = memref<1xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @loop_back_edge(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      %flag = memref.alloc() : !flag
      scf.for %i = %c0 to %c8 step %c1 {
        %v = memref.load %flag[%c0] : !flag
        gpu.barrier
        %w = arith.addf %v, %one : f32
        memref.store %w, %flag[%c0] : !flag
        gpu.barrier
      }
      %v = memref.load %flag[%c0] : !flag
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// The same loop after convert-scf-to-cf: the back edge is a cf.br.
// CHECK-LABEL: gpu.func @cfg_back_edge
// CHECK-COUNT-2: gpu.barrier
!flag = memref<1xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cfg_back_edge(%out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      %flag = memref.alloc() : !flag
      cf.br ^header(%c0 : index)
    ^header(%i: index):
      %more = arith.cmpi slt, %i, %c8 : index
      cf.cond_br %more, ^body, ^exit
    ^body:
      %v = memref.load %flag[%c0] : !flag
      gpu.barrier
      %w = arith.addf %v, %one : f32
      memref.store %w, %flag[%c0] : !flag
      gpu.barrier
      %next = arith.addi %i, %c1 : index
      cf.br ^header(%next : index)
    ^exit:
      %r = memref.load %flag[%c0] : !flag
      memref.store %r, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// An epilogue that stages C through workgroup memory with vector stores:
// each thread reads back its own row, so the barrier orders nothing (a
// plain store to workgroup memory is analysed, not a reason to keep every
// barrier); reading another thread's row needs it.
// CHECK-LABEL: gpu.func @epilogue_own_row
// CHECK-NOT:     gpu.barrier
// CHECK-LABEL: gpu.func @epilogue_other_row
// CHECK:         vector.store
// CHECK-NEXT:    gpu.barrier
// UPSTREAM-LABEL: func.func @epilogue_own_row
// UPSTREAM:        gpu.barrier
!stage = memref<128x4xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @epilogue_own_row(%c: memref<128x4xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %acc = arith.constant dense<2.0> : vector<4xf32>
      %stage = memref.alloc() : !stage
      vector.store %acc, %stage[%tid, %c0] : !stage, vector<4xf32>
      gpu.barrier
      %v = vector.load %stage[%tid, %c0] : !stage, vector<4xf32>
      vector.store %v, %c[%tid, %c0] : memref<128x4xf32>, vector<4xf32>
      gpu.return
    }
    gpu.func @epilogue_other_row(%c: memref<128x4xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c127 = arith.constant 127 : index
      %tid = gpu.thread_id x
      %acc = arith.constant dense<2.0> : vector<4xf32>
      %stage = memref.alloc() : !stage
      vector.store %acc, %stage[%tid, %c0] : !stage, vector<4xf32>
      gpu.barrier
      %r = arith.subi %c127, %tid : index
      %v = vector.load %stage[%r, %c0] : !stage, vector<4xf32>
      vector.store %v, %c[%tid, %c0] : memref<128x4xf32>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// A call whose effects are unknown may touch any memory.
// CHECK-LABEL: gpu.func @unknown_call
// CHECK:         gpu.barrier
// UPSTREAM-LABEL: func.func @unknown_call
// UPSTREAM:        gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @opaque()
    gpu.func @unknown_call(%a: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %v = memref.load %a[%c0] : memref<128xf32>
      gpu.barrier
      func.call @opaque() : () -> ()
      memref.store %v, %a[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// A counted copy reads its global source until its thread drains the queue
// (wait_queue 0, 0): another thread's store to that source needs the
// drain and then a barrier before it. The first barrier here orders
// nothing (nothing between the two); the second stays. When each thread
// reads back only its own row, the barrier after the drain goes (in program
// order, first), and the one before the store then orders the source read.
// CHECK-LABEL: gpu.func @copy_source_overwritten
// CHECK:         asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    memref.store
// CHECK-LABEL: gpu.func @copy_source_drained_before
// CHECK:         asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    memref.load
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    memref.store
!tile = memref<128x8xf32, #gpu.address_space<workgroup>>
!row = memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!grow = memref<8xf32, strided<[1], offset: ?>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy_source_overwritten(%a: memref<128x8xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      gpu.barrier
      gpu.barrier
      memref.store %one, %a[%c0, %c0] : memref<128x8xf32>
      gpu.return
    }
    gpu.func @copy_source_drained_before(%a: memref<128x8xf32>, %out: memref<128xf32> {llvm.noalias}) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : !tile
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to !grow
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : !tile to !row
      asyncpipe.copy %src, %dst queue 0 : !grow to !row
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      gpu.barrier
      %v = memref.load %tile[%tid, %c0] : !tile
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.barrier
      memref.store %one, %a[%c0, %c0] : memref<128x8xf32>
      gpu.return
    }
  }
}
