// i8 arithmetic wraps: for %i = 1, %y = 1 + 127 = -128 < 0, so the racy
// branch runs; const_eval computes in i64 (128) and takes the else branch.
func.func @narrow(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k127 = arith.constant 127 : i8
  %k0 = arith.constant 0 : i8
  %z = arith.constant 0.0 : f32
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = arith.index_cast %i : index to i8
    %y = arith.addi %x, %k127 : i8
    %neg = arith.cmpi slt, %y, %k0 : i8
    %v = scf.if %neg -> (f32) {
      %l = memref.load %b[%c0] : memref<4xf32, 3>
      scf.yield %l : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %v : f32
  }
  asyncpipe.wait_queue 0, 0
  return %r : f32
}
