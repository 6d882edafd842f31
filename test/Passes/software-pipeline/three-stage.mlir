// The seed's three stages of compute where the first two are async: the
// middle stage is both an async consumer (of queue 0) and an async producer
// (on queue 1). As in the seed: wait (0, 1) before stage 1 and (1, 1)
// before stage 2 in the body; the epilogue drains with (0, 0), (1, 1), (1, 0).
// B has 3 versions, not the seed's 2: stage 1 reads it asynchronously, so
// the read of iteration k lasts until its group completes, after stage 0
// of iteration k + 2 has already started writing (the seed's 2 versions
// race there: verify-sync reports that write-after-read race, see
// verify-sync/war-hazards.mlir, and accepts this output).
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-verify-sync | FileCheck %s
// RUN: sed -e 's/@kernel/@reference/' -e 's/asyncpipe.async_stages/unpipelined/' %s > %t.ref.mlir
// RUN: cat %s %t.ref.mlir %S/../../Execution/Inputs/compare-main.mlir | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-verify-sync --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s --check-prefix=EXEC

// EXEC: data =
// EXEC-NEXT: [0, 193]
// EXEC: data =
// EXEC-NEXT: [0, 193]

// CHECK-LABEL: func.func @kernel
// CHECK-DAG: memref.alloc() : memref<3x1xf32>
// CHECK-DAG: memref.alloc() : memref<2x1xf32>
// Prologue: B of iterations 0 and 1, C of iteration 0.
// CHECK: asyncpipe.commit_queue 0 {
// CHECK: asyncpipe.commit_queue 0 {
// CHECK: asyncpipe.commit_queue 1 {
// CHECK-NEXT: asyncpipe.wait_queue 0, 1
// CHECK: asyncpipe.async_scope
// CHECK: scf.for
// CHECK: asyncpipe.commit_queue 0 {
// CHECK: asyncpipe.commit_queue 1 {
// CHECK-NEXT: asyncpipe.wait_queue 0, 1
// CHECK: asyncpipe.wait_queue 1, 1
// CHECK-NOT: asyncpipe.wait_queue
// CHECK: memref.store
// CHECK: }
// Epilogue: stage 1 and 2 of iteration 62, stage 2 of iteration 63.
// CHECK: asyncpipe.commit_queue 1 {
// CHECK-NEXT: asyncpipe.wait_queue 0, 0
// CHECK: asyncpipe.wait_queue 1, 1
// CHECK: asyncpipe.wait_queue 1, 0
// CHECK: return
func.func @kernel(%A: memref<64x8xf32>, %D: memref<64x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %B = memref.alloc() : memref<1xf32>
  %C = memref.alloc() : memref<1xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %a = memref.load %A[%i, %c0] : memref<64x8xf32>
    %a1 = arith.addf %a, %one : f32
    memref.store %a1, %B[%c0] {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<1xf32>
    %b = memref.load %B[%c0] : memref<1xf32>
    %b1 = arith.addf %b, %one : f32
    memref.store %b1, %C[%c0] {asyncpipe.stage = 1, asyncpipe.order = 1} : memref<1xf32>
    %c = memref.load %C[%c0] : memref<1xf32>
    %c1f = arith.addf %c, %one : f32
    memref.store %c1f, %D[%i, %c0] {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<64x8xf32>
  } {asyncpipe.async_stages = array<i64: 0, 1>}
  memref.dealloc %B : memref<1xf32>
  memref.dealloc %C : memref<1xf32>
  return
}
