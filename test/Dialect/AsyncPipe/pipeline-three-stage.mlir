// TVM async pipeline RFC, 3-stage loop whose first two stages are async on queues 0 and 1 (stage 1 both consumes and produces).
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s

// for i in range(16): B[0] = A[i] + 1; C[0] = B[0] + 1; D[i] = C[0] + 1
// with stages [0, 1, 2] and async_stages [0, 1].

// CHECK-LABEL: func.func @three_stage
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<16xf32>, %[[D:[a-z0-9_]+]]: memref<16xf32>)
func.func @three_stage(%A: memref<16xf32>, %D: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %one = arith.constant 1.0 : f32
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
  // CHECK-DAG: %[[C14:.*]] = arith.constant 14 : index
  // CHECK: %[[B:.*]] = memref.alloc() : memref<2xf32, 3>
  // CHECK-NEXT: %[[C:.*]] = memref.alloc() : memref<2xf32, 3>
  %B = memref.alloc() : memref<2xf32, 3>
  %C = memref.alloc() : memref<2xf32, 3>

  // Prologue: for i in range(2).
  // CHECK-NEXT: scf.for %[[PI:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
  // CHECK-NEXT: asyncpipe.commit_queue 0 {
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: %[[PS:.*]] = arith.remui %[[PI]], %[[C2]]
  // CHECK-NEXT: memref.load %[[A]][%[[PI]]]
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: memref.store %{{.*}}, %[[B]][%[[PS]]]
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[GE:.*]] = arith.cmpi uge, %[[PI]], %[[C1]] : index
  // CHECK-NEXT: scf.if %[[GE]] {
  // CHECK-NEXT: asyncpipe.commit_queue 1 {
  // CHECK-NEXT: asyncpipe.wait_queue 0, 1
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: %[[PREV:.*]] = arith.subi %[[PI]], %[[C1]]
  // CHECK-NEXT: %[[PS1:.*]] = arith.remui %[[PREV]], %[[C2]]
  // CHECK-NEXT: %[[PB:.*]] = memref.load %[[B]][%[[PS1]]]
  // CHECK-NEXT: %[[PC:.*]] = arith.addf %[[PB]]
  // CHECK-NEXT: memref.store %[[PC]], %[[C]][%[[PS1]]]
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c2 step %c1 {
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %s = arith.remui %i, %c2 : index
        %a = memref.load %A[%i] : memref<16xf32>
        %v = arith.addf %a, %one : f32
        memref.store %v, %B[%s] : memref<2xf32, 3>
      }
    }
    %ge = arith.cmpi uge, %i, %c1 : index
    scf.if %ge {
      asyncpipe.commit_queue 1 {
        asyncpipe.wait_queue 0, 1
        asyncpipe.async_scope {
          %p = arith.subi %i, %c1 : index
          %s = arith.remui %p, %c2 : index
          %b = memref.load %B[%s] : memref<2xf32, 3>
          %v = arith.addf %b, %one : f32
          memref.store %v, %C[%s] : memref<2xf32, 3>
        }
      }
    }
  }

  // Body: for i in range(14), one commit per async stage, one wait per consumer.
  // CHECK-NEXT: scf.for %[[I:.*]] = %[[C0]] to %[[C14]] step %[[C1]] {
  // CHECK-NEXT: asyncpipe.commit_queue 0 {
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: %[[I2:.*]] = arith.addi %[[I]], %[[C2]]
  // CHECK-NEXT: %[[S0:.*]] = arith.remui %[[I2]], %[[C2]]
  // CHECK-NEXT: memref.load %[[A]][%[[I2]]]
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: memref.store %{{.*}}, %[[B]][%[[S0]]]
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: asyncpipe.commit_queue 1 {
  // CHECK-NEXT: asyncpipe.wait_queue 0, 1
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK-NEXT: %[[I1:.*]] = arith.addi %[[I]], %[[C1]]
  // CHECK-NEXT: %[[S1:.*]] = arith.remui %[[I1]], %[[C2]]
  // CHECK-NEXT: memref.load %[[B]][%[[S1]]]
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: memref.store %{{.*}}, %[[C]][%[[S1]]]
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: asyncpipe.wait_queue 1, 1
  // CHECK-NEXT: %[[S2:.*]] = arith.remui %[[I]], %[[C2]]
  // CHECK-NEXT: memref.load %[[C]][%[[S2]]]
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: memref.store %{{.*}}, %[[D]][%[[I]]]
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c14 step %c1 {
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %n = arith.addi %i, %c2 : index
        %s = arith.remui %n, %c2 : index
        %a = memref.load %A[%n] : memref<16xf32>
        %v = arith.addf %a, %one : f32
        memref.store %v, %B[%s] : memref<2xf32, 3>
      }
    }
    asyncpipe.commit_queue 1 {
      asyncpipe.wait_queue 0, 1
      asyncpipe.async_scope {
        %n = arith.addi %i, %c1 : index
        %s = arith.remui %n, %c2 : index
        %b = memref.load %B[%s] : memref<2xf32, 3>
        %v = arith.addf %b, %one : f32
        memref.store %v, %C[%s] : memref<2xf32, 3>
      }
    }
    asyncpipe.wait_queue 1, 1
    %s = arith.remui %i, %c2 : index
    %c = memref.load %C[%s] : memref<2xf32, 3>
    %v = arith.addf %c, %one : f32
    memref.store %v, %D[%i] : memref<16xf32>
  }

  // Epilogue: for i in range(2), the last stage-1 producer is predicated and
  // the final consumer waits with a different in-flight count per iteration.
  // CHECK-NEXT: scf.for %[[EI:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
  // CHECK-NEXT: %[[LT:.*]] = arith.cmpi ult, %[[EI]], %[[C1]] : index
  // CHECK-NEXT: scf.if %[[LT]] {
  // CHECK-NEXT: asyncpipe.commit_queue 1 {
  // CHECK-NEXT: asyncpipe.wait_queue 0, 0
  // CHECK-NEXT: asyncpipe.async_scope {
  // CHECK: memref.store %{{.*}}, %[[C]][%{{.*}}]
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: scf.if %[[LT]] {
  // CHECK-NEXT: asyncpipe.wait_queue 1, 1
  // CHECK-NEXT: } else {
  // CHECK-NEXT: asyncpipe.wait_queue 1, 0
  // CHECK-NEXT: }
  // CHECK: memref.store %{{.*}}, %[[D]][%{{.*}}]
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c2 step %c1 {
    %lt = arith.cmpi ult, %i, %c1 : index
    scf.if %lt {
      asyncpipe.commit_queue 1 {
        asyncpipe.wait_queue 0, 0
        asyncpipe.async_scope {
          %n = arith.addi %i, %c15 : index
          %s = arith.remui %n, %c2 : index
          %b = memref.load %B[%s] : memref<2xf32, 3>
          %v = arith.addf %b, %one : f32
          memref.store %v, %C[%s] : memref<2xf32, 3>
        }
      }
    }
    scf.if %lt {
      asyncpipe.wait_queue 1, 1
    } else {
      asyncpipe.wait_queue 1, 0
    }
    %n = arith.addi %i, %c14 : index
    %s = arith.remui %n, %c2 : index
    %c = memref.load %C[%s] : memref<2xf32, 3>
    %v = arith.addf %c, %one : f32
    memref.store %v, %D[%n] : memref<16xf32>
  }
  return
}
