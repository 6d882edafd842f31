// A loop whose state does not settle into a cycle within the Hopper model's
// budget (LOOP_BUDGET = 512 iterations): thread 0 reads a different word of
// shared memory in each of 1024 iterations before the pattern repeats, so
// the model's record of reads differs at the top of each of the first 1024
// iterations. It gives up at the loop and says so, rather than running on
// (each iteration keeps its state for the cycle test).
// RUN: not asyncpipe-opt %s --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: cannot prove: 1000000 iterations whose state does not settle into a cycle within 512
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
gpu.module @kernels {
  memref.global "private" @words : memref<1024xf32, 3> {alignment = 16 : i64}
  gpu.func @budget(%out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1024 = arith.constant 1024 : index
    %n = arith.constant 1000000 : index
    %tid = gpu.thread_id x
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %c1 : !bar
    }
    gpu.barrier
    %words = memref.get_global @words : memref<1024xf32, 3>
    scf.for %i = %c0 to %n step %c1 {
      %w = arith.remui %i, %c1024 : index
      scf.if %first {
        %v = memref.load %words[%w] : memref<1024xf32, 3>
        memref.store %v, %out[%c0] : memref<1xf32>
      }
    }
    gpu.return
  }
}
