// TVM async pipeline RFC, 2-stage loop with an async first stage (counting form: commit_queue / async_scope / wait_queue in scf.for).
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

// for i in range(16): B[0] = A[i] + 1; C[i] = B[0] + 1
// pipelined with software_pipeline_stage = [0, 1], async_stages = [0]:
//
//   async_commit_queue(0): async_scope: B[0] = A[0] + 1
//   for i in range(15):
//     async_commit_queue(0): async_scope: B[(i + 1) % 2] = A[i + 1] + 1
//     async_wait_queue(0, 1): C[i] = B[i % 2] + 1
//   async_wait_queue(0, 0): C[15] = B[1] + 1

// CHECK-LABEL: func.func @two_stage
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<16xf32>, %[[C:[a-z0-9_]+]]: memref<16xf32>)
func.func @two_stage(%A: memref<16xf32>, %C: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c15 = arith.constant 15 : index
  %one = arith.constant 1.0 : f32
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
  // CHECK-DAG: %[[C15:.*]] = arith.constant 15 : index
  // CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
  // CHECK: %[[B:.*]] = memref.alloc() : memref<2xf32, 3>
  %B = memref.alloc() : memref<2xf32, 3>

  // Prologue.
  // CHECK: asyncpipe.commit_queue 0 {
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: %[[P:.*]] = memref.load %[[A]][%[[C0]]] : memref<16xf32>
  // CHECK-NEXT: %[[PV:.*]] = arith.addf %[[P]], %[[ONE]] : f32
  // CHECK-NEXT: memref.store %[[PV]], %[[B]][%[[C0]]] : memref<2xf32, 3>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  asyncpipe.commit_queue 0 {
    asyncpipe.async_scope {
      %a = memref.load %A[%c0] : memref<16xf32>
      %v = arith.addf %a, %one : f32
      memref.store %v, %B[%c0] : memref<2xf32, 3>
    }
  }

  // Body.
  // CHECK-NEXT: scf.for %[[I:.*]] = %[[C0]] to %[[C15]] step %[[C1]] {
  // CHECK-NEXT: asyncpipe.commit_queue 0 {
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
  // CHECK-NEXT: %[[SLOT:.*]] = arith.remui %[[NEXT]], %[[C2]] : index
  // CHECK-NEXT: %[[X:.*]] = memref.load %[[A]][%[[NEXT]]] : memref<16xf32>
  // CHECK-NEXT: %[[XV:.*]] = arith.addf %[[X]], %[[ONE]] : f32
  // CHECK-NEXT: memref.store %[[XV]], %[[B]][%[[SLOT]]] : memref<2xf32, 3>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: asyncpipe.wait_queue 0, 1
  // CHECK-NEXT: %[[CUR:.*]] = arith.remui %[[I]], %[[C2]] : index
  // CHECK-NEXT: %[[Y:.*]] = memref.load %[[B]][%[[CUR]]] : memref<2xf32, 3>
  // CHECK-NEXT: %[[YV:.*]] = arith.addf %[[Y]], %[[ONE]] : f32
  // CHECK-NEXT: memref.store %[[YV]], %[[C]][%[[I]]] : memref<16xf32>
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c15 step %c1 {
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %next = arith.addi %i, %c1 : index
        %slot = arith.remui %next, %c2 : index
        %a = memref.load %A[%next] : memref<16xf32>
        %v = arith.addf %a, %one : f32
        memref.store %v, %B[%slot] : memref<2xf32, 3>
      }
    }
    asyncpipe.wait_queue 0, 1
    %cur = arith.remui %i, %c2 : index
    %b = memref.load %B[%cur] : memref<2xf32, 3>
    %w = arith.addf %b, %one : f32
    memref.store %w, %C[%i] : memref<16xf32>
  }

  // Epilogue.
  // CHECK-NEXT: asyncpipe.wait_queue 0, 0
  // CHECK-NEXT: %[[E:.*]] = memref.load %[[B]][%[[C1]]] : memref<2xf32, 3>
  // CHECK-NEXT: %[[EV:.*]] = arith.addf %[[E]], %[[ONE]] : f32
  // CHECK-NEXT: memref.store %[[EV]], %[[C]][%[[C15]]] : memref<16xf32>
  // CHECK-NEXT: memref.dealloc %[[B]]
  asyncpipe.wait_queue 0, 0
  %e = memref.load %B[%c1] : memref<2xf32, 3>
  %ev = arith.addf %e, %one : f32
  memref.store %ev, %C[%c15] : memref<16xf32>
  memref.dealloc %B : memref<2xf32, 3>
  return
}
