// TVM async pipeline RFC, two async producers of one stage interleaved with their consumer: PTX-style copy queue 0 + commit 0, and wait_queue 0, 5.
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

!row = memref<8xf32, strided<[1], offset: ?>, 3>

func.func private @compute(!row, !row)

// CHECK-LABEL: func.func @interleaved
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<8xf32>, %[[B:[a-z0-9_]+]]: memref<8xf32>, %[[AS:[a-z0-9_]+]]: memref<4x8xf32, 3>, %[[BS:[a-z0-9_]+]]: memref<4x8xf32, 3>)
func.func @interleaved(%A: memref<8xf32>, %B: memref<8xf32>,
                       %As: memref<4x8xf32, 3>, %Bs: memref<4x8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c13 = arith.constant 13 : index
  // CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
  // CHECK-NEXT: %[[N:.*]] = arith.addi %[[I]], %{{.*}} : index
  // CHECK-NEXT: %[[W:.*]] = arith.remui %[[N]], %{{.*}} : index
  // CHECK-NEXT: %[[ASW:.*]] = memref.subview %[[AS]][%[[W]], 0] [1, 8] [1, 1]
  // CHECK-NEXT: asyncpipe.copy %[[A]], %[[ASW]] queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>, 3>
  // CHECK-NEXT: asyncpipe.commit 0
  // CHECK-NEXT: asyncpipe.wait_queue 0, 5
  // CHECK-NEXT: %[[R:.*]] = arith.remui %[[I]], %{{.*}} : index
  // CHECK-NEXT: %[[ASR:.*]] = memref.subview %[[AS]][%[[R]], 0] [1, 8] [1, 1]
  // CHECK-NEXT: %[[BSR:.*]] = memref.subview %[[BS]][%[[R]], 0] [1, 8] [1, 1]
  // CHECK-NEXT: func.call @compute(%[[ASR]], %[[BSR]])
  // CHECK-NEXT: %[[BSW:.*]] = memref.subview %[[BS]][%[[W]], 0] [1, 8] [1, 1]
  // CHECK-NEXT: asyncpipe.copy %[[B]], %[[BSW]] queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>, 3>
  // CHECK-NEXT: asyncpipe.commit 0
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c13 step %c1 {
    %n = arith.addi %i, %c3 : index
    %w = arith.remui %n, %c4 : index
    %asw = memref.subview %As[%w, 0] [1, 8] [1, 1] : memref<4x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    asyncpipe.copy %A, %asw queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>, 3>
    asyncpipe.commit 0
    asyncpipe.wait_queue 0, 5
    %r = arith.remui %i, %c4 : index
    %asr = memref.subview %As[%r, 0] [1, 8] [1, 1] : memref<4x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    %bsr = memref.subview %Bs[%r, 0] [1, 8] [1, 1] : memref<4x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    func.call @compute(%asr, %bsr) : (memref<8xf32, strided<[1], offset: ?>, 3>, memref<8xf32, strided<[1], offset: ?>, 3>) -> ()
    %bsw = memref.subview %Bs[%w, 0] [1, 8] [1, 1] : memref<4x8xf32, 3> to memref<8xf32, strided<[1], offset: ?>, 3>
    asyncpipe.copy %B, %bsw queue 0 : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>, 3>
    asyncpipe.commit 0
  }
  return
}
