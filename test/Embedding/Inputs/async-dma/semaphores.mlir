// Transfers that signal the DMA engine's semaphores (Inputs/async-dma:
// async_dma.transfer, a barrier-slot resource), written without
// synchronization, for async-effects-plugin.test.

// Two transfers in flight together, then one that can reuse a semaphore.
func.func @straight(%g: memref<8xf32>, %a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>, %o: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  async_dma.transfer %g, %a : memref<8xf32> to memref<8xf32>
  async_dma.transfer %g, %b : memref<8xf32> to memref<8xf32>
  %x = memref.load %o[%c0] : memref<8xf32>
  %va = memref.load %a[%c0] : memref<8xf32>
  %vb = memref.load %b[%c0] : memref<8xf32>
  async_dma.transfer %g, %c : memref<8xf32> to memref<8xf32>
  %s = arith.addf %va, %vb : f32
  memref.store %s, %o[%c0] : memref<8xf32>
  %vc = memref.load %c[%c0] : memref<8xf32>
  memref.store %vc, %o[%c0] : memref<8xf32>
  return
}

// A transfer at the end of an iteration whose data the next iteration
// reads after other work: its wait moves to the next iteration's read, the
// semaphore filled before the loop and drained after it.
func.func @rotated(%g: memref<8xf32>, %buf: memref<8xf32>, %w: memref<8xf32>, %o: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %w[%i] : memref<8xf32>
    %y = arith.mulf %x, %x : f32
    memref.store %y, %w[%i] : memref<8xf32>
    %v = memref.load %buf[%c0] : memref<8xf32>
    memref.store %v, %o[%i] : memref<8xf32>
    async_dma.transfer %g, %buf : memref<8xf32> to memref<8xf32>
  }
  %last = memref.load %buf[%c0] : memref<8xf32>
  memref.store %last, %o[%c0] : memref<8xf32>
  return
}
