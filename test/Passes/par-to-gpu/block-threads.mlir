// par-to-gpu with a block-mapped foreach_thread holding thread-mapped ones:
// the document's cooperative staging on a GPU. Each block (one per slab of
// a) has a workgroup tile; in the first inner op thread t copies row t of
// the slab into it asynchronously and waits for its copy; in the second,
// thread t sums row t + 1 of the tile, which thread t + 1 copied. The
// block level holds only the workgroup allocation; each inner op becomes
// code on gpu.thread_id x followed by a gpu.barrier.
// RUN: asyncpipe-opt %s --par-verify-disjoint --par-to-gpu | FileCheck %s
// The thread ids feed the block-scope thread model: verify-sync proves the
// kernel, because thread t + 1's wait comes before the barrier.
// RUN: asyncpipe-opt %s --par-to-gpu --asyncpipe-verify-sync -o /dev/null
// With the wait moved into the second op (before the read), each thread
// waits only for its own copy: the row it reads is thread t + 1's, whose
// wait no barrier follows before the read, and verify-sync says so...
// RUN: sed -e '/WAIT-HERE/d' -e 's|// LATE-WAIT: ||' %s | asyncpipe-opt --par-to-gpu | not asyncpipe-opt --asyncpipe-verify-sync 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait that completed the write there
// ...while reading the thread's own row t with the wait there is fine.
// RUN: sed -e '/WAIT-HERE/d' -e 's|// LATE-WAIT: ||' -e 's|%%next = arith.remui %%t1, %%c32 : index|%%next = arith.addi %%t, %%c0 : index|' %s | asyncpipe-opt --par-to-gpu --asyncpipe-verify-sync -o /dev/null

// CHECK-LABEL: func.func @rows
// CHECK: gpu.launch_func @par_kernels::@rows_par_kernel_0 blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})
// CHECK: gpu.func @rows_par_kernel_0(%{{.*}}: memref<4x32x8xf32>, %{{.*}}: memref<4x32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>}
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[TILE:.*]] = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
// CHECK: %[[T1:.*]] = gpu.thread_id x
// CHECK: asyncpipe.copy
// CHECK: asyncpipe.wait_queue 0, 0
// CHECK-NEXT: gpu.barrier
// CHECK: %[[T2:.*]] = gpu.thread_id x
// CHECK: memref.load %[[TILE]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[BID]], %[[T2]]]
// CHECK: gpu.barrier
// CHECK-NEXT: gpu.return

func.func @rows(%a: memref<4x32x8xf32>, %out: memref<4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  par.foreach_thread (%b) in (%c4) mapping = [#gpu.block<x>] {
    %tile = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
    par.foreach_thread (%t) in (%c32) mapping = [#gpu.thread<x>] {
      %src = memref.subview %a[%b, %t, 0] [1, 1, 8] [1, 1, 1] : memref<4x32x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      %dst = memref.subview %tile[%t, 0] [1, 8] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      asyncpipe.commit_queue 0 {
        asyncpipe.copy %src, %dst : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      }
      asyncpipe.wait_queue 0, 0 // WAIT-HERE
    }
    par.foreach_thread (%t) in (%c32) mapping = [#gpu.thread<x>] {
      // LATE-WAIT: asyncpipe.wait_queue 0, 0
      %t1 = arith.addi %t, %c1 : index
      %next = arith.remui %t1, %c32 : index
      %sum = scf.for %j = %c0 to %c8 step %c1 iter_args(%s = %zero) -> (f32) {
        %v = memref.load %tile[%next, %j] : memref<32x8xf32, #gpu.address_space<workgroup>>
        %s2 = arith.addf %s, %v : f32
        scf.yield %s2 : f32
      }
      memref.store %sum, %out[%b, %t] : memref<4x32xf32>
    }
  }
  return
}
