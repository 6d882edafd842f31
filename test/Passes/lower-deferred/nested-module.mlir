// The runtime is declared in the nearest module of the functions that call
// it: a nested module is a symbol table of its own (it was declared in the
// outer one only, and the calls inside named nothing).
// RUN: asyncpipe-opt %s --asyncpipe-lower-deferred | FileCheck %s

// CHECK:      module @inner
// CHECK:        func.func private @deferred_sim_copy(index, index, index, index)
// CHECK:        func.func private @deferred_sim_commit(index)
// CHECK:        func.func private @deferred_sim_wait(index, index)
// CHECK:        func.func @f
// CHECK:          call @deferred_sim_copy
module {
  module @inner {
    func.func @f(%g: memref<4xf32>, %s: memref<4xf32, 3>) {
      asyncpipe.copy %g, %s queue 0 : memref<4xf32> to memref<4xf32, 3>
      asyncpipe.commit 0
      asyncpipe.wait_queue 0, 0
      return
    }
  }
}
