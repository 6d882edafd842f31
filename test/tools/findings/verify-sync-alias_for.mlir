func.func @alias_for(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r:2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%m = %b, %acc = %z) -> (memref<4xf32, 3>, f32) {
    %v = memref.load %m[%c0] : memref<4xf32, 3>
    scf.yield %m, %v : memref<4xf32, 3>, f32
  }
  asyncpipe.wait_queue 0, 0
  return %r#1 : f32
}
