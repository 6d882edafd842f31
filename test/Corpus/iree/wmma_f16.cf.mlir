// Corpus kernel: iree/wmma_f16.cf.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/wmma_f16.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --iree-codegen-llvmgpu-use-wmma --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP cf (test/Corpus/gen/make-iree.sh does both); stage 'cf': the IR printed after the LLVMGPU lowering's convert-scf-to-cf (affine lowered; IREE's gpu-eliminate-barriers already ran)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/wmma_f16.mlir (written for this corpus)
// What: the same WMMA kernel after scf-to-cf
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
// (IREE's gpu-eliminate-barriers removed the first prologue barrier and the trailing one.)
// barriers #1, #2, #3 (between the prologue copies into slots 0|1, 1|2, 2|3): different slots of
//   fresh buffers, nothing read yet: not needed.
// barrier #4 (^bb2, after the wait): RAW on tile k copied by other threads: needed.
// barrier #5 (^bb2, between the mma loads of slot k and the copy of tile k+4 into slot k): WAR: needed.
// barrier #6 (after gpu.subgroup_mma_store_matrix into the C staging buffer): RAW across warps: needed.
// (barriers are numbered in program order.)
// IREE kernel wmma_f16_dispatch_0_matmul_1024x1024x512_f16xf16xf32, IREE pipeline LLVMGPUMatmulTensorCore.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wmma_f16_dispatch_0_matmul_1024x1024x512_f16xf16xf32(%5: memref<1024x512xf16, #gpu.address_space<global>>, %6: memref<512x1024xf16, #gpu.address_space<global>>, %7: memref<1024x1024xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c8_i32 = arith.constant 8 : i32
      %c4_i32 = arith.constant 4 : i32
      %c128_i32 = arith.constant 128 : i32
      %c16_i32 = arith.constant 16 : i32
      %c384_i32 = arith.constant 384 : i32
      %c512_i32 = arith.constant 512 : i32
      %c96_i32 = arith.constant 96 : i32
      %c0_i32 = arith.constant 0 : i32
      %c32_i32 = arith.constant 32 : i32
      %c64_i32 = arith.constant 64 : i32
      %c3 = arith.constant 3 : index
      %c2 = arith.constant 2 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.000000e+00 : f32
      %0 = gpu.subgroup_mma_constant_matrix %cst : !gpu.mma_matrix<16x16xf32, "COp">
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %1 = arith.index_castui %thread_id_y : index to i32
      %2 = arith.muli %1, %c64_i32 overflow<nsw> : i32
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.addi %2, %3 overflow<nsw> : i32
      %assume_align = memref.assume_alignment %5, 64 : memref<1024x512xf16, #gpu.address_space<global>>
      %assume_align_0 = memref.assume_alignment %6, 64 : memref<512x1024xf16, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %7, 64 : memref<1024x1024xf32, #gpu.address_space<global>>
      %8 = arith.divui %3, %c32_i32 : i32
      %alloc = memref.alloc() : memref<32x36xf32, #gpu.address_space<workgroup>>
      %alloc_2 = memref.alloc() : memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %alloc_3 = memref.alloc() : memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x upper_bound 1024
      %9 = arith.index_castui %workgroup_id_x : index to i32
      %10 = arith.divui %9, %c32_i32 : i32
      %11 = arith.remui %9, %c32_i32 : i32
      %12 = arith.divui %4, %c4_i32 : i32
      %13 = arith.index_castui %12 : i32 to index
      %14 = arith.remui %4, %c4_i32 : i32
      %15 = arith.muli %10, %c32_i32 overflow<nsw> : i32
      %16 = arith.addi %12, %15 : i32
      %17 = arith.index_castui %16 : i32 to index
      %18 = arith.muli %14, %c8_i32 overflow<nsw> : i32
      %19 = arith.index_castui %18 : i32 to index
      %20 = arith.muli %11, %c32_i32 overflow<nsw> : i32
      %21 = arith.addi %18, %20 : i32
      %22 = arith.index_castui %21 : i32 to index
      %23 = arith.muli %1, %c16_i32 overflow<nsw> : i32
      %24 = arith.index_castui %23 : i32 to index
      %25 = arith.muli %8, %c16_i32 overflow<nsw> : i32
      %26 = arith.index_castui %25 : i32 to index
      %27 = nvgpu.device_async_copy %assume_align[%17, %19], %alloc_2[%c0, %13, %19], 8 {__pipelining_first_stage__} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %28 = nvgpu.device_async_copy %assume_align_0[%13, %22], %alloc_3[%c0, %13, %19], 8 {__pipelining_first_stage__} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %29 = nvgpu.device_async_create_group %27, %28 {__pipelining_first_stage__}
      gpu.barrier {__pipelining_first_stage__}
      %30 = arith.addi %18, %c32_i32 overflow<nsw> : i32
      %31 = arith.index_castui %30 : i32 to index
      %32 = nvgpu.device_async_copy %assume_align[%17, %31], %alloc_2[%c1, %13, %19], 8 {__pipelining_first_stage__} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %33 = arith.addi %12, %c32_i32 overflow<nsw> : i32
      %34 = arith.index_castui %33 : i32 to index
      %35 = nvgpu.device_async_copy %assume_align_0[%34, %22], %alloc_3[%c1, %13, %19], 8 {__pipelining_first_stage__} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %36 = nvgpu.device_async_create_group %32, %35 {__pipelining_first_stage__}
      gpu.barrier {__pipelining_first_stage__}
      %37 = arith.addi %18, %c64_i32 overflow<nsw> : i32
      %38 = arith.index_castui %37 : i32 to index
      %39 = nvgpu.device_async_copy %assume_align[%17, %38], %alloc_2[%c2, %13, %19], 8 {__pipelining_first_stage__} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %40 = arith.addi %12, %c64_i32 overflow<nsw> : i32
      %41 = arith.index_castui %40 : i32 to index
      %42 = nvgpu.device_async_copy %assume_align_0[%41, %22], %alloc_3[%c2, %13, %19], 8 {__pipelining_first_stage__} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %43 = nvgpu.device_async_create_group %39, %42 {__pipelining_first_stage__}
      gpu.barrier {__pipelining_first_stage__}
      %44 = arith.addi %18, %c96_i32 overflow<nsw> : i32
      %45 = arith.index_castui %44 : i32 to index
      %46 = nvgpu.device_async_copy %assume_align[%17, %45], %alloc_2[%c3, %13, %19], 8 {__pipelining_first_stage__} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %47 = arith.addi %12, %c96_i32 overflow<nsw> : i32
      %48 = arith.index_castui %47 : i32 to index
      %49 = nvgpu.device_async_copy %assume_align_0[%48, %22], %alloc_3[%c3, %13, %19], 8 {__pipelining_first_stage__} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %50 = nvgpu.device_async_create_group %46, %49 {__pipelining_first_stage__}
      cf.br ^bb1(%c0_i32, %0, %29, %36, %43, %50, %c0, %c1, %c2, %c3 : i32, !gpu.mma_matrix<16x16xf32, "COp">, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index, index)
    ^bb1(%51: i32, %52: !gpu.mma_matrix<16x16xf32, "COp">, %53: !nvgpu.device.async.token, %54: !nvgpu.device.async.token, %55: !nvgpu.device.async.token, %56: !nvgpu.device.async.token, %57: index, %58: index, %59: index, %60: index):  // 2 preds: ^bb0, ^bb2
      %61 = arith.cmpi slt, %51, %c512_i32 : i32
      cf.cond_br %61, ^bb2, ^bb3
    ^bb2:  // pred: ^bb1
      %62 = arith.cmpi slt, %51, %c384_i32 : i32
      nvgpu.device_async_wait %53 {numGroups = 3 : i32}
      gpu.barrier
      %63 = gpu.subgroup_mma_load_matrix %alloc_2[%57, %24, %c0] {leadDimension = 40 : index} : memref<4x32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %64 = gpu.subgroup_mma_load_matrix %alloc_2[%57, %24, %c16] {leadDimension = 40 : index} : memref<4x32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %65 = gpu.subgroup_mma_load_matrix %alloc_3[%57, %c0, %26] {leadDimension = 40 : index} : memref<4x32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %66 = gpu.subgroup_mma_load_matrix %alloc_3[%57, %c16, %26] {leadDimension = 40 : index} : memref<4x32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %67 = gpu.subgroup_mma_compute %63, %65, %52 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      %68 = gpu.subgroup_mma_compute %64, %66, %67 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.barrier {__pipelining_first_stage__}
      %69 = arith.addi %51, %c128_i32 : i32
      %70 = arith.addi %18, %69 : i32
      %71 = arith.index_castui %70 : i32 to index
      %72 = arith.divui %69, %c32_i32 : i32
      %73 = arith.remui %72, %c4_i32 : i32
      %74 = arith.index_castui %73 : i32 to index
      %75 = arith.select %62, %c8, %c0 : index
      %76 = nvgpu.device_async_copy %assume_align[%17, %71], %alloc_2[%74, %13, %19], 8, %75 {bypassL1} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %77 = arith.addi %12, %69 : i32
      %78 = arith.index_castui %77 : i32 to index
      %79 = nvgpu.device_async_copy %assume_align_0[%78, %22], %alloc_3[%74, %13, %19], 8, %75 {bypassL1} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x40xf16, #gpu.address_space<workgroup>>
      %80 = nvgpu.device_async_create_group %76, %79 {__pipelining_first_stage__}
      %81 = arith.addi %51, %c32_i32 : i32
      cf.br ^bb1(%81, %68, %54, %55, %56, %80, %58, %59, %60, %74 : i32, !gpu.mma_matrix<16x16xf32, "COp">, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index, index, index)
    ^bb3:  // pred: ^bb1
      gpu.subgroup_mma_store_matrix %52, %alloc[%24, %26] {leadDimension = 36 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x36xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %82 = arith.divui %4, %c8_i32 : i32
      %83 = arith.index_castui %82 : i32 to index
      %84 = arith.remui %4, %c8_i32 : i32
      %85 = arith.muli %84, %c4_i32 overflow<nsw> : i32
      %86 = arith.index_castui %85 : i32 to index
      %87 = vector.load %alloc[%83, %86] : memref<32x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %88 = arith.addi %82, %15 : i32
      %89 = arith.index_castui %88 : i32 to index
      %90 = arith.addi %85, %20 : i32
      %91 = arith.index_castui %90 : i32 to index
      vector.store %87, %assume_align_1[%89, %91] : memref<1024x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      %92 = arith.addi %82, %c16_i32 overflow<nsw> : i32
      %93 = arith.index_castui %92 : i32 to index
      %94 = vector.load %alloc[%93, %86] : memref<32x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %95 = arith.addi %88, %c16_i32 overflow<nsw> : i32
      %96 = arith.index_castui %95 : i32 to index
      vector.store %94, %assume_align_1[%96, %91] : memref<1024x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.return
    }
  }
}
