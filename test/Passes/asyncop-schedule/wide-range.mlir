// A loop over the whole index range with a step of 2^62: its trip count (4)
// fits, ub - lb does not (issue 40's audit: the rotation overflowed). The
// last iteration's value is lb + 3 * 2^62 = 2^62 * 3 - 2^63.
// RUN: asyncpipe-opt %s --asyncop-schedule | FileCheck %s
// CHECK: scf.for %{{.*}} = %c-9223372036854775808 to %c4611686018427387904_{{[0-9]+}} step %c4611686018427387904 iter_args

func.func @rotated(%x: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %lo = arith.constant -9223372036854775808 : index
  %hi = arith.constant 9223372036854775807 : index
  %st = arith.constant 4611686018427387904 : index
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %sum = scf.for %i = %lo to %hi step %st iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %x[%c0] : memref<8xf32>
    %s = asyncop.start (%v) wraps {
    ^bb0(%p: f32):
      %e = math.exp %p : f32
      asyncop.yield %e : f32
    } : (f32) -> !asyncop.handle<(f32), (), none>
    %r = asyncop.done %s : (!asyncop.handle<(f32), (), none>) -> f32
    %acc2 = arith.addf %acc, %r : f32
    scf.yield %acc2 : f32
  }
  return %sum : f32
}
