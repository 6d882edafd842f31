// Corpus kernel: nvgpu-pipeliner/depth3-3slots.mlir
// Origin: upstream MLIR (LLVM 22, /usr/lib/llvm-22/bin/mlir-opt) transform.nvgpu.create_async_groups {bypass_l1} + transform.nvgpu.pipeline_shared_memory_copies {depth = 3} (the transforms of llvm-project mlir/test/Dialect/NVGPU/transform-create-async-groups.mlir and transform-pipeline-shared.mlir, Apache-2.0 WITH LLVM-exception) on test/Corpus/gen/pipeliner-input-3slots.mlir (written for this corpus): test/Corpus/gen/make-pipeliner.sh
// What: 128 threads; K loop of 256 iterations; each iteration, thread t copies its 4 floats of row t of a 128x4 tile into slot (k mod 3) of workgroup memory (vector.transfer_read/write -> nvgpu.device_async_copy), a barrier, then reads row t+1 (its neighbour's copy) of the same slot. Pipelined at depth 3 with 3 slots, epilogue predicated (zero-fill copies past the end).
// truth: race: with 3 slots and 3 tiles in flight the pipeliner issues tile k+3 into slot (k+3) mod 3 = k mod 3, the slot read in the same iteration, after the load and with no barrier between: thread t+1's device_async_copy of row t+1 of slot k mod 3 races (WAR) with thread t's memref.load of that row (the pipeliner does not check the number of buffers)
// barriers-needed: 1
//
// Prologue: tiles 0, 1, 2 into slots 0, 1, 2. Iteration k: wait numGroups = 2 (tile k complete),
// barrier, load slot k mod 3 row t+1, copy tile k+3 into slot k mod 3.
//
// barrier #1 (loop, after the wait): RAW on the neighbour's copy of tile k: needed (it cannot fix the WAR, which is after it).
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
      %c2 = arith.constant 2 : index
      %14 = arith.muli %c4, %c2 : index
      %15 = arith.addi %c0, %14 : index
      %16 = arith.divui %15, %c4 : index
      %17 = arith.remui %16, %c3 : index
      %18 = nvgpu.device_async_copy %arg0[%thread_id_x, %15], %alloc[%17, %thread_id_x, %c0], 4 {bypassL1} : memref<128x1024xf32> to memref<3x128x4xf32, #gpu.address_space<workgroup>>
      %19 = nvgpu.device_async_create_group %18
      %20:7 = scf.for %arg2 = %c0 to %c1024 step %c4 iter_args(%arg3 = %cst, %arg4 = %7, %arg5 = %13, %arg6 = %19, %arg7 = %5, %arg8 = %11, %arg9 = %17) -> (f32, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index) {
        %c3_2 = arith.constant 3 : index
        %21 = arith.muli %c4, %c3_2 : index
        %22 = arith.subi %c1024, %21 : index
        %23 = arith.cmpi slt, %arg2, %22 : index
        %c2_3 = arith.constant 2 : index
        %24 = arith.muli %c4, %c2_3 : index
        %25 = arith.subi %c1024, %24 : index
        %26 = arith.cmpi slt, %arg2, %25 : index
        %c1_4 = arith.constant 1 : index
        %27 = arith.muli %c4, %c1_4 : index
        %28 = arith.subi %c1024, %27 : index
        %29 = arith.cmpi slt, %arg2, %28 : index
        %c0_5 = arith.constant 0 : index
        %30 = arith.muli %c4, %c0_5 : index
        %31 = arith.addi %arg2, %30 : index
        %32 = vector.transfer_read %arg0[%thread_id_x, %31], %cst {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
        nvgpu.device_async_wait %arg4 {numGroups = 2 : i32}
        gpu.barrier
        %33 = memref.load %alloc[%arg7, %1, %c0] : memref<3x128x4xf32, #gpu.address_space<workgroup>>
        %34 = arith.addf %arg3, %33 : f32
        %c3_6 = arith.constant 3 : index
        %35 = arith.muli %c4, %c3_6 : index
        %36 = arith.addi %arg2, %35 : index
        %37 = arith.divui %36, %c4 : index
        %38 = arith.remui %37, %c3 : index
        %c3_7 = arith.constant 3 : index
        %39 = arith.muli %c4, %c3_7 : index
        %40 = arith.addi %arg2, %39 : index
        %c4_8 = arith.constant 4 : index
        %c0_9 = arith.constant 0 : index
        %41 = arith.select %23, %c4_8, %c0_9 : index
        %42 = nvgpu.device_async_copy %arg0[%thread_id_x, %40], %alloc[%38, %thread_id_x, %c0], 4, %41 : memref<128x1024xf32> to memref<3x128x4xf32, #gpu.address_space<workgroup>>
        %43 = nvgpu.device_async_create_group %42
        scf.yield %34, %arg5, %arg6, %43, %arg8, %arg9, %38 : f32, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index
      }
      memref.store %20#0, %arg1[%thread_id_x] : memref<128xf32>
      gpu.return
    }
  }
}

