// Corpus kernel: nvgpu-pipeliner/depth2-3slots-peeled.mlir
// Origin: upstream MLIR (LLVM 22, /usr/lib/llvm-22/bin/mlir-opt) transform.nvgpu.create_async_groups {bypass_l1} + transform.nvgpu.pipeline_shared_memory_copies {depth = 2, peel_epilogue} (the transforms of llvm-project mlir/test/Dialect/NVGPU/transform-create-async-groups.mlir and transform-pipeline-shared.mlir, Apache-2.0 WITH LLVM-exception) on test/Corpus/gen/pipeliner-input-3slots.mlir (written for this corpus): test/Corpus/gen/make-pipeliner.sh
// What: 128 threads; K loop of 256 iterations; each iteration, thread t copies its 4 floats of row t of a 128x4 tile into slot (k mod 3) of workgroup memory (vector.transfer_read/write -> nvgpu.device_async_copy), a barrier, then reads row t+1 (its neighbour's copy) of the same slot. Pipelined at depth 2 with 3 slots, epilogue peeled.
// truth: race-free
// barriers-needed: 3
//
// As depth2-3slots, with the last two iterations peeled: the loop runs to 1016, then the
// epilogue waits (numGroups 1, then 0) and reads the last two tiles, each after a barrier.
//
// barrier #1 (loop): RAW on the neighbour's copy, WAR with the next copy: needed.
// barrier #2 (epilogue, after wait numGroups = 1): RAW on the neighbour's copy of tile 254: needed.
// barrier #3 (epilogue, after wait numGroups = 0): RAW on the neighbour's copy of tile 255: needed.
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
      %15 = arith.subi %c1024, %14 : index
      %16:5 = scf.for %arg2 = %c0 to %15 step %c4 iter_args(%arg3 = %cst, %arg4 = %7, %arg5 = %13, %arg6 = %5, %arg7 = %11) -> (f32, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index) {
        %c0_5 = arith.constant 0 : index
        %37 = arith.muli %c4, %c0_5 : index
        %38 = arith.addi %arg2, %37 : index
        %39 = vector.transfer_read %arg0[%thread_id_x, %38], %cst {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
        nvgpu.device_async_wait %arg4 {numGroups = 1 : i32}
        gpu.barrier
        %40 = memref.load %alloc[%arg6, %1, %c0] : memref<3x128x4xf32, #gpu.address_space<workgroup>>
        %41 = arith.addf %arg3, %40 : f32
        %c2_6 = arith.constant 2 : index
        %42 = arith.muli %c4, %c2_6 : index
        %43 = arith.addi %arg2, %42 : index
        %44 = arith.divui %43, %c4 : index
        %45 = arith.remui %44, %c3 : index
        %c2_7 = arith.constant 2 : index
        %46 = arith.muli %c4, %c2_7 : index
        %47 = arith.addi %arg2, %46 : index
        %48 = nvgpu.device_async_copy %arg0[%thread_id_x, %47], %alloc[%45, %thread_id_x, %c0], 4 {bypassL1} : memref<128x1024xf32> to memref<3x128x4xf32, #gpu.address_space<workgroup>>
        %49 = nvgpu.device_async_create_group %48
        scf.yield %41, %arg5, %49, %arg7, %45 : f32, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index
      }
      %c0_2 = arith.constant 0 : index
      %c1_3 = arith.constant 1 : index
      %17 = arith.cmpi slt, %c4, %c0_2 : index
      %c-1 = arith.constant -1 : index
      %18 = arith.select %17, %c1_3, %c-1 : index
      %19 = arith.subi %c1024, %c0 : index
      %20 = arith.addi %19, %c4 : index
      %21 = arith.addi %20, %18 : index
      %22 = arith.divsi %21, %c4 : index
      %c2_4 = arith.constant 2 : index
      %23 = arith.subi %22, %c2_4 : index
      %24 = arith.maxsi %c0_2, %23 : index
      %25 = arith.muli %c4, %24 : index
      %26 = arith.addi %c0, %25 : index
      %27 = arith.addi %24, %c1_3 : index
      %28 = arith.muli %c4, %27 : index
      %29 = arith.addi %c0, %28 : index
      %30 = arith.addi %27, %c1_3 : index
      %31 = vector.transfer_read %arg0[%thread_id_x, %26], %cst {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
      nvgpu.device_async_wait %16#1 {numGroups = 1 : i32}
      gpu.barrier
      %32 = memref.load %alloc[%16#3, %1, %c0] : memref<3x128x4xf32, #gpu.address_space<workgroup>>
      %33 = arith.addf %16#0, %32 : f32
      %34 = vector.transfer_read %arg0[%thread_id_x, %29], %cst {in_bounds = [true]} : memref<128x1024xf32>, vector<4xf32>
      nvgpu.device_async_wait %16#2 {numGroups = 0 : i32}
      gpu.barrier
      %35 = memref.load %alloc[%16#4, %1, %c0] : memref<3x128x4xf32, #gpu.address_space<workgroup>>
      %36 = arith.addf %33, %35 : f32
      memref.store %36, %arg1[%thread_id_x] : memref<128xf32>
      gpu.return
    }
  }
}

