// An asyncop chain is synchronized by its done: asyncpipe-synchronize
// leaves the op an asyncop.start wraps alone (it took the wrapped copy into
// workgroup memory for an unguarded group of its own and put a block
// barrier in the start's region, which must hold that op alone: IR that did
// not verify, fuzzer seed 7000). The chain then lowers and is proven as
// before (asyncop-to-asyncpipe/carried.mlir).
// RUN: asyncpipe-opt %s --asyncpipe-synchronize | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-synchronize | asyncpipe-opt --asyncop-to-asyncpipe --asyncpipe-token-to-count --asyncpipe-verify-sync -o /dev/null
// CHECK-NOT: gpu.barrier
// CHECK: asyncop.start
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.copy
// CHECK-NEXT: asyncop.yield
!h = !asyncop.handle<(memref<8xf32, strided<[1], offset: ?>>, memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>), (), none>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stream(%g: memref<16x128x8xf32>, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c15 = arith.constant 15 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %tiles = memref.alloc() : memref<2x128x8xf32, #gpu.address_space<workgroup>>
      %src0 = memref.subview %g[0, %t, 0] [1, 1, 8] [1, 1, 1] : memref<16x128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      %dst0 = memref.subview %tiles[0, %t, 0] [1, 1, 8] [1, 1, 1] : memref<2x128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      %h0 = asyncop.start (%src0, %dst0) wraps {
      ^bb0(%p: memref<8xf32, strided<[1], offset: ?>>, %q: memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>):
        memref.copy %p, %q : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        asyncop.yield
      } : (memref<8xf32, strided<[1], offset: ?>>, memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>) -> !h
      %r:2 = scf.for %k = %c0 to %c15 step %c1 iter_args(%acc = %zero, %h = %h0) -> (f32, !h) {
        %k1 = arith.addi %k, %c1 : index
        %next = arith.remui %k1, %c2 : index
        %src = memref.subview %g[%k1, %t, 0] [1, 1, 8] [1, 1, 1] : memref<16x128x8xf32> to memref<8xf32, strided<[1], offset: ?>>
        %dst = memref.subview %tiles[%next, %t, 0] [1, 1, 8] [1, 1, 1] {asyncpipe.stage = 4611686018427387904, asyncpipe.order = 3} : memref<2x128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
        %hn = asyncop.start (%src, %dst) wraps {
        ^bb0(%p: memref<8xf32, strided<[1], offset: ?>>, %q: memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>):
          memref.copy %p, %q : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
          asyncop.yield
        } : (memref<8xf32, strided<[1], offset: ?>>, memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>) -> !h
        asyncop.done %h : (!h) -> ()
        %slot = arith.remui %k, %c2 : index
        %s = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %acc) -> (f32) {
          %v = memref.load %tiles[%slot, %t, %j] : memref<2x128x8xf32, #gpu.address_space<workgroup>>
          %a2 = arith.addf %a, %v : f32
          scf.yield %a2 : f32
        }
        scf.yield %s, %hn : f32, !h
      }
      asyncop.done %r#1 : (!h) -> ()
      %s = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %r#0) -> (f32) {
        %v = memref.load %tiles[%c1, %t, %j] : memref<2x128x8xf32, #gpu.address_space<workgroup>>
        %a2 = arith.addf %a, %v : f32
        scf.yield %a2 : f32
      }
      memref.store %s, %out[%t] : memref<128xf32>
      gpu.return
    }
  }
}
