// Two transfers that stay in flight across each iteration's end (their
// waits move to the next iteration's reads): with one semaphore, neither
// can wait for the other first.
func.func @two_in_flight(%g: memref<8xf32>, %a: memref<8xf32>, %b: memref<8xf32>, %w: memref<8xf32>, %o: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %w[%i] : memref<8xf32>
    memref.store %x, %o[%i] : memref<8xf32>
    %va = memref.load %a[%c0] : memref<8xf32>
    %vb = memref.load %b[%c0] : memref<8xf32>
    %s = arith.addf %va, %vb : f32
    memref.store %s, %w[%i] : memref<8xf32>
    async_dma.transfer %g, %a : memref<8xf32> to memref<8xf32>
    async_dma.transfer %g, %b : memref<8xf32> to memref<8xf32>
  }
  return
}
