// Two transfers in one loop body, the second's wait moved to the next
// iteration's read (after the first transfer): with one semaphore the
// first cannot start while the second holds it, and neither wait can move
// before the other's launch.
func.func @two_in_flight(%g: memref<8xf32>, %a: memref<8xf32>, %b: memref<8xf32>, %o: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    async_dma.transfer %g, %a : memref<8xf32> to memref<8xf32>
    %vb = memref.load %b[%c0] : memref<8xf32>
    memref.store %vb, %o[%i] : memref<8xf32>
    async_dma.transfer %g, %b : memref<8xf32> to memref<8xf32>
  }
  return
}
