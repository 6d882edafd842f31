func.func @narrow(%a: memref<4xf32>, %b: memref<4xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
  asyncpipe.commit 0
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (f32) {
    %x = arith.subi %c0, %i : index
    %y = arith.remui %x, %c4 : index
    %neg = arith.cmpi eq, %y, %c3 : index
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
