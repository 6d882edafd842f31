// asyncop-schedule across loop iterations: a chain in an scf.for body
// starts for iteration i + 1 before the done of iteration i (the first
// start before the loop, the last iteration peeled after it), when legal;
// each function below breaks one rule and is left as it is.
// RUN: asyncpipe-opt %s -split-input-file --asyncop-schedule | FileCheck %s
// RUN: asyncpipe-opt %s -split-input-file --asyncop-schedule=max-in-flight=1 | FileCheck %s --check-prefix=ONE

// CHECK-LABEL: func.func @rotated
// CHECK: arith.constant 0.0
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[V0:.*]] = memref.load %{{.*}}[%[[C0]]]
// CHECK: %[[H0:.*]] = asyncop.start(%[[V0]])
// CHECK: %[[R:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[H:.*]] = %[[H0]])
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}}
// CHECK: %[[VN:.*]] = memref.load %{{.*}}[%[[NEXT]]]
// CHECK: %[[HN:.*]] = asyncop.start(%[[VN]])
// CHECK: %[[E:.*]] = asyncop.done %[[H]]
// CHECK: memref.store %[[E]]
// CHECK: scf.yield %{{.*}}, %[[HN]]
// CHECK: %[[LAST:.*]] = asyncop.done %[[R]]#1
// CHECK: memref.store %[[LAST]]
// CHECK: %[[SUM:.*]] = arith.addf %[[R]]#0, %[[LAST]]
// CHECK: return %[[SUM]]
// ONE-LABEL: func.func @rotated
// ONE-NOT: iter_args({{.*}}!asyncop.handle
// ONE: scf.for
// ONE-NEXT: memref.load
// ONE-NEXT: asyncop.start
func.func @rotated(%x: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %x[%i] : memref<8xf32>
    %s = asyncop.start (%v) wraps {
    ^bb0(%p: f32):
      %e = math.exp %p : f32
      asyncop.yield %e : f32
    } : (f32) -> !asyncop.handle<(f32), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    memref.store %r, %out[%i] : memref<8xf32>
    %acc2 = arith.addf %acc, %r : f32
    scf.yield %acc2 : f32
  }
  return %sum : f32
}

// -----

// The start's operand is loaded from memory the loop writes: it cannot be
// loaded one iteration early.
// CHECK-LABEL: func.func @operand_written
// CHECK-NOT: iter_args({{.*}}!asyncop.handle
func.func @operand_written(%x: memref<9xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %x[%i] : memref<9xf32>
    %s = asyncop.start (%v) wraps {
    ^bb0(%p: f32):
      %e = math.exp %p : f32
      asyncop.yield %e : f32
    } : (f32) -> !asyncop.handle<(f32), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    %j = arith.addi %i, %c1 : index
    memref.store %r, %x[%j] : memref<9xf32>
  }
  return
}

// -----

// The wrapped computation writes what every iteration writes (two
// iterations at once would race).
func.func private @scale(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf32>
  %w = arith.addf %v, %v : f32
  memref.store %w, %m[%c0] : memref<4xf32>
  return
}
// CHECK-LABEL: func.func @self_conflict
// CHECK-NOT: iter_args({{.*}}!asyncop.handle
func.func @self_conflict(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %s = asyncop.start @scale(%m) : (memref<4xf32>) -> !asyncop.handle<(memref<4xf32>), (), none>
    asyncop.done %s : (!asyncop.handle<(memref<4xf32>), (), none>) -> ()
  }
  return
}

// -----

// One iteration only, or a trip count not known: nothing to overlap, or no
// last iteration to peel.
// CHECK-LABEL: func.func @short
// CHECK-NOT: iter_args({{.*}}!asyncop.handle
func.func @short(%x: f32, %n: index, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c1 step %c1 {
    %s = asyncop.start (%x) wraps {
    ^bb0(%p: f32):
      %e = math.exp %p : f32
      asyncop.yield %e : f32
    } : (f32) -> !asyncop.handle<(f32), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    memref.store %r, %out[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %s = asyncop.start (%x) wraps {
    ^bb0(%p: f32):
      %e = math.exp %p : f32
      asyncop.yield %e : f32
    } : (f32) -> !asyncop.handle<(f32), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    memref.store %r, %out[%i] : memref<8xf32>
  }
  return
}

// -----

// An i32 loop is not rotated (the rotation builds index bounds, which an
// i32 scf.for refuses: IR that did not verify, a fuzzer finding).
// CHECK-LABEL: func.func @i32_loop
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT: asyncop.start
// CHECK: asyncop.done
// ONE-LABEL: func.func @i32_loop
func.func @i32_loop(%b: memref<8xi8, 3>) {
  %c0 = arith.constant 0 : index
  %lo = arith.constant 5 : i32
  %hi = arith.constant 7 : i32
  %st = arith.constant 1 : i32
  scf.for %i = %lo to %hi step %st : i32 {
    %s = asyncop.start (%b, %c0) wraps {
    ^bb0(%m: memref<8xi8, 3>, %k: index):
      %v = memref.load %m[%k] : memref<8xi8, 3>
      asyncop.yield %v : i8
    } : (memref<8xi8, 3>, index) -> !asyncop.handle<(memref<8xi8, 3>, index), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(memref<8xi8, 3>, index), (), none>) -> i8
  }
  return
}
