// An async_dma.start without an engine takes the queue of its enclosing
// commit region (@scoped: synchronized by hand, left alone); outside one it
// has no queue, and asyncpipe-synchronize says so at the op.
func.func @scoped(%g: memref<8xf32>, %s: memref<8xf32, 3>) {
  asyncpipe.commit_queue 4 {
    async_dma.start %g, %s : memref<8xf32> to memref<8xf32, 3>
  }
  asyncpipe.wait_queue 4, 0
  return
}

func.func @no_queue(%g: memref<8xf32>, %s: memref<8xf32, 3>) {
  async_dma.start %g, %s : memref<8xf32> to memref<8xf32, 3>
  return
}
