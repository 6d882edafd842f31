// Corpus kernel: iree/wmma_f32.structured.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/wmma_f32.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --iree-codegen-llvmgpu-use-wmma --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP structured (test/Corpus/gen/make-iree.sh does both); stage 'structured': the IR printed before IREE's own run of upstream gpu-eliminate-barriers (scf, vector, affine, nvgpu)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/wmma_f32.mlir (written for this corpus)
// What: 512x512x256 f32 matmul, WMMA pipeline (tf32), 128 threads
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
// IREE kernel wmma_f32_dispatch_0_matmul_512x512x256_f32, IREE pipeline LLVMGPUMatmulTensorCore.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wmma_f32_dispatch_0_matmul_512x512x256_f32(%2: memref<512x256xf32, #gpu.address_space<global>>, %3: memref<256x512xf32, #gpu.address_space<global>>, %4: memref<512x512xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c64 = arith.constant 64 : index
      %c192 = arith.constant 192 : index
      %c3 = arith.constant 3 : index
      %c2 = arith.constant 2 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c256 = arith.constant 256 : index
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.000000e+00 : f32
      %0 = gpu.subgroup_mma_constant_matrix %cst : !gpu.mma_matrix<16x16xf32, "COp">
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %1 = affine.linearize_index disjoint [%thread_id_y, %thread_id_x] by (2, 64) : index
      %assume_align = memref.assume_alignment %2, 64 : memref<512x256xf32, #gpu.address_space<global>>
      %assume_align_0 = memref.assume_alignment %3, 64 : memref<256x512xf32, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %4, 64 : memref<512x512xf32, #gpu.address_space<global>>
      %5:2 = affine.delinearize_index %thread_id_x into (2, 32) : index, index
      %alloc = memref.alloc() : memref<32x36xf32, #gpu.address_space<workgroup>>
      %alloc_2 = memref.alloc() : memref<4x32x20xf32, #gpu.address_space<workgroup>>
      %alloc_3 = memref.alloc() : memref<4x16x36xf32, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x
      %6:2 = affine.delinearize_index %workgroup_id_x into (16, 16) : index, index
      %7:2 = affine.delinearize_index %1 into (32, 4) : index, index
      %8 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32)>()[%7#0, %6#0]
      %9 = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%7#1]
      %10:2 = affine.delinearize_index %1 into (16, 8) : index, index
      %11 = affine.apply affine_map<()[s0, s1] -> (s0 * 4 + s1 * 32)>()[%10#1, %6#1]
      %12 = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%10#1]
      %13 = affine.apply affine_map<()[s0] -> (s0 * 16)>()[%thread_id_y]
      %14 = affine.apply affine_map<()[s0] -> (s0 * 16)>()[%5#0]
      gpu.barrier {__pipelining_first_stage__}
      %15 = nvgpu.device_async_copy %assume_align[%8, %9], %alloc_2[%c0, %7#0, %9], 4 {__pipelining_first_stage__} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x20xf32, #gpu.address_space<workgroup>>
      %16 = nvgpu.device_async_copy %assume_align_0[%10#0, %11], %alloc_3[%c0, %10#0, %12], 4 {__pipelining_first_stage__} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x36xf32, #gpu.address_space<workgroup>>
      %17 = nvgpu.device_async_create_group %15, %16 {__pipelining_first_stage__}
      gpu.barrier {__pipelining_first_stage__}
      %18 = affine.apply affine_map<()[s0] -> (s0 * 4 + 16)>()[%7#1]
      %19 = nvgpu.device_async_copy %assume_align[%8, %18], %alloc_2[%c1, %7#0, %9], 4 {__pipelining_first_stage__} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x20xf32, #gpu.address_space<workgroup>>
      %20 = affine.apply affine_map<()[s0] -> (s0 + 16)>()[%10#0]
      %21 = nvgpu.device_async_copy %assume_align_0[%20, %11], %alloc_3[%c1, %10#0, %12], 4 {__pipelining_first_stage__} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x36xf32, #gpu.address_space<workgroup>>
      %22 = nvgpu.device_async_create_group %19, %21 {__pipelining_first_stage__}
      gpu.barrier {__pipelining_first_stage__}
      %23 = affine.apply affine_map<()[s0] -> (s0 * 4 + 32)>()[%7#1]
      %24 = nvgpu.device_async_copy %assume_align[%8, %23], %alloc_2[%c2, %7#0, %9], 4 {__pipelining_first_stage__} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x20xf32, #gpu.address_space<workgroup>>
      %25 = affine.apply affine_map<()[s0] -> (s0 + 32)>()[%10#0]
      %26 = nvgpu.device_async_copy %assume_align_0[%25, %11], %alloc_3[%c2, %10#0, %12], 4 {__pipelining_first_stage__} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x36xf32, #gpu.address_space<workgroup>>
      %27 = nvgpu.device_async_create_group %24, %26 {__pipelining_first_stage__}
      gpu.barrier {__pipelining_first_stage__}
      %28 = affine.apply affine_map<()[s0] -> (s0 * 4 + 48)>()[%7#1]
      %29 = nvgpu.device_async_copy %assume_align[%8, %28], %alloc_2[%c3, %7#0, %9], 4 {__pipelining_first_stage__} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x20xf32, #gpu.address_space<workgroup>>
      %30 = affine.apply affine_map<()[s0] -> (s0 + 48)>()[%10#0]
      %31 = nvgpu.device_async_copy %assume_align_0[%30, %11], %alloc_3[%c3, %10#0, %12], 4 {__pipelining_first_stage__} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x36xf32, #gpu.address_space<workgroup>>
      %32 = nvgpu.device_async_create_group %29, %31 {__pipelining_first_stage__}
      %33:9 = scf.for %arg0 = %c0 to %c256 step %c16 iter_args(%arg1 = %0, %arg2 = %17, %arg3 = %22, %arg4 = %27, %arg5 = %32, %arg6 = %c0, %arg7 = %c1, %arg8 = %c2, %arg9 = %c3) -> (!gpu.mma_matrix<16x16xf32, "COp">, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index, index) {
        %38 = arith.cmpi slt, %arg0, %c192 : index
        nvgpu.device_async_wait %arg2 {numGroups = 3 : i32}
        gpu.barrier
        %39 = gpu.subgroup_mma_load_matrix %alloc_2[%arg6, %13, %c0] {leadDimension = 20 : index} : memref<4x32x20xf32, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x8xf32, "AOp">
        %40 = gpu.subgroup_mma_load_matrix %alloc_2[%arg6, %13, %c8] {leadDimension = 20 : index} : memref<4x32x20xf32, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x8xf32, "AOp">
        %41 = gpu.subgroup_mma_load_matrix %alloc_3[%arg6, %c0, %14] {leadDimension = 36 : index} : memref<4x16x36xf32, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<8x16xf32, "BOp">
        %42 = gpu.subgroup_mma_load_matrix %alloc_3[%arg6, %c8, %14] {leadDimension = 36 : index} : memref<4x16x36xf32, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<8x16xf32, "BOp">
        %43 = gpu.subgroup_mma_compute %39, %41, %arg1 : !gpu.mma_matrix<16x8xf32, "AOp">, !gpu.mma_matrix<8x16xf32, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        %44 = gpu.subgroup_mma_compute %40, %42, %43 : !gpu.mma_matrix<16x8xf32, "AOp">, !gpu.mma_matrix<8x16xf32, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        gpu.barrier {__pipelining_first_stage__}
        %45 = arith.addi %arg0, %c64 : index
        %46 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 4)>()[%45, %7#1]
        %47 = affine.apply affine_map<(d0) -> ((d0 floordiv 16) mod 4)>(%45)
        %48 = arith.select %38, %c4, %c0 : index
        %49 = nvgpu.device_async_copy %assume_align[%8, %46], %alloc_2[%47, %7#0, %9], 4, %48 {bypassL1} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x20xf32, #gpu.address_space<workgroup>>
        %50 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%45, %10#0]
        %51 = nvgpu.device_async_copy %assume_align_0[%50, %11], %alloc_3[%47, %10#0, %12], 4, %48 {bypassL1} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x36xf32, #gpu.address_space<workgroup>>
        %52 = nvgpu.device_async_create_group %49, %51 {__pipelining_first_stage__}
        scf.yield %44, %arg3, %arg4, %arg5, %52, %arg7, %arg8, %arg9, %47 : !gpu.mma_matrix<16x16xf32, "COp">, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index, index
      }
      gpu.subgroup_mma_store_matrix %33#0, %alloc[%13, %14] {leadDimension = 36 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x36xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %34 = vector.load %alloc[%10#0, %12] : memref<32x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %35 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32)>()[%10#0, %6#0]
      vector.store %34, %assume_align_1[%35, %11] : memref<512x512xf32, #gpu.address_space<global>>, vector<4xf32>
      %36 = vector.load %alloc[%20, %12] : memref<32x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %37 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32 + 16)>()[%10#0, %6#0]
      vector.store %36, %assume_align_1[%37, %11] : memref<512x512xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.barrier
      gpu.return
    }
  }
}
