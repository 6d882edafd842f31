// par-to-async: a group sized for the tasks, one async.execute per thread
// (the ids delinearized from the task number, the last dimension fastest)
// or per chunk of K threads (a loop over the chunk's thread numbers, the
// last chunk cut at the thread count), each added to the group, and an
// await of the group where the op was.
// RUN: asyncpipe-opt %s --par-to-async | FileCheck %s
// RUN: asyncpipe-opt %s --par-to-async=chunk=3 | FileCheck %s --check-prefix=CHUNK
// RUN: not asyncpipe-opt %s --par-to-async=chunk=0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: par-to-async: chunk=0, a task needs at least one thread

// CHECK-LABEL: func.func @fill
// CHECK: %[[TOTAL:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[GROUP:.*]] = async.create_group %[[TOTAL]] : !async.group
// CHECK: scf.for %[[TASK:.*]] = %{{.*}} to %[[TOTAL]] step %{{.*}} {
// CHECK-NEXT: %[[TOKEN:.*]] = async.execute {
// CHECK-NEXT: %[[J:.*]] = arith.remui %[[TASK]], %{{.*}} : index
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[TASK]], %{{.*}} : index
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT: async.yield
// CHECK-NEXT: }
// CHECK-NEXT: async.add_to_group %[[TOKEN]], %[[GROUP]] : !async.token
// CHECK-NEXT: }
// CHECK-NEXT: async.await_all %[[GROUP]]
// CHECK-NEXT: return

// CHUNK: %[[TOTAL:.*]] = arith.muli
// CHUNK: %[[TASKS:.*]] = arith.ceildivui %[[TOTAL]], %{{.*}} : index
// CHUNK: %[[GROUP:.*]] = async.create_group %[[TASKS]] : !async.group
// CHUNK: scf.for %[[TASK:.*]] = %{{.*}} to %[[TASKS]] step
// CHUNK: async.execute {
// CHUNK: %[[FIRST:.*]] = arith.muli %[[TASK]], %[[K:.*]] : index
// CHUNK: %[[END:.*]] = arith.addi %[[FIRST]], %[[K]] : index
// CHUNK: %[[LAST:.*]] = arith.minui %[[END]], %[[TOTAL]] : index
// CHUNK: scf.for %[[LINEAR:.*]] = %[[FIRST]] to %[[LAST]] step
// CHUNK: arith.remui %[[LINEAR]]
// CHUNK: memref.store
// CHUNK: async.await_all %[[GROUP]]
func.func @fill(%C: memref<4x8xf32>, %v: f32, %n: index) {
  %c4 = arith.constant 4 : index
  par.foreach_thread (%i, %j) in (%c4, %n) {
    memref.store %v, %C[%i, %j] : memref<4x8xf32>
  }
  return
}
