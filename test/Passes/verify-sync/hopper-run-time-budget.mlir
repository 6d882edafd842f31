// A loop of run-time trip count %n in which thread 0 arrives on an
// mbarrier that counts a million arrivals: the state (the phase's arrivals)
// never repeats, so each case of %n runs the loop from the kernel's entry
// up to the iteration where the case splits again, and the cases together
// grow with the square of their number (128 analyses, about 8,000
// iterations: 3.2 s here in a debug build, far more on a 128-thread wgmma
// kernel). Past CASE_ITERATIONS (2,048) iterations over all cases no case
// is split further (2.2 s), and verify-sync says it cannot prove the
// kernel. (A build without that budget says "more than 128 analyses".)
// RUN: not asyncpipe-opt %s --asyncpipe-verify-sync -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: cannot prove: a loop with bounds not known at compile time around mbarrier
// CHECK: error: cannot prove: the cases of the kernel's run-time arguments took more than 2048 loop iterations in all
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 1>
gpu.module @kernels {
  gpu.func @arrivals(%n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %million = arith.constant 1000000 : index
    %tid = gpu.thread_id x
    %mb = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %mb[%c0], %million : !bar
    }
    gpu.barrier
    scf.for %i = %c0 to %n step %c1 {
      scf.if %first {
        %token = nvgpu.mbarrier.arrive %mb[%c0] : !bar -> !nvgpu.mbarrier.token
      }
    }
    gpu.return
  }
}
