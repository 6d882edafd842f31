// TVM async pipeline RFC, GEMM with 4x multi-buffered async copies to shared memory (counting form, constant and computed in-flight counts).
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

!tile = memref<16x16xf16, strided<[16, 1], offset: ?>>
!stile = memref<16x16xf16, strided<[16, 1], offset: ?>, 3>

func.func private @compute(!stile, !stile)

// CHECK-LABEL: func.func @gemm
// CHECK-SAME: (%[[GA:[a-z0-9_]+]]: memref<128x16x16xf16>, %[[GB:[a-z0-9_]+]]: memref<128x16x16xf16>)
func.func @gemm(%gA: memref<128x16x16xf16>, %gB: memref<128x16x16xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c125 = arith.constant 125 : index
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
  // CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
  // CHECK-DAG: %[[C125:.*]] = arith.constant 125 : index
  // CHECK: %[[SA:.*]] = memref.alloc() : memref<4x16x16xf16, 3>
  // CHECK-NEXT: %[[SB:.*]] = memref.alloc() : memref<4x16x16xf16, 3>
  %sA = memref.alloc() : memref<4x16x16xf16, 3>
  %sB = memref.alloc() : memref<4x16x16xf16, 3>

  // Prologue: three stages in flight, A and B copies of a stage as one group.
  // CHECK-NEXT: scf.for %[[P:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
  // CHECK-NEXT: %[[PA:.*]] = memref.subview %[[GA]][%[[P]], 0, 0] [1, 16, 16] [1, 1, 1]
  // CHECK-NEXT: %[[PB:.*]] = memref.subview %[[GB]][%[[P]], 0, 0] [1, 16, 16] [1, 1, 1]
  // CHECK-NEXT: %[[PSA:.*]] = memref.subview %[[SA]][%[[P]], 0, 0] [1, 16, 16] [1, 1, 1]
  // CHECK-NEXT: %[[PSB:.*]] = memref.subview %[[SB]][%[[P]], 0, 0] [1, 16, 16] [1, 1, 1]
  // CHECK-NEXT: asyncpipe.commit_queue 0 {
  // CHECK-NEXT: asyncpipe.copy %[[PA]], %[[PSA]] : memref<16x16xf16, strided<[16, 1], offset: ?>> to memref<16x16xf16, strided<[16, 1], offset: ?>, 3>
  // CHECK-NEXT: asyncpipe.copy %[[PB]], %[[PSB]] : memref<16x16xf16, strided<[16, 1], offset: ?>> to memref<16x16xf16, strided<[16, 1], offset: ?>, 3>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c3 step %c1 {
    %a = memref.subview %gA[%i, 0, 0] [1, 16, 16] [1, 1, 1] : memref<128x16x16xf16> to !tile
    %b = memref.subview %gB[%i, 0, 0] [1, 16, 16] [1, 1, 1] : memref<128x16x16xf16> to !tile
    %sa = memref.subview %sA[%i, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf16, 3> to !stile
    %sb = memref.subview %sB[%i, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf16, 3> to !stile
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %sa : !tile to !stile
      asyncpipe.copy %b, %sb : !tile to !stile
    }
  }

  // Body: producer head i + 3, consumer head i, so at most 2 groups of the
  // older iterations may stay in flight (async_wait_queue(0, 2)).
  // CHECK-NEXT: scf.for %[[I:.*]] = %[[C0]] to %[[C125]] step %[[C1]] {
  // CHECK-NEXT: %[[N:.*]] = arith.addi %[[I]], %[[C3]] : index
  // CHECK-NEXT: %[[W:.*]] = arith.remui %[[N]], %{{.*}} : index
  // CHECK-NEXT: %[[A:.*]] = memref.subview %[[GA]][%[[N]], 0, 0]
  // CHECK-NEXT: %[[SAW:.*]] = memref.subview %[[SA]][%[[W]], 0, 0]
  // CHECK-NEXT: asyncpipe.commit_queue 0 {
  // CHECK-NEXT: asyncpipe.copy %[[A]], %[[SAW]] :
  // CHECK-NEXT: }
  // CHECK-NEXT: asyncpipe.wait_queue 0, 2
  // CHECK-NEXT: %[[R:.*]] = arith.remui %[[I]], %{{.*}} : index
  // CHECK-NEXT: %[[SAR:.*]] = memref.subview %[[SA]][%[[R]], 0, 0]
  // CHECK-NEXT: %[[SBR:.*]] = memref.subview %[[SB]][%[[R]], 0, 0]
  // CHECK-NEXT: func.call @compute(%[[SAR]], %[[SBR]])
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c125 step %c1 {
    %n = arith.addi %i, %c3 : index
    %w = arith.remui %n, %c4 : index
    %a = memref.subview %gA[%n, 0, 0] [1, 16, 16] [1, 1, 1] : memref<128x16x16xf16> to !tile
    %sa = memref.subview %sA[%w, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf16, 3> to !stile
    asyncpipe.commit_queue 0 {
      asyncpipe.copy %a, %sa : !tile to !stile
    }
    asyncpipe.wait_queue 0, 2
    %r = arith.remui %i, %c4 : index
    %ra = memref.subview %sA[%r, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf16, 3> to !stile
    %rb = memref.subview %sB[%r, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf16, 3> to !stile
    func.call @compute(%ra, %rb) : (!stile, !stile) -> ()
  }

  // Epilogue: no producer; in-flight count 127 - (i + 125) = 2 - i.
  // CHECK-NEXT: scf.for %[[E:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
  // CHECK-NEXT: %[[K:.*]] = arith.subi %[[C2]], %[[E]] : index
  // CHECK-NEXT: asyncpipe.wait_queue 0, %[[K]]
  // CHECK: func.call @compute
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c3 step %c1 {
    %k = arith.subi %c2, %i : index
    asyncpipe.wait_queue 0, %k
    %r = arith.remui %i, %c4 : index
    %ra = memref.subview %sA[%r, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf16, 3> to !stile
    %rb = memref.subview %sB[%r, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf16, 3> to !stile
    func.call @compute(%ra, %rb) : (!stile, !stile) -> ()
  }
  return
}
