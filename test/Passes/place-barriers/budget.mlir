// place-barriers and eliminate-barriers ask the synchronization model once
// per barrier; one budget of analysis steps (option max-steps) bounds all
// their questions about a function, not each one. When it is spent,
// place-barriers fails with an error at the function, since barriers may
// be missing (it used to stop silently, and each question could spend the
// whole budget: a fuzzer's CFG kernel took over 10 s); eliminate-barriers
// keeps the barriers it has not yet judged.
// RUN: asyncpipe-opt %s --asyncpipe-place-barriers 2>&1 | FileCheck %s --check-prefix=ENOUGH
// RUN: not asyncpipe-opt %s --asyncpipe-place-barriers=max-steps=10 2>&1 | FileCheck %s --check-prefix=SPENT
// RUN: asyncpipe-opt %s --asyncpipe-place-barriers --asyncpipe-eliminate-barriers=max-steps=10 | FileCheck %s --check-prefix=KEPT
// RUN: asyncpipe-opt %s --asyncpipe-place-barriers --asyncpipe-eliminate-barriers | FileCheck %s --check-prefix=ELIMINATED
// RUN: not asyncpipe-opt %s --asyncpipe-place-barriers=max-steps=lots 2>&1 | FileCheck %s --check-prefix=OPTION

// ENOUGH-NOT: {{warning|error}}
// ENOUGH: asyncpipe.wait_queue 0, 0
// ENOUGH-NEXT: gpu.barrier
// ENOUGH: memref.load

// SPENT: :[[@LINE+3]]:5: error: barrier placement stopped after placing 0 barrier(s): the analysis spent its budget of 10 steps over all its questions about this kernel (asyncpipe-place-barriers' option max-steps), so barriers may still be missing
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @neighbour(%a: memref<128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c127 = arith.constant 127 : index
      %tid = gpu.thread_id x
      // Orders nothing: eliminate-barriers removes it when its model can
      // tell (ELIMINATED), keeps it when the budget is spent (KEPT).
      gpu.barrier
      %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
      %src = memref.subview %a[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      asyncpipe.copy %src, %dst queue 0 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      // The next thread's row: another thread's copy.
      %n = arith.addi %tid, %c1 : index
      %next = arith.andi %n, %c127 : index
      %v = memref.load %tile[%next, %c0] : memref<128x8xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
// KEPT: gpu.thread_id x
// KEPT-NEXT: gpu.barrier
// KEPT: asyncpipe.wait_queue 0, 0
// KEPT-NEXT: gpu.barrier
// The barrier place-barriers placed stays (it is needed).
// ELIMINATED: gpu.thread_id x
// ELIMINATED-NOT: gpu.barrier
// ELIMINATED: asyncpipe.wait_queue 0, 0
// ELIMINATED-NEXT: gpu.barrier
// OPTION: invalid value 'lots' for pass option 'max-steps'
