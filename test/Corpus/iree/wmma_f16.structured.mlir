// Corpus kernel: iree/wmma_f16.structured.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/wmma_f16.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --iree-codegen-llvmgpu-use-wmma --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP structured (test/Corpus/gen/make-iree.sh does both); stage 'structured': the IR printed before IREE's own run of upstream gpu-eliminate-barriers (scf, vector, affine, nvgpu)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/wmma_f16.mlir (written for this corpus)
// What: 1024x1024x512 f16 x f16 -> f32 matmul, WMMA pipeline (LLVMGPUMatmulTensorCore), 128 threads
// truth: race-free
// barriers-needed: 3
//
// Pipeline (LLVMGPUMatmulTensorCore, gpu.subgroup_mma_* = WMMA): 4 slots per operand; the
// prologue issues tiles 0..3 into slots 0..3 (one group each); iteration k waits with numGroups =
// 3 (tile k complete), reads slot k with gpu.subgroup_mma_load_matrix (rows copied by other
// threads), then, after a barrier, issues tile k+4 into slot k mod 4 (zero-filled past K).
// RAW on tile k: wait + barrier at the top of iteration k. WAR on slot k mod 4: the barrier
// between the mma loads and the copy of the same iteration. The last 4 zero-fill groups are in
// flight at the exit; they write only the A/B slot buffers, nothing reads them, and the epilogue's
// gpu.subgroup_mma_store_matrix writes a separate allocation.
//
// barrier #1 (before the first prologue copy): nothing before it touches workgroup memory: not needed.
// barriers #2, #3, #4 (between the prologue copies into slots 0|1, 1|2, 2|3): the copies write
//   different slots of fresh buffers, nothing is read yet: not needed.
// barrier #5 (loop top, after the wait): RAW on tile k copied by other threads: needed.
// barrier #6 (loop, between the mma loads of slot k and the copy of tile k+4 into slot k): WAR: needed.
// barrier #7 (after gpu.subgroup_mma_store_matrix into the C staging buffer): the vector.loads
//   after it read rows stored by other warps: needed.
// barrier #8 (last op before gpu.return): not needed.
// (barriers are numbered in program order.)
// IREE kernel wmma_f16_dispatch_0_matmul_1024x1024x512_f16xf16xf32, IREE pipeline LLVMGPUMatmulTensorCore.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wmma_f16_dispatch_0_matmul_1024x1024x512_f16xf16xf32(%2: memref<1024x512xf16, #gpu.address_space<global>>, %3: memref<512x1024xf16, #gpu.address_space<global>>, %4: memref<1024x1024xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c128 = arith.constant 128 : index
      %c384 = arith.constant 384 : index
      %c3 = arith.constant 3 : index
      %c2 = arith.constant 2 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c512 = arith.constant 512 : index
      %c32 = arith.constant 32 : index
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.000000e+00 : f32
      %0 = gpu.subgroup_mma_constant_matrix %cst : !gpu.mma_matrix<16x16xf32, "COp">
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %1 = affine.linearize_index disjoint [%thread_id_y, %thread_id_x] by (2, 64) : index
      %assume_align = memref.assume_alignment %2, 64 : memref<1024x512xf16, #gpu.address_space<global>>
      %assume_align_0 = memref.assume_alignment %3, 64 : memref<512x1024xf16, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %4, 64 : memref<1024x1024xf32, #gpu.address_space<global>>
      %5:2 = affine.delinearize_index %thread_id_x into (2, 32) : index, index
      %alloc = memref.alloc() : memref<32x36xf32, #gpu.address_space<workgroup>>
      %alloc_2 = memref.alloc() : memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %alloc_3 = memref.alloc() : memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x
      %6:2 = affine.delinearize_index %workgroup_id_x into (32, 32) : index, index
      %7:2 = affine.delinearize_index %1 into (32, 4) : index, index
      %8 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32)>()[%7#0, %6#0]
      %9 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%7#1]
      %10 = affine.apply affine_map<()[s0, s1] -> (s0 * 8 + s1 * 32)>()[%7#1, %6#1]
      %11 = affine.apply affine_map<()[s0] -> (s0 * 16)>()[%thread_id_y]
      %12 = affine.apply affine_map<()[s0] -> (s0 * 16)>()[%5#0]
      gpu.barrier {__pipelining_first_stage__}
      %13 = nvgpu.device_async_copy %assume_align[%8, %9], %alloc_2[%c0, %7#0, %9], 8 {__pipelining_first_stage__} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %14 = nvgpu.device_async_copy %assume_align_0[%7#0, %10], %alloc_3[%c0, %7#0, %9], 8 {__pipelining_first_stage__} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %15 = nvgpu.device_async_create_group %13, %14 {__pipelining_first_stage__}
      gpu.barrier {__pipelining_first_stage__}
      %16 = affine.apply affine_map<()[s0] -> (s0 * 8 + 32)>()[%7#1]
      %17 = nvgpu.device_async_copy %assume_align[%8, %16], %alloc_2[%c1, %7#0, %9], 8 {__pipelining_first_stage__} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %18 = affine.apply affine_map<()[s0] -> (s0 + 32)>()[%7#0]
      %19 = nvgpu.device_async_copy %assume_align_0[%18, %10], %alloc_3[%c1, %7#0, %9], 8 {__pipelining_first_stage__} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %20 = nvgpu.device_async_create_group %17, %19 {__pipelining_first_stage__}
      gpu.barrier {__pipelining_first_stage__}
      %21 = affine.apply affine_map<()[s0] -> (s0 * 8 + 64)>()[%7#1]
      %22 = nvgpu.device_async_copy %assume_align[%8, %21], %alloc_2[%c2, %7#0, %9], 8 {__pipelining_first_stage__} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %23 = affine.apply affine_map<()[s0] -> (s0 + 64)>()[%7#0]
      %24 = nvgpu.device_async_copy %assume_align_0[%23, %10], %alloc_3[%c2, %7#0, %9], 8 {__pipelining_first_stage__} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %25 = nvgpu.device_async_create_group %22, %24 {__pipelining_first_stage__}
      gpu.barrier {__pipelining_first_stage__}
      %26 = affine.apply affine_map<()[s0] -> (s0 * 8 + 96)>()[%7#1]
      %27 = nvgpu.device_async_copy %assume_align[%8, %26], %alloc_2[%c3, %7#0, %9], 8 {__pipelining_first_stage__} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %28 = affine.apply affine_map<()[s0] -> (s0 + 96)>()[%7#0]
      %29 = nvgpu.device_async_copy %assume_align_0[%28, %10], %alloc_3[%c3, %7#0, %9], 8 {__pipelining_first_stage__} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %30 = nvgpu.device_async_create_group %27, %29 {__pipelining_first_stage__}
      %31:9 = scf.for %arg0 = %c0 to %c512 step %c32 iter_args(%arg1 = %0, %arg2 = %15, %arg3 = %20, %arg4 = %25, %arg5 = %30, %arg6 = %c0, %arg7 = %c1, %arg8 = %c2, %arg9 = %c3) -> (!gpu.mma_matrix<16x16xf32, "COp">, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index, index) {
        %40 = arith.cmpi slt, %arg0, %c384 : index
        nvgpu.device_async_wait %arg2 {numGroups = 3 : i32}
        gpu.barrier
        %41 = gpu.subgroup_mma_load_matrix %alloc_2[%arg6, %11, %c0] {leadDimension = 40 : index} : memref<4x32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %42 = gpu.subgroup_mma_load_matrix %alloc_2[%arg6, %11, %c16] {leadDimension = 40 : index} : memref<4x32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %43 = gpu.subgroup_mma_load_matrix %alloc_3[%arg6, %c0, %12] {leadDimension = 40 : index} : memref<4x32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %44 = gpu.subgroup_mma_load_matrix %alloc_3[%arg6, %c16, %12] {leadDimension = 40 : index} : memref<4x32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %45 = gpu.subgroup_mma_compute %41, %43, %arg1 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        %46 = gpu.subgroup_mma_compute %42, %44, %45 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        gpu.barrier {__pipelining_first_stage__}
        %47 = arith.addi %arg0, %c128 : index
        %48 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 8)>()[%47, %7#1]
        %49 = affine.apply affine_map<(d0) -> ((d0 floordiv 32) mod 4)>(%47)
        %50 = arith.select %40, %c8, %c0 : index
        %51 = nvgpu.device_async_copy %assume_align[%8, %48], %alloc_2[%49, %7#0, %9], 8, %50 {bypassL1} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
        %52 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%47, %7#0]
        %53 = nvgpu.device_async_copy %assume_align_0[%52, %10], %alloc_3[%49, %7#0, %9], 8, %50 {bypassL1} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
        %54 = nvgpu.device_async_create_group %51, %53 {__pipelining_first_stage__}
        scf.yield %46, %arg3, %arg4, %arg5, %54, %arg7, %arg8, %arg9, %49 : !gpu.mma_matrix<16x16xf32, "COp">, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index, index
      }
      gpu.subgroup_mma_store_matrix %31#0, %alloc[%11, %12] {leadDimension = 36 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x36xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %32:2 = affine.delinearize_index %1 into (16, 8) : index, index
      %33 = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%32#1]
      %34 = vector.load %alloc[%32#0, %33] : memref<32x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %35 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32)>()[%32#0, %6#0]
      %36 = affine.apply affine_map<()[s0, s1] -> (s0 * 4 + s1 * 32)>()[%32#1, %6#1]
      vector.store %34, %assume_align_1[%35, %36] : memref<1024x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      %37 = affine.apply affine_map<()[s0] -> (s0 + 16)>()[%32#0]
      %38 = vector.load %alloc[%37, %33] : memref<32x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %39 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32 + 16)>()[%32#0, %6#0]
      vector.store %38, %assume_align_1[%39, %36] : memref<1024x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.barrier
      gpu.return
    }
  }
}
