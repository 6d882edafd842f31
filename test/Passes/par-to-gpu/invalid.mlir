// par-to-gpu's errors, each at the op: a mapping entry that is not a block
// or thread dimension, a processor named twice (more ids than the grid
// has), a block of more than 1024 threads, a foreach_thread inside
// another, the tensor form, and a block-size out of range.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --par-to-gpu
// RUN: not asyncpipe-opt %s -split-input-file --par-to-gpu=block-size=2048 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: error: par-to-gpu: block-size=2048, a block holds 1 to 1024 threads

func.func @warp(%C: memref<64xf32>, %v: f32) {
  %c64 = arith.constant 64 : index
  // expected-error @below {{par-to-gpu: mapping entry #0 is #gpu.warp<x>; a grid runs thread ids on #gpu.block<x|y|z> and #gpu.thread<x|y|z>}}
  par.foreach_thread (%i) in (%c64) mapping = [#gpu.warp<x>] {
    memref.store %v, %C[%i] : memref<64xf32>
  }
  return
}

// -----

func.func @twice(%C: memref<8x8xf32>, %v: f32) {
  %c8 = arith.constant 8 : index
  // expected-error @below {{par-to-gpu: mapping entry #1 is #gpu.thread<x>, which an earlier entry names too: the grid has one id per processor dimension, fewer than this op's ids}}
  par.foreach_thread (%i, %j) in (%c8, %c8) mapping = [#gpu.thread<x>, #gpu.thread<x>] {
    memref.store %v, %C[%i, %j] : memref<8x8xf32>
  }
  return
}

// -----

func.func @too_many_threads(%C: memref<64x64xf32>, %v: f32) {
  %c64 = arith.constant 64 : index
  // expected-error @below {{par-to-gpu: the dimensions mapped to threads make blocks of 4096 threads; a block holds at most 1024}}
  par.foreach_thread (%i, %j) in (%c64, %c64) mapping = [#gpu.thread<y>, #gpu.thread<x>] {
    memref.store %v, %C[%i, %j] : memref<64x64xf32>
  }
  return
}

// -----

func.func @nested(%C: memref<8x8xf32>, %v: f32) {
  %c8 = arith.constant 8 : index
  par.foreach_thread (%i) in (%c8) {
    // expected-error @below {{par-to-gpu maps a 'par.foreach_thread' inside another only when it is mapped to #gpu.thread dimensions and sits directly in the body of one mapped to #gpu.block dimensions (a grid has one level of blocks and one of threads)}}
    par.foreach_thread (%j) in (%c8) {
      memref.store %v, %C[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

// -----

func.func @tensor(%C: tensor<8xf32>, %s: tensor<1xf32>) -> tensor<8xf32> {
  %c8 = arith.constant 8 : index
  // expected-error @below {{par-to-gpu lowers 'par.foreach_thread' in buffer form: bufferize its results first (-one-shot-bufferize)}}
  %r = par.foreach_thread (%i) in (%c8) -> (tensor<8xf32>) {
    par.perform_concurrently {
      par.parallel_insert_slice %s into %C[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @threads_in_threads(%C: memref<8x8xf32>, %v: f32) {
  %c8 = arith.constant 8 : index
  par.foreach_thread (%i) in (%c8) mapping = [#gpu.thread<y>] {
    // expected-error @below {{par-to-gpu maps a 'par.foreach_thread' inside another only when it is mapped to #gpu.thread dimensions and sits directly in the body of one mapped to #gpu.block dimensions (a grid has one level of blocks and one of threads)}}
    par.foreach_thread (%j) in (%c8) mapping = [#gpu.thread<x>] {
      memref.store %v, %C[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

// -----

func.func @dynamic_inner(%C: memref<8x?xf32>, %v: f32, %n: index) {
  %c8 = arith.constant 8 : index
  par.foreach_thread (%i) in (%c8) mapping = [#gpu.block<x>] {
    // expected-error @below {{par-to-gpu: the thread counts of a 'par.foreach_thread' inside a block-mapped one size the block, so they must be constants}}
    par.foreach_thread (%j) in (%n) mapping = [#gpu.thread<x>] {
      memref.store %v, %C[%i, %j] : memref<8x?xf32>
    }
  }
  return
}

// -----

func.func @block_level_store(%C: memref<8x8xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  par.foreach_thread (%i) in (%c8) mapping = [#gpu.block<x>] {
    // expected-error @below {{par-to-gpu: this op is at the block level of a block-mapped 'par.foreach_thread' with thread-mapped ones inside, which every GPU thread of the block runs; only ops without side effects and workgroup allocations may be there (move it into a thread-mapped 'par.foreach_thread')}}
    memref.store %v, %C[%i, %c0] : memref<8x8xf32>
    par.foreach_thread (%j) in (%c8) mapping = [#gpu.thread<x>] {
      memref.store %v, %C[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

// -----

// The body moves into gpu.module @par_kernels, whose symbols are its own: a
// call of a host function there would name nothing (the fuzzer found the
// kernel calling an undeclared @rtclock, which failed to verify).
func.func private @rtclock() -> f64

func.func @host_call(%C: memref<64xf64>) {
  %c64 = arith.constant 64 : index
  par.foreach_thread (%i) in (%c64) {
    // expected-error @below {{par-to-gpu moves the body of a 'par.foreach_thread' into a GPU kernel, where 'func.call' cannot name a symbol of the host module; inline the callee or pass the global as an operand}}
    %t = func.call @rtclock() : () -> f64
    memref.store %t, %C[%i] : memref<64xf64>
  }
  return
}
