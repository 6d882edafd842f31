// asyncpipe-lower-block: a kernel becomes a runner that takes a thread from
// one barrier to the next and a driver that runs the block's phases.
// RUN: asyncpipe-opt %s --convert-scf-to-cf --asyncpipe-lower-block | FileCheck %s
// The result verifies and lowers to LLVM with upstream passes alone.
// RUN: asyncpipe-opt %s --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm -o /dev/null

module attributes {gpu.container_module} {
  // The driver replaces this declaration (callers verify before the pass).
  func.func private @stage(memref<256xf32>, memref<64xf32>, index)

  gpu.module @kernels {
    gpu.func @stage(%in: memref<256xf32>, %out: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %tile = memref.alloc() : memref<256xf32, #gpu.address_space<workgroup>>
      %acc = memref.alloca() : memref<1xf32>
      %first = arith.muli %tid, %c4 : index
      %t = nvgpu.device_async_copy %in[%first], %tile[%first], 4 : memref<256xf32> to memref<256xf32, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      %next = arith.addi %tid, %c1 : index
      %wrapped = arith.remui %next, %c64 : index
      %other = arith.muli %wrapped, %c4 : index
      %v = memref.load %tile[%other] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %acc[%c0] : memref<1xf32>
      gpu.barrier
      %w = memref.load %acc[%c0] : memref<1xf32>
      memref.store %w, %out[%tid] : memref<64xf32>
      gpu.return
    }
  }
}

// The runner: kernel arguments, block id, workgroup buffer (address space 3
// for the CPU lowering), private memory, slots, thread id, resume point.
// CHECK-LABEL: func.func private @stage.thread(
// CHECK-SAME:    %[[IN:[^:]*]]: memref<256xf32>, %{{.*}}: memref<64xf32>, %[[BID:[^:]*]]: index,
// CHECK-SAME:    %[[TILE:[^:]*]]: memref<256xf32, 3>, %[[PRIVATE:[^:]*]]: memref<?xi8>, %[[SLOTS:[^:]*]]: memref<?xi8>,
// CHECK-SAME:    %[[TID:[^:]*]]: index, %[[RESUME:[^:]*]]: index) -> index {
// Resume after barrier 1 or 2, else start:
// CHECK:         %[[IS1:.*]] = arith.cmpi eq, %[[RESUME]], %c1
// CHECK:         cf.cond_br %[[IS1]], ^[[AFTER1:bb[0-9]+]], ^
// CHECK:         arith.cmpi eq, %[[RESUME]], %c2
// CHECK:         cf.cond_br %{{.*}}, ^[[AFTER2:bb[0-9]+]], ^
// CHECK:         cf.br ^[[START:bb[0-9]+]]
// CHECK:       ^[[START]]:
// The private buffer is the thread's 16 bytes of the private memory; the
// offset lives across the barriers, in the thread's slot:
// CHECK:         %[[SCALED:.*]] = arith.muli %[[TID]], %c16
// CHECK:         %[[SHIFT:.*]] = arith.addi %[[SCALED]], %c0
// CHECK:         %[[SLOT:.*]] = memref.view %[[SLOTS]][%{{.*}}][] : memref<?xi8> to memref<index>
// CHECK:         memref.store %[[SHIFT]], %[[SLOT]][] : memref<index>
// The copy is recorded with its byte addresses; commit and wait are the
// thread's own.
// CHECK:         call @block_sim_cp_async(%[[TID]], %{{.*}}, %{{.*}}, %c16{{(_[0-9]+)?}}, %c16{{(_[0-9]+)?}})
// CHECK:         call @block_sim_commit(%[[TID]])
// CHECK:         call @block_sim_wait(%[[TID]], %c0{{(_[0-9]+)?}})
// Barrier 1 returns 1:
// CHECK:         return %c1{{(_[0-9]+)?}} : index
// CHECK:       ^[[AFTER1]]:
// CHECK:         memref.load %[[TILE]]
// The private buffer's view is recomputed from the slot:
// CHECK:         %[[SLOT1:.*]] = memref.view %[[SLOTS]]
// CHECK:         %[[SHIFT1:.*]] = memref.load %[[SLOT1]][]
// CHECK:         %[[ACC1:.*]] = memref.view %[[PRIVATE]][%[[SHIFT1]]][] : memref<?xi8> to memref<1xf32>
// CHECK:         memref.store %{{.*}}, %[[ACC1]]
// CHECK:         return %c2{{(_[0-9]+)?}} : index
// CHECK:       ^[[AFTER2]]:
// CHECK:         memref.store %{{.*}}, %{{.*}}[%[[TID]]] : memref<64xf32>
// The end returns 0:
// CHECK:         return %c0{{(_[0-9]+)?}} : index

// The driver: 0xFF workgroup memory (the block's buffers as views of one
// window of 256 KiB, aligned to its size), then rounds until the threads
// return 0; in each, every runnable thread runs from where it stopped, and
// the runtime says whether another round follows (it checks that every
// thread stopped at the same barrier, with the kernel's 2 barriers told
// apart from mbarrier waits).
// CHECK-LABEL: func.func @stage(
// CHECK-SAME:    %[[A:[^:]*]]: memref<256xf32>, %[[O:[^:]*]]: memref<64xf32>, %[[B:[^:]*]]: index) {
// CHECK:         %[[WINDOW:.*]] = memref.alloc(%c1024) {alignment = 262144 : i64} : memref<?xi8>
// CHECK:         %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[WINDOW]]
// CHECK:         call @block_sim_poison(%[[P]], %c1024)
// CHECK:         %[[HOST:.*]] = memref.view %[[WINDOW]][%c0{{.*}}][] : memref<?xi8> to memref<256xf32>
// CHECK:         %[[BUF:.*]] = memref.memory_space_cast %[[HOST]] : memref<256xf32> to memref<256xf32, 3>
// CHECK:         %[[BARRIERS:.*]] = arith.constant 2 : index
// CHECK:         call @block_sim_block_begin(%c64)
// CHECK:         call @block_sim_wgmma_begin(%[[P]], %c64)
// CHECK:         cf.br ^[[ROUND:bb[0-9]+]]
// CHECK:       ^[[ROUND]]:
// CHECK:         call @block_sim_round(%c64)
// CHECK:         scf.for %[[K:.*]] = %c0 to %c64 step %c1 {
// CHECK:           %[[T:.*]] = func.call @block_sim_thread(%[[K]])
// CHECK:           %[[RUNNABLE:.*]] = func.call @block_sim_runnable(%[[T]])
// CHECK:           %[[RUNS:.*]] = arith.cmpi ne, %[[RUNNABLE]], %c0
// CHECK:           scf.if %[[RUNS]] {
// CHECK:             %[[AT:.*]] = func.call @block_sim_resume(%[[T]])
// CHECK:             %[[R:.*]] = func.call @stage.thread(%[[A]], %[[O]], %[[B]], %[[BUF]], %{{.*}}, %{{.*}}, %[[T]], %[[AT]])
// CHECK:             func.call @block_sim_stopped(%[[T]], %[[R]], %[[BARRIERS]])
// CHECK:         %[[MORE:.*]] = call @block_sim_round_end(%c64)
// CHECK:         %[[AGAIN:.*]] = arith.cmpi ne, %[[MORE]], %c0
// CHECK:         cf.cond_br %[[AGAIN]], ^[[ROUND]], ^[[DONE:bb[0-9]+]]
// CHECK:       ^[[DONE]]:
// CHECK:         call @block_sim_block_end()
// CHECK:         memref.dealloc %[[WINDOW]]
// The runtime is declared (the tests link it in as MLIR).
// CHECK:       func.func private @block_sim_cp_async(index, index, index, index, index)
// CHECK-NOT:   gpu.module
