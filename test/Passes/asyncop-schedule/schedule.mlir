// asyncop-schedule: each start as early and each done as late as allowed,
// with at most max-in-flight chains open. One function per rule that stops
// a move: an operand defined later, a conflicting memory access (the
// wrapped function's own effects on its arguments), a use of the results,
// a region boundary, and the limit on chains in flight.
// RUN: asyncpipe-opt %s -split-input-file --asyncop-schedule | FileCheck %s
// RUN: asyncpipe-opt %s -split-input-file --asyncop-schedule=max-in-flight=1 | FileCheck %s --check-prefix=ONE
// RUN: not asyncpipe-opt %s -split-input-file --asyncop-schedule=max-in-flight=0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: asyncop-schedule: max-in-flight=0, at least one chain must be able to run

func.func private @mm(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)
  return
}

// Two independent matmuls overlap; a third reads what both write, so it
// starts after both dones. With max-in-flight=1 nothing overlaps.
// CHECK-LABEL: func.func @overlap
// CHECK: %[[S1:.*]] = asyncop.start @mm(%{{.*}}, %{{.*}}, %[[C:[a-z0-9]+]])
// CHECK-NEXT: %[[S2:.*]] = asyncop.start @mm(%{{.*}}, %{{.*}}, %[[D:[a-z0-9]+]])
// CHECK-NEXT: asyncop.done %[[S1]]
// CHECK-NEXT: asyncop.done %[[S2]]
// CHECK-NEXT: %[[S3:.*]] = asyncop.start @mm(%[[C]], %[[D]],
// CHECK-NEXT: asyncop.done %[[S3]]
// ONE-LABEL: func.func @overlap
// ONE: %[[S1:.*]] = asyncop.start
// ONE-NEXT: asyncop.done %[[S1]]
// ONE-NEXT: %[[S2:.*]] = asyncop.start
// ONE-NEXT: asyncop.done %[[S2]]
func.func @overlap(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>, %d: memref<8x8xf32>, %e: memref<8x8xf32>) {
  %s1 = asyncop.start @mm(%a, %b, %c) : (memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>) -> !asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>
  asyncop.done %s1 : (!asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>) -> ()
  %s2 = asyncop.start @mm(%a, %b, %d) : (memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>) -> !asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>
  asyncop.done %s2 : (!asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>) -> ()
  %s3 = asyncop.start @mm(%c, %d, %e) : (memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>) -> !asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>
  asyncop.done %s3 : (!asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>) -> ()
  return
}

// -----

// The start moves up to just after its operand's definition; the done
// down to just before the first use of its result.
// CHECK-LABEL: func.func @operands_and_uses
// CHECK: %[[X:.*]] = arith.addf
// CHECK-NEXT: %[[S:.*]] = asyncop.start(%[[X]]) wraps
// CHECK: arith.mulf
// CHECK-NEXT: arith.subf
// CHECK-NEXT: %[[R:.*]] = asyncop.done %[[S]]
// CHECK-NEXT: arith.addf %[[R]]
func.func @operands_and_uses(%a: f32, %b: f32) -> f32 {
  %x = arith.addf %a, %b : f32
  %m = arith.mulf %a, %a : f32
  %s = asyncop.start (%x) wraps {
  ^bb0(%p: f32):
    %e = math.exp %p : f32
    asyncop.yield %e : f32
  } : (f32) -> !asyncop.handle<(f32), (), none>
  %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
  %n = arith.subf %m, %b : f32
  %y = arith.addf %r, %n : f32
  return %y : f32
}

// -----

func.func private @mm(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)
  return
}

// A store into what the wrapped matmul reads stops the start; a load of
// what it writes stops the done; a store elsewhere does neither.
// CHECK-LABEL: func.func @memory
// CHECK: memref.store %{{.*}}, %[[A:.*]][
// CHECK-NEXT: %[[S:.*]] = asyncop.start @mm(%[[A]]
// CHECK-NEXT: memref.store %{{.*}}, %[[OTHER:.*]][
// CHECK-NEXT: asyncop.done %[[S]]
// CHECK-NEXT: memref.load %{{.*}}[
func.func @memory(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>, %other: memref<8xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  memref.store %v, %a[%c0, %c0] : memref<8x8xf32>
  memref.store %v, %other[%c0] : memref<8xf32>
  %s = asyncop.start @mm(%a, %b, %c) : (memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>) -> !asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>
  asyncop.done %s : (!asyncop.handle<(memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>), (), none>) -> ()
  %l = memref.load %c[%c0, %c0] : memref<8x8xf32>
  return %l : f32
}

// -----

// A chain inside a loop body stays in it: nothing crosses the region
// boundary (the start is already at the top of the body, the done before
// the yield). (With a run-time trip count, the loop is not rotated either:
// loops.mlir.)
// CHECK-LABEL: func.func @region
// CHECK: scf.for
// CHECK-NEXT: %[[S:.*]] = asyncop.start
// CHECK: %[[R:.*]] = asyncop.done %[[S]]
// CHECK-NEXT: memref.store %[[R]]
// CHECK-NEXT: }
func.func @region(%out: memref<4xf32>, %v: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = asyncop.start (%v) wraps {
    ^bb0(%p: f32):
      %e = math.exp %p : f32
      asyncop.yield %e : f32
    } : (f32) -> !asyncop.handle<(f32), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    memref.store %r, %out[%i] : memref<4xf32>
  }
  return
}
