// The seed's multi-stage GEMM (tvm-async-pipeline-rfc, "Multi-stage pipelined
// GEMM"): shared-memory tiles of A and B are 4x multi-buffered and copied
// asynchronously on queue 0; shared-to-local copies are double-buffered.
// 128 K-tiles: 3 issued by the prologue, 125 by the body; the epilogue is
// unrolled with TVM's in-flight counts 2 - i and 1 - i.
func.func @gemm(%A: memref<16x2048xf32>, %B: memref<2048x16xf32>,
                %C: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c125 = arith.constant 125 : index
  %A_shared = memref.alloc() : memref<4x16x16xf32, 3>
  %B_shared = memref.alloc() : memref<4x16x16xf32, 3>
  %A_local = memref.alloc() : memref<2x16x16xf32>
  %B_local = memref.alloc() : memref<2x16x16xf32>

  // Prologue: issue K-tiles 0, 1, 2; load tile 0 into registers.
  scf.for %i = %c0 to %c3 step %c1 {
    %k = arith.muli %i, %c16 : index
    %ga = memref.subview %A[0, %k] [16, 16] [1, 1] : memref<16x2048xf32> to memref<16x16xf32, strided<[2048, 1], offset: ?>>
    %gb = memref.subview %B[%k, 0] [16, 16] [1, 1] : memref<2048x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
    %sa = memref.subview %A_shared[%i, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
    %sb = memref.subview %B_shared[%i, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %ga, %sa : memref<16x16xf32, strided<[2048, 1], offset: ?>> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
      asyncpipe.copy %gb, %sb : memref<16x16xf32, strided<[16, 1], offset: ?>> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
    }
  }
  asyncpipe.wait_queue 0, 2
  %sa0 = memref.subview %A_shared[%c0, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
  %la0 = memref.subview %A_local[%c0, 0, 0] [1, 16, 16] [1, 1, 1] : memref<2x16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
  memref.copy %sa0, %la0 : memref<16x16xf32, strided<[16, 1], offset: ?>, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>>
  %sb0 = memref.subview %B_shared[%c0, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
  %lb0 = memref.subview %B_local[%c0, 0, 0] [1, 16, 16] [1, 1, 1] : memref<2x16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
  memref.copy %sb0, %lb0 : memref<16x16xf32, strided<[16, 1], offset: ?>, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>>

  %la1 = memref.subview %A_local[%c1, 0, 0] [1, 16, 16] [1, 1, 1] : memref<2x16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
  %lb1 = memref.subview %B_local[%c1, 0, 0] [1, 16, 16] [1, 1, 1] : memref<2x16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>

  // Body: issue tile i + 3, consume tiles i and i + 1.
  scf.for %i = %c0 to %c125 step %c1 {
    %i3 = arith.addi %i, %c3 : index
    %k = arith.muli %i3, %c16 : index
    %slot = arith.remui %i3, %c4 : index
    %ga = memref.subview %A[0, %k] [16, 16] [1, 1] : memref<16x2048xf32> to memref<16x16xf32, strided<[2048, 1], offset: ?>>
    %gb = memref.subview %B[%k, 0] [16, 16] [1, 1] : memref<2048x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
    %sa = memref.subview %A_shared[%slot, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
    %sb = memref.subview %B_shared[%slot, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %ga, %sa : memref<16x16xf32, strided<[2048, 1], offset: ?>> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
      asyncpipe.copy %gb, %sb : memref<16x16xf32, strided<[16, 1], offset: ?>> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
    }
    // in-flight count = producer head - consumer head = (i + 3) - (i + 1)
    asyncpipe.wait_queue 0, 2
    %i1 = arith.addi %i, %c1 : index
    %s1 = arith.remui %i1, %c4 : index
    %sa1 = memref.subview %A_shared[%s1, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
    %sb1 = memref.subview %B_shared[%s1, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
    memref.copy %sa1, %la1 : memref<16x16xf32, strided<[16, 1], offset: ?>, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %sb1, %lb1 : memref<16x16xf32, strided<[16, 1], offset: ?>, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>>
    linalg.matmul ins(%la0, %lb0 : memref<16x16xf32, strided<[16, 1], offset: ?>>, memref<16x16xf32, strided<[16, 1], offset: ?>>) outs(%C : memref<16x16xf32>)
    memref.copy %la1, %la0 : memref<16x16xf32, strided<[16, 1], offset: ?>> to memref<16x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %lb1, %lb0 : memref<16x16xf32, strided<[16, 1], offset: ?>> to memref<16x16xf32, strided<[16, 1], offset: ?>>
  }

  // Epilogue, unrolled: tiles 125, 126, 127 are still in flight.
  // i = 0: compute tile 125 (in registers), then load tile 126 from slot 2:
  // in-flight counts 127 - 125 = 2, then 127 - 126 = 1.
  asyncpipe.wait_queue 0, 2
  linalg.matmul ins(%la0, %lb0 : memref<16x16xf32, strided<[16, 1], offset: ?>>, memref<16x16xf32, strided<[16, 1], offset: ?>>) outs(%C : memref<16x16xf32>)
  asyncpipe.wait_queue 0, 1
  %sa126 = memref.subview %A_shared[%c2, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
  memref.copy %sa126, %la0 : memref<16x16xf32, strided<[16, 1], offset: ?>, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>>
  %sb126 = memref.subview %B_shared[%c2, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
  memref.copy %sb126, %lb0 : memref<16x16xf32, strided<[16, 1], offset: ?>, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>>
  // i = 1: compute tile 126, load tile 127 from slot 3: counts 1 and 0.
  asyncpipe.wait_queue 0, 1
  linalg.matmul ins(%la0, %lb0 : memref<16x16xf32, strided<[16, 1], offset: ?>>, memref<16x16xf32, strided<[16, 1], offset: ?>>) outs(%C : memref<16x16xf32>)
  asyncpipe.wait_queue 0, 0
  %sa127 = memref.subview %A_shared[%c3, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
  memref.copy %sa127, %la0 : memref<16x16xf32, strided<[16, 1], offset: ?>, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>>
  %sb127 = memref.subview %B_shared[%c3, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>, 3>
  memref.copy %sb127, %lb0 : memref<16x16xf32, strided<[16, 1], offset: ?>, 3> to memref<16x16xf32, strided<[16, 1], offset: ?>>
  // i = 2: compute tile 127: count 0.
  asyncpipe.wait_queue 0, 0
  linalg.matmul ins(%la0, %lb0 : memref<16x16xf32, strided<[16, 1], offset: ?>>, memref<16x16xf32, strided<[16, 1], offset: ?>>) outs(%C : memref<16x16xf32>)
  memref.dealloc %A_local : memref<2x16x16xf32>
  memref.dealloc %B_local : memref<2x16x16xf32>
  return
}
