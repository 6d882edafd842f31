// A chain in a loop body, rotated by asyncop-schedule (the start of
// iteration i + 1 before the done of iteration i: two in flight), lowered
// by asyncop-to-async with the task's value carried by the loop, runs on
// the async runtime's threads and computes what the loop computes without
// the chain (asyncop-unwrap): the same out[] and the same sum, in the
// same order of additions.
// RUN: asyncpipe-opt %s --asyncop-schedule | FileCheck %s --check-prefix=ROTATED
// RUN: asyncpipe-opt %s --asyncop-schedule --asyncop-to-async %lower-async %lower-to-llvm | %run-async | FileCheck %s
// RUN: asyncpipe-opt %s --asyncop-unwrap %lower-to-llvm | %run-async | FileCheck %s
// ROTATED: asyncop.start
// ROTATED: scf.for {{.*}} iter_args({{.*}}, %[[H:.*]] = %{{.*}}) -> (f32, !asyncop.handle<(f32), (), none>)
// ROTATED: %[[NEXT:.*]] = asyncop.start
// ROTATED: asyncop.done %[[H]]
// ROTATED: scf.yield %{{.*}}, %[[NEXT]]
// ROTATED: asyncop.done
// CHECK: 8.92725
// CHECK-NEXT: 0.5
// CHECK-NEXT: 0.610702
// CHECK-NEXT: 0.745912
// CHECK-NEXT: 0.91106
// CHECK-NEXT: 1.11277
// CHECK-NEXT: 1.35914
// CHECK-NEXT: 1.66006
// CHECK-NEXT: 2.0276

func.func private @printF32(f32)
func.func private @printNewline()

func.func @exps(%x: memref<8xf32>, %out: memref<8xf32>) -> f32 {
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

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %x = memref.alloc() : memref<8xf32>
  %out = memref.alloc() : memref<8xf32>
  // x[i] = 0.2 i - 0.693147: exp(x[0]) = 0.5.
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %step = arith.constant 0.2 : f32
    %base = arith.constant -0.693147 : f32
    %v = arith.mulf %f, %step : f32
    %w = arith.addf %v, %base : f32
    memref.store %w, %x[%i] : memref<8xf32>
  }
  %sum = call @exps(%x, %out) : (memref<8xf32>, memref<8xf32>) -> f32
  call @printF32(%sum) : (f32) -> ()
  call @printNewline() : () -> ()
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %out[%i] : memref<8xf32>
    func.call @printF32(%v) : (f32) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
