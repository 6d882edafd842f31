// Corpus kernel: nvgpu-pipeliner/depth3-4slots-peeled.mlir
// Origin: upstream MLIR (LLVM 22, /usr/lib/llvm-22/bin/mlir-opt) transform.nvgpu.create_async_groups {bypass_l1} + transform.nvgpu.pipeline_shared_memory_copies {depth = 3, peel_epilogue} (the transforms of llvm-project mlir/test/Dialect/NVGPU/transform-create-async-groups.mlir and transform-pipeline-shared.mlir, Apache-2.0 WITH LLVM-exception) on test/Corpus/gen/pipeliner-input-4slots.mlir (written for this corpus): test/Corpus/gen/make-pipeliner.sh
// What: 128 threads; K loop of 256 iterations; each iteration, thread t copies its 4 floats of row t of a 128x4 tile into slot (k mod 4) of workgroup memory (vector.transfer_read/write -> nvgpu.device_async_copy), a barrier, then reads row t+1 (its neighbour's copy) of the same slot. Pipelined at depth 3 with 4 slots, epilogue peeled.
// truth: race-free
// barriers-needed: 4
//
// As depth3-4slots with the last three iterations peeled (epilogue: wait 2, 1, 0, each followed
// by a barrier and the load of the neighbour's row).
//
// barrier #1 (loop): RAW on the neighbour's copy and WAR with the next copy: needed.
// barriers #2, #3, #4 (epilogue): RAW on the neighbour's copies of the last three tiles: needed.
// (barriers are numbered in program order.)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stage_neighbour_4slots(%arg0: memref<128x1024xf32>, %arg1: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %c1024 = arith.constant 1024 : index
      %cst = arith.constant 0.000000e+00 : f32
      %thread_id_x = gpu.thread_id  x
      %alloc = memref.alloc() : memref<4x128x4xf32, #gpu.address_space<workgroup>>
      %0 = arith.addi %thread_id_x, %c1 : index
      %1 = arith.remui %0, %c128 : index
      %c0_0 = arith.constant 0 : index
      %2 = arith.muli %c4, %c0_0 : index
      %3 = arith.addi %c0, %2 : index
      %4 = arith.divui %3, %c4 : index
      %5 = arith.remui %4, %c4 : index
      %6 = nvgpu.device_async_copy %arg0[%thread_id_x, %3], %alloc[%5, %thread_id_x, %c0], 4 {bypassL1} : memref<128x1024xf32> to memref<4x128x4xf32, #gpu.address_space<workgroup>>
      %7 = nvgpu.device_async_create_group %6
      %c1_1 = arith.constant 1 : index
      %8 = arith.muli %c4, %c1_1 : index
      %9 = arith.addi %c0, %8 : index
      %10 = arith.divui %9, %c4 : index
      %11 = arith.remui %10, %c4 : index
      %12 = nvgpu.device_async_copy %arg0[%thread_id_x, %9], %alloc[%11, %thread_id_x, %c0], 4 {bypassL1} : memref<128x1024xf32> to memref<4x128x4xf32, #gpu.address_space<workgroup>>
      %13 = nvgpu.device_async_create_group %12
      %c2 = arith.constant 2 : index
      %14 = arith.muli %c4, %c2 : index
      %15 = arith.addi %c0, %14 : index
      %16 = arith.divui %15, %c4 : index
      %17 = arith.remui %16, %c4 : index
      %18 = nvgpu.device_async_copy %arg0[%thread_id_x, %15], %alloc[%17, %thread_id_x, %c0], 4 {bypassL1} : memref<128x1024xf32> to memref<4x128x4xf32, #gpu.address_space<workgroup>>
      %19 = nvgpu.device_async_create_group %18
      %c3_2 = arith.constant 3 : index
      %20 = arith.muli %c4, %c3_2 : index
      %21 = arith.subi %c1024, %20 : index
      %22:7 = scf.for %arg2 = %c0 to %21 step %c4 iter_args(%arg3 = %cst, %arg4 = %7, %arg5 = %13, %arg6 = %19, %arg7 = %5, %arg8 = %11, %arg9 = %17) -> (f32, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index) {
        %c0_6 = arith.constant 0 : index
        %49 = arith.muli %c4, %c0_6 : index
        %50 = arith.addi %arg2, %49 : index
        %51 = vector.transfer_read %arg0[%thread_id_x, %50], %cst {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
        nvgpu.device_async_wait %arg4 {numGroups = 2 : i32}
        gpu.barrier
        %52 = memref.load %alloc[%arg7, %1, %c0] : memref<4x128x4xf32, #gpu.address_space<workgroup>>
        %53 = arith.addf %arg3, %52 : f32
        %c3_7 = arith.constant 3 : index
        %54 = arith.muli %c4, %c3_7 : index
        %55 = arith.addi %arg2, %54 : index
        %56 = arith.divui %55, %c4 : index
        %57 = arith.remui %56, %c4 : index
        %c3_8 = arith.constant 3 : index
        %58 = arith.muli %c4, %c3_8 : index
        %59 = arith.addi %arg2, %58 : index
        %60 = nvgpu.device_async_copy %arg0[%thread_id_x, %59], %alloc[%57, %thread_id_x, %c0], 4 {bypassL1} : memref<128x1024xf32> to memref<4x128x4xf32, #gpu.address_space<workgroup>>
        %61 = nvgpu.device_async_create_group %60
        scf.yield %53, %arg5, %arg6, %61, %arg8, %arg9, %57 : f32, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index
      }
      %c0_3 = arith.constant 0 : index
      %c1_4 = arith.constant 1 : index
      %23 = arith.cmpi slt, %c4, %c0_3 : index
      %c-1 = arith.constant -1 : index
      %24 = arith.select %23, %c1_4, %c-1 : index
      %25 = arith.subi %c1024, %c0 : index
      %26 = arith.addi %25, %c4 : index
      %27 = arith.addi %26, %24 : index
      %28 = arith.divsi %27, %c4 : index
      %c3_5 = arith.constant 3 : index
      %29 = arith.subi %28, %c3_5 : index
      %30 = arith.maxsi %c0_3, %29 : index
      %31 = arith.muli %c4, %30 : index
      %32 = arith.addi %c0, %31 : index
      %33 = arith.addi %30, %c1_4 : index
      %34 = arith.muli %c4, %33 : index
      %35 = arith.addi %c0, %34 : index
      %36 = arith.addi %33, %c1_4 : index
      %37 = arith.muli %c4, %36 : index
      %38 = arith.addi %c0, %37 : index
      %39 = arith.addi %36, %c1_4 : index
      %40 = vector.transfer_read %arg0[%thread_id_x, %32], %cst {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
      nvgpu.device_async_wait %22#1 {numGroups = 2 : i32}
      gpu.barrier
      %41 = memref.load %alloc[%22#4, %1, %c0] : memref<4x128x4xf32, #gpu.address_space<workgroup>>
      %42 = arith.addf %22#0, %41 : f32
      %43 = vector.transfer_read %arg0[%thread_id_x, %35], %cst {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
      nvgpu.device_async_wait %22#2 {numGroups = 1 : i32}
      gpu.barrier
      %44 = memref.load %alloc[%22#5, %1, %c0] : memref<4x128x4xf32, #gpu.address_space<workgroup>>
      %45 = arith.addf %42, %44 : f32
      %46 = vector.transfer_read %arg0[%thread_id_x, %38], %cst {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
      nvgpu.device_async_wait %22#3 {numGroups = 0 : i32}
      gpu.barrier
      %47 = memref.load %alloc[%22#6, %1, %c0] : memref<4x128x4xf32, #gpu.address_space<workgroup>>
      %48 = arith.addf %45, %47 : f32
      memref.store %48, %arg1[%thread_id_x] : memref<128xf32>
      gpu.return
    }
  }
}

