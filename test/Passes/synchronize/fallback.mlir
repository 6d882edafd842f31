// asyncpipe-synchronize's fallback functions (the async-side-effects
// document: "an option for fallback function(s) for providing init/wait for
// normally synchronous ops"): with fallback=dma_start:dma_init:dma_wait,
// each call to @dma_start may read and write its memref operands until a
// call to @dma_wait, which waits for every call before it; @dma_init is
// called once at the entry. Waits go before the first conflicting access,
// at the top of the next iteration in a loop (a fence needs no fill), and
// a function that already calls @dma_wait is left as it is. Random programs
// run on a model with late completion: test/tools/semaphore-random.py
// --fallback, in random.test.
// RUN: asyncpipe-opt %s -split-input-file --asyncpipe-synchronize=fallback=dma_start:dma_init:dma_wait | FileCheck %s

// CHECK-LABEL: func.func @offloaded
// CHECK-NEXT:    call @dma_init() : () -> ()
// CHECK:         call @dma_start
// CHECK-NEXT:    memref.load %{{.*}} : memref<8xf32>
// CHECK-NEXT:    call @dma_wait() : () -> ()
// CHECK-NEXT:    memref.load
// CHECK:         scf.for
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      func.call @dma_wait() : () -> ()
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      func.call @dma_start
// CHECK-NEXT:    }
// CHECK-NEXT:    call @dma_wait() : () -> ()
// CHECK-NEXT:    return
func.func private @dma_start(memref<8xf32>, memref<8xf32>)
func.func private @dma_init()
func.func private @dma_wait()
func.func @offloaded(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>, %o: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  func.call @dma_start(%a, %b) : (memref<8xf32>, memref<8xf32>) -> ()
  %x = memref.load %c[%c0] : memref<8xf32>
  %v = memref.load %b[%c0] : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    %y = memref.load %c[%i] : memref<8xf32>
    memref.store %y, %o[%i] : memref<8xf32>
    %w = memref.load %b[%c0] : memref<8xf32>
    memref.store %w, %o[%c0] : memref<8xf32>
    func.call @dma_start(%a, %b) : (memref<8xf32>, memref<8xf32>) -> ()
  }
  return
}

// -----

// Synchronized by hand: it calls @dma_wait itself.
// CHECK-LABEL: func.func @by_hand
// CHECK-NOT:     @dma_init
// CHECK:         call @dma_start
// CHECK-NEXT:    call @dma_wait
// CHECK-NEXT:    memref.load
// CHECK-NOT:     @dma_wait
func.func private @dma_start(memref<8xf32>, memref<8xf32>)
func.func private @dma_init()
func.func private @dma_wait()
func.func @by_hand(%a: memref<8xf32>, %b: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  func.call @dma_start(%a, %b) : (memref<8xf32>, memref<8xf32>) -> ()
  func.call @dma_wait() : () -> ()
  %v = memref.load %b[%c0] : memref<8xf32>
  return %v : f32
}
