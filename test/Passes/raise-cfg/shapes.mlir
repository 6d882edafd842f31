// asyncpipe-raise-cfg: upstream's convert-scf-to-cf undone. The structured
// functions below (nested loops carrying values, an scf.if with results
// in a loop, an scf.if without else, a loop of run-time bounds, a loop whose
// body uses its own condition after cse) are lowered by upstream, raised,
// and lowered again: the same CFG comes back, so the raised functions run
// the same ops in the same order (and the output verifies).
// RUN: asyncpipe-opt %s --convert-scf-to-cf -o %t.cfg.mlir
// RUN: asyncpipe-opt %t.cfg.mlir --asyncpipe-raise-cfg -o %t.raised.mlir
// RUN: asyncpipe-opt %t.raised.mlir --convert-scf-to-cf -o %t.again.mlir
// RUN: diff %t.cfg.mlir %t.again.mlir
// After canonicalize and cse too (which fold the conversion's empty blocks
// away: loops entered from an outer loop's condition, critical edges):
// RUN: asyncpipe-opt %s --convert-scf-to-cf --canonicalize --cse -o %t.canon.mlir
// RUN: asyncpipe-opt %t.canon.mlir --asyncpipe-raise-cfg | FileCheck %s --check-prefix=CANON
// The raised form, as the Hopper model sees it:
// RUN: FileCheck %s --input-file %t.raised.mlir
// What is not such a shape (an scf.while's loop, a cf.switch, an early
// return) stays as it is, with a remark at its first branch (one per
// function):
// RUN: asyncpipe-opt %t.cfg.mlir --asyncpipe-raise-cfg -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: func.func @nested
// CHECK: %[[OUTER:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK:   %[[INNER:.*]] = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[ACC]]) -> (f32) {
// CHECK:     memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:     scf.yield
// CHECK:   }
// CHECK:   scf.yield %[[INNER]] : f32
// CHECK: }
// CHECK: return %[[OUTER]] : f32
// CANON-LABEL: func.func @nested
// CANON: scf.for
// CANON: scf.for
// CANON-NOT: {{ cf\.(cond_)?br}}
// CANON: return
func.func @nested(%m: memref<8x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
    %s = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %acc) -> (f32) {
      %x = memref.load %m[%i, %j] : memref<8x8xf32>
      %y = arith.addf %a, %x : f32
      scf.yield %y : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @branches
// CHECK: scf.for
// CHECK:   %[[R:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK:     scf.yield
// CHECK:   } else {
// CHECK:     scf.yield
// CHECK:   }
// CHECK:   scf.if %{{.*}} {
// CHECK:     memref.store %[[R]]
// CHECK-NOT: else
// CHECK:   }
// CANON-LABEL: func.func @branches
// CANON-NOT: {{ cf\.(cond_)?br}}
// CANON: return
func.func @branches(%m: memref<8xf32>, %n: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c2 {
    %x = memref.load %m[%i] : memref<8xf32>
    %r = scf.if %flag -> (f32) {
      %y = arith.addf %x, %x : f32
      scf.yield %y : f32
    } else {
      scf.yield %x : f32
    }
    %odd = arith.cmpi eq, %i, %c1 : index
    scf.if %odd {
      memref.store %r, %m[%i] : memref<8xf32>
    }
  }
  return
}

// A loop whose body asks its own condition (cse shares it with the
// header's): inside the raised loop it is true.
// CANON-LABEL: func.func @shared_condition
// CANON: scf.for %[[I:.*]] =
// CANON:   %[[TRUE:.*]] = arith.constant true
// CANON:   scf.if %[[TRUE]] {
// CANON-NOT: {{ cf\.(cond_)?br}}
// CANON: return
func.func @shared_condition(%m: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    %in = arith.cmpi slt, %i, %c100 : index
    scf.if %in {
      %x = memref.load %m[%i] : memref<100xf32>
      memref.store %x, %m[%c0] : memref<100xf32>
    }
  }
  return
}

// REMARK: remark: control flow stays in CFG form here: not the shape convert-scf-to-cf gives scf.for or scf.if
// REMARK-NOT: remark
func.func @while_loop(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%x = %c1) : (i32) -> i32 {
    %more = arith.cmpi slt, %x, %n : i32
    scf.condition(%more) %x : i32
  } do {
  ^bb0(%y: i32):
    %z = arith.muli %y, %c1 : i32
    %w = arith.addi %z, %c1 : i32
    scf.yield %w : i32
  }
  return %r : i32
}

// REMARK: remark: control flow stays in CFG form here
// REMARK-NOT: remark
func.func @switch(%k: index, %m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  scf.index_switch %k
  case 1 {
    memref.store %x, %m[%c0] : memref<4xf32>
    scf.yield
  }
  default {
  }
  return
}

// REMARK: remark: control flow stays in CFG form here
// REMARK-NOT: remark
func.func @early_return(%flag: i1, %m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  cf.cond_br %flag, ^done, ^store
^store:
  memref.store %x, %m[%c0] : memref<4xf32>
  return
^done:
  return
}
