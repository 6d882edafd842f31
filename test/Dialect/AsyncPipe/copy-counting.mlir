// Round trip of asyncpipe.copy in counting form (explicit queue + asyncpipe.commit, or queue taken from the enclosing commit).
// RUN: asyncpipe-opt %s | FileCheck %s
// RUN: asyncpipe-opt %s | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | asyncpipe-opt | FileCheck %s
// RUN: asyncpipe-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// PTX style: copies name their queue, asyncpipe.commit closes the group.
// CHECK-LABEL: func.func @explicit_queue
// CHECK-SAME: (%[[G:[a-z0-9_]+]]: memref<4x8xf32>, %[[S:[a-z0-9_]+]]: memref<4x8xf32, 3>, %[[P:[a-z0-9_]+]]: memref<?x8xf32>)
// GENERIC-LABEL: sym_name = "explicit_queue"
func.func @explicit_queue(%g: memref<4x8xf32>, %s: memref<4x8xf32, 3>, %p: memref<?x8xf32>) {
  // CHECK: asyncpipe.copy %[[G]], %[[S]] queue 0 : memref<4x8xf32> to memref<4x8xf32, 3>{{$}}
  // CHECK-NEXT: asyncpipe.copy %[[P]], %[[S]] zero_fill queue 0 : memref<?x8xf32> to memref<4x8xf32, 3>{{$}}
  // CHECK-NEXT: asyncpipe.commit 0{{$}}
  // CHECK-NEXT: asyncpipe.copy %[[G]], %[[S]] queue 7 {tag} : memref<4x8xf32> to memref<4x8xf32, 3>{{$}}
  // CHECK-NEXT: asyncpipe.commit 7 {tag}
  // CHECK-NEXT: asyncpipe.wait_queue 0, 0
  // GENERIC: "asyncpipe.copy"(%{{.*}}, %{{.*}}) <{queue = 0 : i64}> : (memref<4x8xf32>, memref<4x8xf32, 3>) -> ()
  // GENERIC: "asyncpipe.copy"(%{{.*}}, %{{.*}}) <{queue = 0 : i64, zero_fill}> : (memref<?x8xf32>, memref<4x8xf32, 3>) -> ()
  // GENERIC: "asyncpipe.commit"() <{queue = 0 : i64}> : () -> ()
  // GENERIC: "asyncpipe.copy"(%{{.*}}, %{{.*}}) <{queue = 7 : i64}> {tag} : (memref<4x8xf32>, memref<4x8xf32, 3>) -> ()
  // GENERIC: "asyncpipe.commit"() <{queue = 7 : i64}> {tag} : () -> ()
  asyncpipe.copy %g, %s queue 0 : memref<4x8xf32> to memref<4x8xf32, 3>
  asyncpipe.copy %p, %s zero_fill queue 0 : memref<?x8xf32> to memref<4x8xf32, 3>
  asyncpipe.commit 0
  asyncpipe.copy %g, %s queue 7 {tag} : memref<4x8xf32> to memref<4x8xf32, 3>
  asyncpipe.commit 7 {tag}
  asyncpipe.wait_queue 0, 0
  return
}

// Inside a commit_queue the queue is implied; naming the same queue is allowed.
// CHECK-LABEL: func.func @in_commit_queue
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<64xf32>, %[[B:[a-z0-9_]+]]: memref<64xf32, 3>, %[[C:[a-z0-9_]+]]: memref<32xf32>, %[[D:[a-z0-9_]+]]: memref<64xf32, 3>)
func.func @in_commit_queue(%a: memref<64xf32>, %b: memref<64xf32, 3>,
                           %c: memref<32xf32>, %d: memref<64xf32, 3>) {
  // CHECK: asyncpipe.commit_queue 3 {
  // CHECK-NEXT: asyncpipe.copy %[[A]], %[[B]] : memref<64xf32> to memref<64xf32, 3>{{$}}
  // CHECK-NEXT: asyncpipe.copy %[[C]], %[[D]] zero_fill queue 3 : memref<32xf32> to memref<64xf32, 3>{{$}}
  // CHECK-NEXT: }
  asyncpipe.commit_queue 3 {
    asyncpipe.copy %a, %b : memref<64xf32> to memref<64xf32, 3>
    asyncpipe.copy %c, %d zero_fill queue 3 : memref<32xf32> to memref<64xf32, 3>
  }
  return
}

// The enclosing commit is found through non-isolated control flow.
// CHECK-LABEL: func.func @through_control_flow
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<8xf32>, %[[B:[a-z0-9_]+]]: memref<8xf32, 3>, %[[C:[a-z0-9_]+]]: i1)
func.func @through_control_flow(%a: memref<8xf32>, %b: memref<8xf32, 3>, %cond: i1) -> !asyncpipe.group {
  // CHECK: asyncpipe.commit_queue 1 {
  // CHECK-NEXT: scf.if %[[C]] {
  // CHECK-NEXT: asyncpipe.copy %[[A]], %[[B]] : memref<8xf32> to memref<8xf32, 3>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  asyncpipe.commit_queue 1 {
    scf.if %cond {
      asyncpipe.copy %a, %b : memref<8xf32> to memref<8xf32, 3>
    }
  }
  // CHECK: %[[GR:.*]] = asyncpipe.commit_group queue 2 {
  // CHECK-NEXT: scf.if %[[C]] {
  // CHECK-NEXT: asyncpipe.copy %[[A]], %[[B]] queue 2 : memref<8xf32> to memref<8xf32, 3>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[GR]]
  %grp = asyncpipe.commit_group queue 2 {
    scf.if %cond {
      asyncpipe.copy %a, %b queue 2 : memref<8xf32> to memref<8xf32, 3>
    }
  }
  return %grp : !asyncpipe.group
}
