// The block-scope issue's kernel: the threads load one shared tile
// cooperatively (thread t copies row t) and each reads the row the next
// thread copied, two stages later. A wait completes only the thread's own
// copies, so the reads need the other threads' waits and a barrier, and a
// copy must not overwrite a version before every thread has read it. The
// pipeliner moves the body's waits to its top and places one barrier after
// them: wait, barrier, issue the copy into the version read one iteration
// earlier, compute. The epilogue reads after each wait, so a barrier
// follows each.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | FileCheck %s
// verify-sync accepts it, and rejects it with any one barrier removed:
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --asyncpipe-verify-sync -o /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | awk '/gpu.barrier/ && ++n == 1 {next} {print}' | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=NO-BARRIER
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | awk '/gpu.barrier/ && ++n == 2 {next} {print}' | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=NO-BARRIER
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | awk '/gpu.barrier/ && ++n == 3 {next} {print}' | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=NO-BARRIER
// NO-BARRIER: error: accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait that completed the write there
// Three barriers in all: one in the body, one after each epilogue wait;
// asyncpipe-eliminate-barriers finds none of them needless.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | FileCheck %s --check-prefix=COUNT
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --asyncpipe-eliminate-barriers | FileCheck %s --check-prefix=COUNT
// COUNT-COUNT-3: gpu.barrier
// COUNT-NOT: gpu.barrier

// CHECK-LABEL: gpu.func @cooperative
// Prologue: two copies, no barrier (nothing was read yet).
// CHECK:         asyncpipe.commit_queue 0 {
// CHECK:         asyncpipe.commit_queue 0 {
// CHECK-NOT:     gpu.barrier
// CHECK:         scf.for
// CHECK-NEXT:      asyncpipe.wait_queue 0, 1
// CHECK-NEXT:      gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:           asyncpipe.commit_queue 0 {
// CHECK-NOT:       gpu.barrier
// CHECK:           scf.for
// CHECK:         asyncpipe.wait_queue 0, 1
// CHECK-NEXT:    gpu.barrier
// CHECK:         asyncpipe.wait_queue 0, 0
// CHECK-NEXT:    gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cooperative(%a: memref<64x128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<128x8xf32, #gpu.address_space<workgroup>>
      %acc = memref.alloca() : memref<1xf32>
      memref.store %zero, %acc[%c0] : memref<1xf32>
      %t1 = arith.addi %tid, %c1 : index
      %next = arith.remui %t1, %c128 : index
      scf.for %t = %c0 to %c64 step %c1 {
        %src = memref.subview %a[%t, %tid, 0] [1, 1, 8] [1, 1, 1] : memref<64x128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
        %dst = memref.subview %tile[%tid, 0] [1, 8] [1, 1] : memref<128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %src, %dst {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        scf.for %j = %c0 to %c8 step %c1 {
          %v = memref.load %tile[%next, %j] : memref<128x8xf32, #gpu.address_space<workgroup>>
          %s = memref.load %acc[%c0] : memref<1xf32>
          %n = arith.addf %s, %v : f32
          memref.store %n, %acc[%c0] : memref<1xf32>
        } {asyncpipe.stage = 2, asyncpipe.order = 1}
      } {asyncpipe.async_stages = array<i64: 0>}
      %r = memref.load %acc[%c0] : memref<1xf32>
      memref.store %r, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
