// asyncop-wrap's error: an op marked asyncop.wrap that a start cannot wrap
// (regions). (Listed by name only, such an op is left alone: wrap.mlir.)
// RUN: asyncpipe-opt %s -verify-diagnostics --asyncop-wrap
func.func @region(%c: i1, %m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{asyncop-wrap cannot wrap 'scf.if': it has regions (a start wraps one op without regions; outline it into a function and wrap the call)}}
  scf.if %c {
    memref.store %v, %m[%c0] : memref<4xf32>
  } {asyncop.wrap}
  return
}
