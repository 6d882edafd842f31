// Corpus kernel: nvgpu-pipeliner/depth2-3slots.mlir
// Origin: upstream MLIR (LLVM 22, /usr/lib/llvm-22/bin/mlir-opt) transform.nvgpu.create_async_groups {bypass_l1} + transform.nvgpu.pipeline_shared_memory_copies {depth = 2} (the transforms of llvm-project mlir/test/Dialect/NVGPU/transform-create-async-groups.mlir and transform-pipeline-shared.mlir, Apache-2.0 WITH LLVM-exception) on test/Corpus/gen/pipeliner-input-3slots.mlir (written for this corpus): test/Corpus/gen/make-pipeliner.sh
// What: 128 threads; K loop of 256 iterations; each iteration, thread t copies its 4 floats of row t of a 128x4 tile into slot (k mod 3) of workgroup memory (vector.transfer_read/write -> nvgpu.device_async_copy), a barrier, then reads row t+1 (its neighbour's copy) of the same slot. Pipelined at depth 2 with 3 slots, epilogue predicated (zero-fill copies past the end).
// truth: race-free
// barriers-needed: 1
//
// Prologue: tiles 0, 1 into slots 0, 1. Iteration k: wait numGroups = 1 (tile k complete), barrier,
// load slot k mod 3 row t+1, then copy tile k+2 into slot (k+2) mod 3 = (k-1) mod 3 (size 0 past
// the end). Slot (k-1) mod 3 was last read in iteration k-1, before the barrier of iteration k.
// The two zero-fill groups in flight at the exit write slots nothing reads afterwards. (The
// pipeliner also left a dead vector.transfer_read of global memory in the body.)
//
// barrier #1 (loop, after the wait): RAW on the neighbour's cp.async (its wait completes it,
//   the barrier makes it ordered before our load) and WAR with the next iteration's copy: needed.
// (barriers are numbered in program order.)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stage_neighbour(%arg0: memref<128x1024xf32>, %arg1: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %c1024 = arith.constant 1024 : index
      %cst = arith.constant 0.000000e+00 : f32
      %thread_id_x = gpu.thread_id  x
      %alloc = memref.alloc() : memref<3x128x4xf32, #gpu.address_space<workgroup>>
      %0 = arith.addi %thread_id_x, %c1 : index
      %1 = arith.remui %0, %c128 : index
      %c0_0 = arith.constant 0 : index
      %2 = arith.muli %c4, %c0_0 : index
      %3 = arith.addi %c0, %2 : index
      %4 = arith.divui %3, %c4 : index
      %5 = arith.remui %4, %c3 : index
      %6 = nvgpu.device_async_copy %arg0[%thread_id_x, %3], %alloc[%5, %thread_id_x, %c0], 4 {bypassL1} : memref<128x1024xf32> to memref<3x128x4xf32, #gpu.address_space<workgroup>>
      %7 = nvgpu.device_async_create_group %6
      %c1_1 = arith.constant 1 : index
      %8 = arith.muli %c4, %c1_1 : index
      %9 = arith.addi %c0, %8 : index
      %10 = arith.divui %9, %c4 : index
      %11 = arith.remui %10, %c3 : index
      %12 = nvgpu.device_async_copy %arg0[%thread_id_x, %9], %alloc[%11, %thread_id_x, %c0], 4 {bypassL1} : memref<128x1024xf32> to memref<3x128x4xf32, #gpu.address_space<workgroup>>
      %13 = nvgpu.device_async_create_group %12
      %14:5 = scf.for %arg2 = %c0 to %c1024 step %c4 iter_args(%arg3 = %cst, %arg4 = %7, %arg5 = %13, %arg6 = %5, %arg7 = %11) -> (f32, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index) {
        %c2 = arith.constant 2 : index
        %15 = arith.muli %c4, %c2 : index
        %16 = arith.subi %c1024, %15 : index
        %17 = arith.cmpi slt, %arg2, %16 : index
        %c1_2 = arith.constant 1 : index
        %18 = arith.muli %c4, %c1_2 : index
        %19 = arith.subi %c1024, %18 : index
        %20 = arith.cmpi slt, %arg2, %19 : index
        %c0_3 = arith.constant 0 : index
        %21 = arith.muli %c4, %c0_3 : index
        %22 = arith.addi %arg2, %21 : index
        %23 = vector.transfer_read %arg0[%thread_id_x, %22], %cst {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
        nvgpu.device_async_wait %arg4 {numGroups = 1 : i32}
        gpu.barrier
        %24 = memref.load %alloc[%arg6, %1, %c0] : memref<3x128x4xf32, #gpu.address_space<workgroup>>
        %25 = arith.addf %arg3, %24 : f32
        %c2_4 = arith.constant 2 : index
        %26 = arith.muli %c4, %c2_4 : index
        %27 = arith.addi %arg2, %26 : index
        %28 = arith.divui %27, %c4 : index
        %29 = arith.remui %28, %c3 : index
        %c2_5 = arith.constant 2 : index
        %30 = arith.muli %c4, %c2_5 : index
        %31 = arith.addi %arg2, %30 : index
        %c4_6 = arith.constant 4 : index
        %c0_7 = arith.constant 0 : index
        %32 = arith.select %17, %c4_6, %c0_7 : index
        %33 = nvgpu.device_async_copy %arg0[%thread_id_x, %31], %alloc[%29, %thread_id_x, %c0], 4, %32 : memref<128x1024xf32> to memref<3x128x4xf32, #gpu.address_space<workgroup>>
        %34 = nvgpu.device_async_create_group %33
        scf.yield %25, %arg5, %34, %arg7, %29 : f32, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index
      }
      memref.store %14#0, %arg1[%thread_id_x] : memref<128xf32>
      gpu.return
    }
  }
}

