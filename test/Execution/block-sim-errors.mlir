// The block model's runtime checks: threads that stop at different barriers
// (a barrier under thread-dependent control flow: a hang or undefined
// behaviour on a GPU), and a block larger than the model holds, end the run
// with a message and exit code 1.
// RUN: split-file %s %t
// RUN: cat %t/divergent.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm \
// RUN:   | not %run-cpu 2>&1 | FileCheck %s --check-prefix=DIVERGENT
// DIVERGENT: block-sim: threads of one block reached different barriers (divergent control flow)
// RUN: cat %t/large.mlir %S/Inputs/block-sim.mlir | asyncpipe-opt --convert-scf-to-cf --asyncpipe-lower-block %lower-to-llvm \
// RUN:   | not %run-cpu 2>&1 | FileCheck %s --check-prefix=LARGE
// LARGE: block-sim: more threads in a block than the model holds (1024)

//--- divergent.mlir
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c2 : index
    scf.if %low {
      gpu.barrier
    }
    gpu.return
  }
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c0_ = arith.constant 0 : index
  func.call @block_sim_configure(%c0, %c0, %c0_) : (index, index, index) -> ()
  func.call @k(%c0) : (index) -> ()
  return
}

//--- large.mlir
func.func private @k(index)
gpu.module @kernels {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 2048, 1, 1>} {
    gpu.return
  }
}
func.func @main() {
  %c0 = arith.constant 0 : index
  func.call @block_sim_configure(%c0, %c0, %c0) : (index, index, index) -> ()
  func.call @k(%c0) : (index) -> ()
  return
}
