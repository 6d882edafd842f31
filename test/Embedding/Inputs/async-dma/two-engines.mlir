// A transfer on engine 0 and a copy on queue 1, synchronized by hand: with
// one sync resource, the copy's queue could be merged, but the transfer's
// engine is its own.
func.func @two_engines(%g: memref<8xf32>, %s: memref<8xf32, 3>, %t: memref<8xf32, 3>) -> f32 {
  %c0 = arith.constant 0 : index
  async_dma.start %g, %s engine 0 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 0
  asyncpipe.copy %g, %t queue 1 : memref<8xf32> to memref<8xf32, 3>
  asyncpipe.commit 1
  asyncpipe.wait_queue 0, 0
  asyncpipe.wait_queue 1, 0
  %v = memref.load %s[%c0] : memref<8xf32, 3>
  %w = memref.load %t[%c0] : memref<8xf32, 3>
  %r = arith.addf %v, %w : f32
  return %r : f32
}
