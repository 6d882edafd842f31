// Corpus kernel: iree/matmul_f16_f32acc.cf.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/matmul_f16_f32acc.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP cf (test/Corpus/gen/make-iree.sh does both); stage 'cf': the IR printed after the LLVMGPU lowering's convert-scf-to-cf (affine lowered; IREE's gpu-eliminate-barriers already ran)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/matmul_f16_f32acc.mlir (written for this corpus)
// What: the same kernel after scf-to-cf
// truth: race-free
// barriers-needed: 3
//
// Pipeline: 4 slots per operand (A and B tiles in two workgroup allocations, slot = leading
// index), tile t in slot t mod 4; the prologue issues tiles 0..2 (one cp.async group
// each); iteration k issues tile k+3 into slot (k+3) mod 4 (zero-filled, src size 0,
// past the end of K) and then waits with numGroups = 2, which completes tiles <= k+1.
// Each thread copies its own 16-byte chunks (index by the linearized thread id); ldmatrix and
// memref.load read rows copied by other threads.
// RAW: tile k+1 is read (after the barrier of iteration k) only after every thread's wait
// completed its own copies of it: the wait plus the barrier order them. WAR: slot (k+3) mod 4
// = (k-1) mod 4 was last read at the top of iteration k-1 (before that iteration's barrier) and
// after the barrier of iteration k-2: both before the barrier of iteration k-1, which precedes
// this copy. The last 2 zero-fill groups are still in flight at the loop exit; they write only
// the A/B slot buffers, which nothing reads afterwards, and the epilogue uses its own allocation (the C staging buffer).
//
// barrier #1 (after the prologue wait): orders the other threads' cp.async writes of tile 0
//   before the ldmatrix/loads of slot 0: needed.
// barrier #2 (in the loop, after the wait): RAW on tile k+1 (other threads' copies) and WAR
//   against the next copy into the slot read before it: needed.
// barrier #3 (after the epilogue's stores into the C staging buffer): the vector.load after it
//   reads rows written by other warps: needed.
// (IREE's own gpu-eliminate-barriers already removed the trailing barrier before gpu.return.)
// (barriers are numbered in program order.)
// IREE kernel matmul_f16_f32acc_dispatch_0_matmul_1024x1024x512_f16xf16xf32, IREE pipeline LLVMGPUMatmulTensorCoreMmaSync.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_f16_f32acc_dispatch_0_matmul_1024x1024x512_f16xf16xf32(%4: memref<1024x512xf16, #gpu.address_space<global>>, %5: memref<512x1024xf16, #gpu.address_space<global>>, %6: memref<1024x1024xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c-8_i32 = arith.constant -8 : i32
      %c4_i32 = arith.constant 4 : i32
      %c96_i32 = arith.constant 96 : i32
      %c2_i32 = arith.constant 2 : i32
      %c8_i32 = arith.constant 8 : i32
      %c416_i32 = arith.constant 416 : i32
      %c512_i32 = arith.constant 512 : i32
      %c16_i32 = arith.constant 16 : i32
      %c6_i32 = arith.constant 6 : i32
      %c0_i32 = arith.constant 0 : i32
      %c32_i32 = arith.constant 32 : i32
      %c64_i32 = arith.constant 64 : i32
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c2 = arith.constant 2 : index
      %c0 = arith.constant 0 : index
      %cst = arith.constant dense<0.000000e+00> : vector<2x2xf32>
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %0 = arith.index_castui %thread_id_y : index to i32
      %1 = arith.muli %0, %c64_i32 overflow<nsw> : i32
      %2 = arith.index_castui %thread_id_x : index to i32
      %3 = arith.addi %1, %2 overflow<nsw> : i32
      %assume_align = memref.assume_alignment %4, 64 : memref<1024x512xf16, #gpu.address_space<global>>
      %assume_align_0 = memref.assume_alignment %5, 64 : memref<512x1024xf16, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %6, 64 : memref<1024x1024xf32, #gpu.address_space<global>>
      %7 = arith.divui %2, %c32_i32 : i32
      %alloc = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>
      %alloc_2 = memref.alloc() : memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %alloc_3 = memref.alloc() : memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x upper_bound 1024
      %8 = arith.index_castui %workgroup_id_x : index to i32
      %9 = arith.divui %8, %c32_i32 : i32
      %10 = arith.remui %8, %c32_i32 : i32
      %11 = arith.divui %3, %c4_i32 : i32
      %12 = arith.index_castui %11 : i32 to index
      %13 = arith.remui %3, %c4_i32 : i32
      %14 = arith.muli %9, %c32_i32 overflow<nsw> : i32
      %15 = arith.addi %11, %14 : i32
      %16 = arith.index_castui %15 : i32 to index
      %17 = arith.muli %13, %c8_i32 overflow<nsw> : i32
      %18 = arith.index_castui %17 : i32 to index
      %19 = arith.andi %11, %c6_i32 : i32
      %20 = arith.shli %19, %c2_i32 : i32
      %21 = arith.xori %17, %20 : i32
      %22 = arith.index_castui %21 : i32 to index
      %23 = arith.muli %10, %c32_i32 overflow<nsw> : i32
      %24 = arith.addi %17, %23 : i32
      %25 = arith.index_castui %24 : i32 to index
      %26 = gpu.lane_id upper_bound 32
      %27 = arith.muli %0, %c16_i32 overflow<nsw> : i32
      %28 = arith.index_castui %26 : index to i32
      %29 = arith.remui %28, %c16_i32 : i32
      %30 = arith.index_castui %29 : i32 to index
      %31 = arith.addi %27, %29 : i32
      %32 = arith.index_castui %31 : i32 to index
      %33 = arith.divui %28, %c16_i32 : i32
      %34 = arith.muli %33, %c8_i32 overflow<nsw> : i32
      %35 = arith.andi %31, %c6_i32 : i32
      %36 = arith.shli %35, %c2_i32 : i32
      %37 = arith.xori %34, %36 : i32
      %38 = arith.index_castui %37 : i32 to index
      %39 = arith.addi %34, %c16_i32 overflow<nsw> : i32
      %40 = arith.xori %39, %36 : i32
      %41 = arith.index_castui %40 : i32 to index
      %42 = arith.muli %7, %c16_i32 overflow<nsw> : i32
      %43 = arith.addi %42, %34 : i32
      %44 = arith.andi %29, %c6_i32 : i32
      %45 = arith.shli %44, %c2_i32 : i32
      %46 = arith.xori %43, %45 : i32
      %47 = arith.index_castui %46 : i32 to index
      %48 = arith.addi %29, %c16_i32 overflow<nsw> : i32
      %49 = arith.index_castui %48 : i32 to index
      %50 = arith.andi %48, %c6_i32 : i32
      %51 = arith.shli %50, %c2_i32 : i32
      %52 = arith.xori %43, %51 : i32
      %53 = arith.index_castui %52 : i32 to index
      %54 = nvgpu.device_async_copy %assume_align[%16, %18], %alloc_2[%c0, %12, %22], 8 {bypassL1} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %55 = nvgpu.device_async_copy %assume_align_0[%12, %25], %alloc_3[%c0, %12, %22], 8 {bypassL1} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %56 = nvgpu.device_async_create_group %54, %55
      %57 = arith.addi %17, %c32_i32 overflow<nsw> : i32
      %58 = arith.index_castui %57 : i32 to index
      %59 = nvgpu.device_async_copy %assume_align[%16, %58], %alloc_2[%c1, %12, %22], 8 {bypassL1} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %60 = arith.addi %11, %c32_i32 overflow<nsw> : i32
      %61 = arith.index_castui %60 : i32 to index
      %62 = nvgpu.device_async_copy %assume_align_0[%61, %25], %alloc_3[%c1, %12, %22], 8 {bypassL1} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %63 = nvgpu.device_async_create_group %59, %62
      %64 = arith.addi %17, %c64_i32 overflow<nsw> : i32
      %65 = arith.index_castui %64 : i32 to index
      %66 = nvgpu.device_async_copy %assume_align[%16, %65], %alloc_2[%c2, %12, %22], 8 {bypassL1} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %67 = arith.addi %11, %c64_i32 overflow<nsw> : i32
      %68 = arith.index_castui %67 : i32 to index
      %69 = nvgpu.device_async_copy %assume_align_0[%68, %25], %alloc_3[%c2, %12, %22], 8 {bypassL1} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %70 = nvgpu.device_async_create_group %66, %69
      nvgpu.device_async_wait %56 {numGroups = 2 : i32}
      gpu.barrier
      %71 = nvgpu.ldmatrix %alloc_2[%c0, %32, %38] {numTiles = 4 : i32, transpose = false} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %72 = nvgpu.ldmatrix %alloc_3[%c0, %30, %47] {numTiles = 4 : i32, transpose = true} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %73 = vector.extract_strided_slice %72 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %74 = vector.extract_strided_slice %72 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      cf.br ^bb1(%c0_i32, %cst, %cst, %c0, %c1, %c2, %71, %73, %74, %63, %70 : i32, vector<2x2xf32>, vector<2x2xf32>, index, index, index, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, !nvgpu.device.async.token, !nvgpu.device.async.token)
    ^bb1(%75: i32, %76: vector<2x2xf32>, %77: vector<2x2xf32>, %78: index, %79: index, %80: index, %81: vector<4x2xf16>, %82: vector<2x2xf16>, %83: vector<2x2xf16>, %84: !nvgpu.device.async.token, %85: !nvgpu.device.async.token):  // 2 preds: ^bb0, ^bb2
      %86 = arith.cmpi slt, %75, %c512_i32 : i32
      cf.cond_br %86, ^bb2, ^bb3
    ^bb2:  // pred: ^bb1
      %87 = arith.cmpi slt, %75, %c416_i32 : i32
      %88 = nvgpu.ldmatrix %alloc_2[%78, %32, %41] {numTiles = 4 : i32, transpose = false} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %89 = nvgpu.ldmatrix %alloc_3[%78, %49, %53] {numTiles = 4 : i32, transpose = true} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %90 = vector.extract_strided_slice %89 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %91 = vector.extract_strided_slice %89 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %92 = nvgpu.mma.sync(%81, %82, %76) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %93 = nvgpu.mma.sync(%81, %83, %77) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %94 = arith.addi %75, %c96_i32 : i32
      %95 = arith.divui %94, %c32_i32 : i32
      %96 = arith.remui %95, %c4_i32 : i32
      %97 = arith.index_castui %96 : i32 to index
      %98 = arith.addi %17, %94 : i32
      %99 = arith.index_castui %98 : i32 to index
      %100 = arith.select %87, %c8, %c0 : index
      %101 = nvgpu.device_async_copy %assume_align[%16, %99], %alloc_2[%97, %12, %22], 8, %100 {bypassL1} : memref<1024x512xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %102 = arith.addi %11, %94 : i32
      %103 = arith.index_castui %102 : i32 to index
      %104 = nvgpu.device_async_copy %assume_align_0[%103, %25], %alloc_3[%97, %12, %22], 8, %100 {bypassL1} : memref<512x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %105 = nvgpu.device_async_create_group %101, %104
      nvgpu.device_async_wait %84 {numGroups = 2 : i32}
      gpu.barrier
      %106 = nvgpu.ldmatrix %alloc_2[%79, %32, %38] {numTiles = 4 : i32, transpose = false} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %107 = nvgpu.ldmatrix %alloc_3[%79, %30, %47] {numTiles = 4 : i32, transpose = true} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %108 = vector.extract_strided_slice %107 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %109 = vector.extract_strided_slice %107 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %110 = nvgpu.mma.sync(%88, %90, %92) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %111 = nvgpu.mma.sync(%88, %91, %93) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %112 = arith.addi %75, %c32_i32 : i32
      cf.br ^bb1(%112, %110, %111, %79, %80, %97, %106, %108, %109, %85, %105 : i32, vector<2x2xf32>, vector<2x2xf32>, index, index, index, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, !nvgpu.device.async.token, !nvgpu.device.async.token)
    ^bb3:  // pred: ^bb1
      %113 = vector.extract %77[0] : vector<2xf32> from vector<2x2xf32>
      %114 = arith.divui %28, %c4_i32 : i32
      %115 = arith.addi %27, %114 : i32
      %116 = arith.index_castui %115 : i32 to index
      %117 = arith.muli %114, %c-8_i32 overflow<nsw> : i32
      %118 = arith.addi %42, %117 : i32
      %119 = arith.muli %28, %c2_i32 overflow<nsw> : i32
      %120 = arith.addi %118, %119 : i32
      %121 = arith.index_cast %120 : i32 to index
      %122 = arith.addi %120, %c8_i32 overflow<nsw> : i32
      %123 = arith.index_cast %122 : i32 to index
      vector.store %113, %alloc[%116, %123] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %124 = vector.extract %77[1] : vector<2xf32> from vector<2x2xf32>
      %125 = arith.addi %115, %c8_i32 overflow<nsw> : i32
      %126 = arith.index_castui %125 : i32 to index
      vector.store %124, %alloc[%126, %123] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %127 = vector.extract %76[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %127, %alloc[%116, %121] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %128 = vector.extract %76[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %128, %alloc[%126, %121] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
      %129 = arith.divui %3, %c8_i32 : i32
      %130 = arith.index_castui %129 : i32 to index
      %131 = arith.remui %3, %c8_i32 : i32
      %132 = arith.muli %131, %c4_i32 overflow<nsw> : i32
      %133 = arith.index_castui %132 : i32 to index
      %134 = vector.load %alloc[%130, %133] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %135 = arith.addi %129, %14 : i32
      %136 = arith.index_castui %135 : i32 to index
      %137 = arith.addi %132, %23 : i32
      %138 = arith.index_castui %137 : i32 to index
      vector.store %134, %assume_align_1[%136, %138] : memref<1024x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      %139 = arith.addi %129, %c16_i32 overflow<nsw> : i32
      %140 = arith.index_castui %139 : i32 to index
      %141 = vector.load %alloc[%140, %133] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %142 = arith.addi %135, %c16_i32 overflow<nsw> : i32
      %143 = arith.index_castui %142 : i32 to index
      vector.store %141, %assume_align_1[%143, %138] : memref<1024x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.return
    }
  }
}
