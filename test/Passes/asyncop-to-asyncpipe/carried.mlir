// A chain carried across loop iterations (the form asyncop-schedule's
// rotation makes, written by hand here with two tile buffers: iteration k
// copies tile k + 1 into buffer (k + 1) mod 2 while it reads buffer k mod 2):
// asyncop-to-asyncpipe carries the copy's group through the loop and waits
// for it at each done; token-to-count recounts, verify-sync proves it, and
// the kernel goes to PTX (Target/PTX/asyncop.mlir).
// RUN: asyncpipe-opt %s --asyncop-to-asyncpipe | FileCheck %s
// RUN: asyncpipe-opt %s --asyncop-to-asyncpipe --asyncpipe-token-to-count --asyncpipe-verify-sync -o /dev/null
// RUN: not asyncpipe-opt %s --asyncop-unwrap 2>&1 | FileCheck %s --check-prefix=UNWRAP
// UNWRAP: error: asyncop-unwrap: this chain is carried across loop iterations (a rotated loop); its done runs in a later iteration, where the operands bound here are gone
// CHECK-LABEL: gpu.func @stream
// CHECK: %[[T0:.*]] = asyncpipe.copy
// CHECK-NEXT: %[[G0:.*]] = asyncpipe.commit_group queue 0 (%[[T0]])
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[G:.*]] = %[[G0]]) -> (f32, !asyncpipe.group)
// CHECK: %[[TN:.*]] = asyncpipe.copy
// CHECK-NEXT: %[[GN:.*]] = asyncpipe.commit_group queue 0 (%[[TN]])
// CHECK-NEXT: asyncpipe.wait %[[G]]
// CHECK: scf.yield %{{.*}}, %[[GN]] : f32, !asyncpipe.group
// CHECK: asyncpipe.wait
// CHECK-NOT: asyncop.
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
        %dst = memref.subview %tiles[%next, %t, 0] [1, 1, 8] [1, 1, 1] : memref<2x128x8xf32, #gpu.address_space<workgroup>> to memref<8xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
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
