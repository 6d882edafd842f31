// asyncpipe.copy to nvgpu.device_async_copy: the chunk size, unrolled chunks
// and loops, and partial tiles (zero_fill). The second RUN executes the
// lowered copies on the CPU (asyncpipe-lower-sequential runs each cp.async as
// loads and stores, zero-filling past srcElements).
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu --canonicalize | FileCheck %s
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu=max-copy-bytes=8 --canonicalize | FileCheck %s --check-prefix=MAX8
// RUN: asyncpipe-opt %s --asyncpipe-to-nvgpu=bypass-l1=false --canonicalize | FileCheck %s --check-prefix=NOBYPASS

// A 4x8 f32 tile: two 16-byte chunks per row, unrolled, named by the group.
// CHECK-LABEL: func.func @full_tile
// CHECK-COUNT-8: nvgpu.device_async_copy {{.*}}, 4 {bypassL1}
// CHECK: nvgpu.device_async_create_group %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// NOBYPASS-LABEL: func.func @full_tile
// NOBYPASS-COUNT-8: nvgpu.device_async_copy {{.*}}, 4 : memref<4x8xf32
// MAX8-LABEL: func.func @full_tile
// MAX8-COUNT-16: nvgpu.device_async_copy {{.*}}, 2 :
func.func @full_tile(%src: memref<6x12xf32>, %dst: memref<4x8xf32, 3>) {
  %tile = memref.subview %src[0, 0] [4, 8] [1, 1] : memref<6x12xf32> to memref<4x8xf32, strided<[12, 1]>>
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %tile, %dst : memref<4x8xf32, strided<[12, 1]>> to memref<4x8xf32, 3>
  }
  asyncpipe.wait_queue 0, 0
  return
}

// A tile at column 2 of rows 48 bytes apart is only 8-byte aligned: 8-byte chunks.
// CHECK-LABEL: func.func @row_alignment
// CHECK-COUNT-4: nvgpu.device_async_copy {{.*}}, 2 :
// CHECK-NOT: nvgpu.device_async_copy
func.func @row_alignment(%src: memref<6x12xf32>, %dst: memref<2x4xf32, 3>) {
  %tile = memref.subview %src[1, 2] [2, 4] [1, 1] : memref<6x12xf32> to memref<2x4xf32, strided<[12, 1], offset: 14>>
  asyncpipe.copy %tile, %dst queue 0 : memref<2x4xf32, strided<[12, 1], offset: 14>> to memref<2x4xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return
}

// f16 rows of 4 (8 bytes): one 8-byte chunk per row; i8 rows of 4: 4 bytes.
// CHECK-LABEL: func.func @narrow_elements
// CHECK-COUNT-2: nvgpu.device_async_copy {{.*}}, 4 : memref<2x4xf16> to memref<2x4xf16, 3>
// CHECK-COUNT-2: nvgpu.device_async_copy {{.*}}, 4 : memref<2x4xi8> to memref<2x4xi8, 3>
func.func @narrow_elements(%h: memref<2x4xf16>, %hs: memref<2x4xf16, 3>, %b: memref<2x4xi8>, %bs: memref<2x4xi8, 3>) {
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %h, %hs : memref<2x4xf16> to memref<2x4xf16, 3>
    asyncpipe.copy %b, %bs : memref<2x4xi8> to memref<2x4xi8, 3>
  }
  asyncpipe.wait_queue 0, 0
  return
}

// A 64x32 f32 tile is 512 chunks: a loop nest, stepping by a chunk. The
// chunks' tokens stay inside the loops, so the group names none of them: it
// is the NVVM commit itself (nvgpu's create_group without tokens does not
// parse back).
// CHECK-LABEL: func.func @large_tile
// CHECK: scf.for %[[R:.*]] = %c0 to %c64 step %c1
// CHECK:   scf.for %[[C:.*]] = %c0 to %c32 step %c4
// CHECK:     nvgpu.device_async_copy %{{.*}}[%[[R]], %[[C]]], %{{.*}}[%[[R]], %[[C]]], 4 {bypassL1}
// CHECK: nvvm.cp.async.commit.group
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
func.func @large_tile(%src: memref<64x32xf32>, %dst: memref<64x32xf32, 3>) {
  asyncpipe.commit_queue 0 {
    asyncpipe.copy %src, %dst : memref<64x32xf32> to memref<64x32xf32, 3>
  }
  asyncpipe.wait_queue 0, 0
  return
}

// A partial tile: every chunk names how many of its elements exist
// (srcElements); the run below checks the values, including a chunk that is
// half in the source.
// CHECK-LABEL: func.func @partial_tile
// CHECK-COUNT-8: nvgpu.device_async_copy {{.*}}, 4, %{{.*}} {bypassL1}
// CHECK-NOT: nvgpu.device_async_copy
func.func @partial_tile(%part: memref<?x?xf32, strided<[12, 1], offset: ?>>, %dst: memref<4x8xf32, 3>) {
  asyncpipe.copy %part, %dst zero_fill queue 0 : memref<?x?xf32, strided<[12, 1], offset: ?>> to memref<4x8xf32, 3>
  asyncpipe.commit 0
  asyncpipe.wait_queue 0, 0
  return
}

func.func private @printMemrefF32(memref<*xf32>)

// EXEC: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [4, 8]
// EXEC-NEXT: [0,   1,   2,   3,   4,   5,   6,   7]
// EXEC-NEXT: [10,   11,   12,   13,   14,   15,   16,   17]
// EXEC-NEXT: [20,   21,   22,   23,   24,   25,   26,   27]
// EXEC-NEXT: [30,   31,   32,   33,   34,   35,   36,   37]
// EXEC: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [2, 4]
// EXEC-NEXT: [12,   13,   14,   15]
// EXEC-NEXT: [22,   23,   24,   25]
// EXEC: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [4, 8]
// EXEC-NEXT: [44,   45,   46,   47,   48,   49,   0,   0]
// EXEC-NEXT: [54,   55,   56,   57,   58,   59,   0,   0]
// EXEC-NEXT: [0,   0,   0,   0,   0,   0,   0,   0]
// EXEC-NEXT: [0,   0,   0,   0,   0,   0,   0,   0]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %src = memref.alloc() : memref<6x12xf32>
  scf.for %r = %c0 to %c6 step %c1 {
    scf.for %c = %c0 to %c12 step %c1 {
      %v = arith.muli %r, %c10 : index
      %w = arith.addi %v, %c : index
      %i = arith.index_cast %w : index to i32
      %f = arith.sitofp %i : i32 to f32
      memref.store %f, %src[%r, %c] : memref<6x12xf32>
    }
  }
  %nan = arith.constant 0x7FC00000 : f32
  %s1 = memref.alloc() : memref<4x8xf32, 3>
  %s2 = memref.alloc() : memref<2x4xf32, 3>
  %s3 = memref.alloc() : memref<4x8xf32, 3>
  linalg.fill ins(%nan : f32) outs(%s3 : memref<4x8xf32, 3>)
  call @full_tile(%src, %s1) : (memref<6x12xf32>, memref<4x8xf32, 3>) -> ()
  call @row_alignment(%src, %s2) : (memref<6x12xf32>, memref<2x4xf32, 3>) -> ()
  %part = memref.subview %src[4, 4] [2, 6] [1, 1] : memref<6x12xf32> to memref<2x6xf32, strided<[12, 1], offset: 52>>
  %dyn = memref.cast %part : memref<2x6xf32, strided<[12, 1], offset: 52>> to memref<?x?xf32, strided<[12, 1], offset: ?>>
  call @partial_tile(%dyn, %s3) : (memref<?x?xf32, strided<[12, 1], offset: ?>>, memref<4x8xf32, 3>) -> ()
  %o1 = memref.alloc() : memref<4x8xf32>
  %o2 = memref.alloc() : memref<2x4xf32>
  %o3 = memref.alloc() : memref<4x8xf32>
  memref.copy %s1, %o1 : memref<4x8xf32, 3> to memref<4x8xf32>
  memref.copy %s2, %o2 : memref<2x4xf32, 3> to memref<2x4xf32>
  memref.copy %s3, %o3 : memref<4x8xf32, 3> to memref<4x8xf32>
  %u1 = memref.cast %o1 : memref<4x8xf32> to memref<*xf32>
  %u2 = memref.cast %o2 : memref<2x4xf32> to memref<*xf32>
  %u3 = memref.cast %o3 : memref<4x8xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  return
}
