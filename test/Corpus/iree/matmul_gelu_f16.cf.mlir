// Corpus kernel: iree/matmul_gelu_f16.cf.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/matmul_gelu_f16.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP cf (test/Corpus/gen/make-iree.sh does both); stage 'cf': the IR printed after the LLVMGPU lowering's convert-scf-to-cf (affine lowered; IREE's gpu-eliminate-barriers already ran)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/matmul_gelu_f16.mlir (written for this corpus)
// What: 1024^3 f16 matmul fused with an elementwise multiply (f16 accumulation, mma.sync), 128 threads, K step 32 (32 iterations)
// truth: race: the epilogue's vector.store into %view_4 (aliasing A slot 0) is not ordered (no barrier after the loop) after the other warps' ldmatrix of A slot 0 in the last iteration (warps with the same thread_id_y read the same A rows); that read is dead (zero-filled tile 32, its value is dropped at the exit), so the race is harmless in effect, but it is a data race
// barriers-needed: 2
//
// IREE's LLVMGPUPackSharedMemoryAlloc packed the workgroup memory into one i8 allocation:
// %view (A slots, 4 x 32 x 32 f16) at byte 0, the B slots at byte 8192, and the C staging
// buffer %view_4 (32x32 f16) at byte 0 again, aliasing A slots 0 (bytes 0..2047). The pass put the
// "wait 0 + barrier" that protects the reuse at the allocation (before the prologue), not at
// the reuse point: between the K loop's exit and the epilogue's vector.store into %view_4 there is
// no barrier and no cp.async wait. The pipeline itself (4 slots, tile k+3 issued in iteration k,
// numGroups = 2) is race-free as in the unfused matmuls.
// The cp.async groups in flight at the exit (tiles 33, 34: slots 1, 2) do not overlap %view_4.
//
// barrier #1 (after the empty group's wait 0, before the prologue): nothing before it: not needed.
// barrier #2 (after the prologue wait): RAW on tile 0 across threads: needed.
// barrier #3 (^bb2, after the wait): RAW on tile k+1 and WAR on the slot refilled next: needed.
// (A barrier after the loop is missing: that is the race.)
// (barriers are numbered in program order.)
// IREE kernel matmul_scale_f16_dispatch_0_matmul_1024x1024x1024_f16, IREE pipeline LLVMGPUMatmulTensorCoreMmaSync.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_scale_f16_dispatch_0_matmul_1024x1024x1024_f16(%5: memref<1024x1024xf16, #gpu.address_space<global>>, %6: memref<1024x1024xf16, #gpu.address_space<global>>, %7: memref<1024x1024xf16, #gpu.address_space<global>>, %8: memref<1024x1024xf16, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c-8_i32 = arith.constant -8 : i32
      %c96_i32 = arith.constant 96 : i32
      %c15_i32 = arith.constant 15 : i32
      %c14_i32 = arith.constant 14 : i32
      %c13_i32 = arith.constant 13 : i32
      %c12_i32 = arith.constant 12 : i32
      %c11_i32 = arith.constant 11 : i32
      %c10_i32 = arith.constant 10 : i32
      %c9_i32 = arith.constant 9 : i32
      %c7_i32 = arith.constant 7 : i32
      %c5_i32 = arith.constant 5 : i32
      %c4_i32 = arith.constant 4 : i32
      %c3_i32 = arith.constant 3 : i32
      %c2_i32 = arith.constant 2 : i32
      %c1_i32 = arith.constant 1 : i32
      %c8_i32 = arith.constant 8 : i32
      %c928_i32 = arith.constant 928 : i32
      %c1024_i32 = arith.constant 1024 : i32
      %c16_i32 = arith.constant 16 : i32
      %c6_i32 = arith.constant 6 : i32
      %c0_i32 = arith.constant 0 : i32
      %c32_i32 = arith.constant 32 : i32
      %c64_i32 = arith.constant 64 : i32
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c8192 = arith.constant 8192 : index
      %cst = arith.constant dense<0.000000e+00> : vector<2x2xf16>
      %0 = ub.poison : f16
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %alloc = memref.alloc() : memref<16384xi8, #gpu.address_space<workgroup>>
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %1 = arith.index_castui %thread_id_y : index to i32
      %2 = arith.muli %1, %c64_i32 overflow<nsw> : i32
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.addi %2, %3 overflow<nsw> : i32
      %assume_align = memref.assume_alignment %5, 64 : memref<1024x1024xf16, #gpu.address_space<global>>
      %assume_align_0 = memref.assume_alignment %6, 64 : memref<1024x1024xf16, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %7, 64 : memref<1024x1024xf16, #gpu.address_space<global>>
      %assume_align_2 = memref.assume_alignment %8, 64 : memref<1024x1024xf16, #gpu.address_space<global>>
      %9 = arith.divui %3, %c32_i32 : i32
      %10 = arith.muli %9, %c16_i32 overflow<nsw> : i32
      %11 = arith.index_castui %10 : i32 to index
      %view = memref.view %alloc[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %view_3 = memref.view %alloc[%c8192][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %12 = nvgpu.device_async_create_group 
      nvgpu.device_async_wait %12 {numGroups = 0 : i32}
      gpu.barrier
      %view_4 = memref.view %alloc[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<32x32xf16, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x upper_bound 1024
      %13 = arith.index_castui %workgroup_id_x : index to i32
      %14 = arith.divui %13, %c32_i32 : i32
      %15 = arith.remui %13, %c32_i32 : i32
      %16 = arith.divui %4, %c4_i32 : i32
      %17 = arith.index_castui %16 : i32 to index
      %18 = arith.remui %4, %c4_i32 : i32
      %19 = arith.muli %14, %c32_i32 overflow<nsw> : i32
      %20 = arith.addi %16, %19 : i32
      %21 = arith.index_castui %20 : i32 to index
      %22 = arith.muli %18, %c8_i32 overflow<nsw> : i32
      %23 = arith.index_castui %22 : i32 to index
      %24 = arith.andi %16, %c6_i32 : i32
      %25 = arith.shli %24, %c2_i32 : i32
      %26 = arith.xori %22, %25 : i32
      %27 = arith.index_castui %26 : i32 to index
      %28 = arith.muli %15, %c32_i32 overflow<nsw> : i32
      %29 = arith.addi %22, %28 : i32
      %30 = arith.index_castui %29 : i32 to index
      %31 = gpu.lane_id upper_bound 32
      %32 = arith.muli %1, %c16_i32 overflow<nsw> : i32
      %33 = arith.index_castui %32 : i32 to index
      %34 = arith.index_castui %31 : index to i32
      %35 = arith.remui %34, %c16_i32 : i32
      %36 = arith.index_castui %35 : i32 to index
      %37 = arith.addi %32, %35 : i32
      %38 = arith.index_castui %37 : i32 to index
      %39 = arith.divui %34, %c16_i32 : i32
      %40 = arith.muli %39, %c8_i32 overflow<nsw> : i32
      %41 = arith.andi %37, %c6_i32 : i32
      %42 = arith.shli %41, %c2_i32 : i32
      %43 = arith.xori %40, %42 : i32
      %44 = arith.index_castui %43 : i32 to index
      %45 = arith.addi %40, %c16_i32 overflow<nsw> : i32
      %46 = arith.xori %45, %42 : i32
      %47 = arith.index_castui %46 : i32 to index
      %48 = arith.addi %10, %40 : i32
      %49 = arith.andi %35, %c6_i32 : i32
      %50 = arith.shli %49, %c2_i32 : i32
      %51 = arith.xori %48, %50 : i32
      %52 = arith.index_castui %51 : i32 to index
      %53 = arith.addi %35, %c16_i32 overflow<nsw> : i32
      %54 = arith.index_castui %53 : i32 to index
      %55 = arith.andi %53, %c6_i32 : i32
      %56 = arith.shli %55, %c2_i32 : i32
      %57 = arith.xori %48, %56 : i32
      %58 = arith.index_castui %57 : i32 to index
      %59 = nvgpu.device_async_copy %assume_align[%21, %23], %view[%c0, %17, %27], 8 {bypassL1} : memref<1024x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %60 = nvgpu.device_async_copy %assume_align_0[%17, %30], %view_3[%c0, %17, %27], 8 {bypassL1} : memref<1024x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %61 = nvgpu.device_async_create_group %59, %60
      %62 = arith.addi %22, %c32_i32 overflow<nsw> : i32
      %63 = arith.index_castui %62 : i32 to index
      %64 = nvgpu.device_async_copy %assume_align[%21, %63], %view[%c1, %17, %27], 8 {bypassL1} : memref<1024x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %65 = arith.addi %16, %c32_i32 overflow<nsw> : i32
      %66 = arith.index_castui %65 : i32 to index
      %67 = nvgpu.device_async_copy %assume_align_0[%66, %30], %view_3[%c1, %17, %27], 8 {bypassL1} : memref<1024x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %68 = nvgpu.device_async_create_group %64, %67
      %69 = arith.addi %22, %c64_i32 overflow<nsw> : i32
      %70 = arith.index_castui %69 : i32 to index
      %71 = nvgpu.device_async_copy %assume_align[%21, %70], %view[%c2, %17, %27], 8 {bypassL1} : memref<1024x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %72 = arith.addi %16, %c64_i32 overflow<nsw> : i32
      %73 = arith.index_castui %72 : i32 to index
      %74 = nvgpu.device_async_copy %assume_align_0[%73, %30], %view_3[%c2, %17, %27], 8 {bypassL1} : memref<1024x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %75 = nvgpu.device_async_create_group %71, %74
      nvgpu.device_async_wait %61 {numGroups = 2 : i32}
      gpu.barrier
      %76 = nvgpu.ldmatrix %view[%c0, %38, %44] {numTiles = 4 : i32, transpose = false} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %77 = nvgpu.ldmatrix %view_3[%c0, %36, %52] {numTiles = 4 : i32, transpose = true} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %78 = vector.extract_strided_slice %77 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %79 = vector.extract_strided_slice %77 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      cf.br ^bb1(%c0_i32, %cst, %cst, %c0, %c1, %c2, %76, %78, %79, %68, %75 : i32, vector<2x2xf16>, vector<2x2xf16>, index, index, index, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, !nvgpu.device.async.token, !nvgpu.device.async.token)
    ^bb1(%80: i32, %81: vector<2x2xf16>, %82: vector<2x2xf16>, %83: index, %84: index, %85: index, %86: vector<4x2xf16>, %87: vector<2x2xf16>, %88: vector<2x2xf16>, %89: !nvgpu.device.async.token, %90: !nvgpu.device.async.token):  // 2 preds: ^bb0, ^bb2
      %91 = arith.cmpi slt, %80, %c1024_i32 : i32
      cf.cond_br %91, ^bb2, ^bb3
    ^bb2:  // pred: ^bb1
      %92 = arith.cmpi slt, %80, %c928_i32 : i32
      %93 = nvgpu.ldmatrix %view[%83, %38, %47] {numTiles = 4 : i32, transpose = false} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %94 = nvgpu.ldmatrix %view_3[%83, %54, %58] {numTiles = 4 : i32, transpose = true} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %95 = vector.extract_strided_slice %94 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %96 = vector.extract_strided_slice %94 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %97 = nvgpu.mma.sync(%86, %87, %81) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
      %98 = nvgpu.mma.sync(%86, %88, %82) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
      %99 = arith.addi %80, %c96_i32 : i32
      %100 = arith.divui %99, %c32_i32 : i32
      %101 = arith.remui %100, %c4_i32 : i32
      %102 = arith.index_castui %101 : i32 to index
      %103 = arith.addi %22, %99 : i32
      %104 = arith.index_castui %103 : i32 to index
      %105 = arith.select %92, %c8, %c0 : index
      %106 = nvgpu.device_async_copy %assume_align[%21, %104], %view[%102, %17, %27], 8, %105 {bypassL1} : memref<1024x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %107 = arith.addi %16, %99 : i32
      %108 = arith.index_castui %107 : i32 to index
      %109 = nvgpu.device_async_copy %assume_align_0[%108, %30], %view_3[%102, %17, %27], 8, %105 {bypassL1} : memref<1024x1024xf16, #gpu.address_space<global>> to memref<4x32x32xf16, #gpu.address_space<workgroup>>
      %110 = nvgpu.device_async_create_group %106, %109
      nvgpu.device_async_wait %89 {numGroups = 2 : i32}
      gpu.barrier
      %111 = nvgpu.ldmatrix %view[%84, %38, %44] {numTiles = 4 : i32, transpose = false} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %112 = nvgpu.ldmatrix %view_3[%84, %36, %52] {numTiles = 4 : i32, transpose = true} : memref<4x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %113 = vector.extract_strided_slice %112 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %114 = vector.extract_strided_slice %112 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %115 = nvgpu.mma.sync(%93, %95, %97) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
      %116 = nvgpu.mma.sync(%93, %96, %98) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
      %117 = arith.addi %80, %c32_i32 : i32
      cf.br ^bb1(%117, %115, %116, %84, %85, %102, %111, %113, %114, %90, %110 : i32, vector<2x2xf16>, vector<2x2xf16>, index, index, index, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, !nvgpu.device.async.token, !nvgpu.device.async.token)
    ^bb3:  // pred: ^bb1
      %118 = vector.extract %82[0] : vector<2xf16> from vector<2x2xf16>
      %119 = arith.divui %34, %c4_i32 : i32
      %120 = arith.addi %32, %119 : i32
      %121 = arith.index_castui %120 : i32 to index
      %122 = arith.muli %119, %c-8_i32 overflow<nsw> : i32
      %123 = arith.addi %10, %122 : i32
      %124 = arith.muli %34, %c2_i32 overflow<nsw> : i32
      %125 = arith.addi %123, %124 : i32
      %126 = arith.index_cast %125 : i32 to index
      %127 = arith.addi %125, %c8_i32 overflow<nsw> : i32
      %128 = arith.index_cast %127 : i32 to index
      vector.store %118, %view_4[%121, %128] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
      %129 = vector.extract %82[1] : vector<2xf16> from vector<2x2xf16>
      %130 = arith.addi %120, %c8_i32 overflow<nsw> : i32
      %131 = arith.index_castui %130 : i32 to index
      vector.store %129, %view_4[%131, %128] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
      %132 = vector.extract %81[0] : vector<2xf16> from vector<2x2xf16>
      vector.store %132, %view_4[%121, %126] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
      %133 = vector.extract %81[1] : vector<2xf16> from vector<2x2xf16>
      vector.store %133, %view_4[%131, %126] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
      %134 = vector.broadcast %0 : f16 to vector<16x16xf16>
      %135 = vector.load %view_4[%33, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %136 = vector.insert %135, %134 [0] : vector<16xf16> into vector<16x16xf16>
      %137 = arith.addi %32, %c1_i32 overflow<nsw> : i32
      %138 = arith.index_castui %137 : i32 to index
      %139 = vector.load %view_4[%138, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %140 = vector.insert %139, %136 [1] : vector<16xf16> into vector<16x16xf16>
      %141 = arith.addi %32, %c2_i32 overflow<nsw> : i32
      %142 = arith.index_castui %141 : i32 to index
      %143 = vector.load %view_4[%142, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %144 = vector.insert %143, %140 [2] : vector<16xf16> into vector<16x16xf16>
      %145 = arith.addi %32, %c3_i32 overflow<nsw> : i32
      %146 = arith.index_castui %145 : i32 to index
      %147 = vector.load %view_4[%146, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %148 = vector.insert %147, %144 [3] : vector<16xf16> into vector<16x16xf16>
      %149 = arith.addi %32, %c4_i32 overflow<nsw> : i32
      %150 = arith.index_castui %149 : i32 to index
      %151 = vector.load %view_4[%150, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %152 = vector.insert %151, %148 [4] : vector<16xf16> into vector<16x16xf16>
      %153 = arith.addi %32, %c5_i32 overflow<nsw> : i32
      %154 = arith.index_castui %153 : i32 to index
      %155 = vector.load %view_4[%154, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %156 = vector.insert %155, %152 [5] : vector<16xf16> into vector<16x16xf16>
      %157 = arith.addi %32, %c6_i32 overflow<nsw> : i32
      %158 = arith.index_castui %157 : i32 to index
      %159 = vector.load %view_4[%158, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %160 = vector.insert %159, %156 [6] : vector<16xf16> into vector<16x16xf16>
      %161 = arith.addi %32, %c7_i32 overflow<nsw> : i32
      %162 = arith.index_castui %161 : i32 to index
      %163 = vector.load %view_4[%162, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %164 = vector.insert %163, %160 [7] : vector<16xf16> into vector<16x16xf16>
      %165 = arith.addi %32, %c8_i32 overflow<nsw> : i32
      %166 = arith.index_castui %165 : i32 to index
      %167 = vector.load %view_4[%166, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %168 = vector.insert %167, %164 [8] : vector<16xf16> into vector<16x16xf16>
      %169 = arith.addi %32, %c9_i32 overflow<nsw> : i32
      %170 = arith.index_castui %169 : i32 to index
      %171 = vector.load %view_4[%170, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %172 = vector.insert %171, %168 [9] : vector<16xf16> into vector<16x16xf16>
      %173 = arith.addi %32, %c10_i32 overflow<nsw> : i32
      %174 = arith.index_castui %173 : i32 to index
      %175 = vector.load %view_4[%174, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %176 = vector.insert %175, %172 [10] : vector<16xf16> into vector<16x16xf16>
      %177 = arith.addi %32, %c11_i32 overflow<nsw> : i32
      %178 = arith.index_castui %177 : i32 to index
      %179 = vector.load %view_4[%178, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %180 = vector.insert %179, %176 [11] : vector<16xf16> into vector<16x16xf16>
      %181 = arith.addi %32, %c12_i32 overflow<nsw> : i32
      %182 = arith.index_castui %181 : i32 to index
      %183 = vector.load %view_4[%182, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %184 = vector.insert %183, %180 [12] : vector<16xf16> into vector<16x16xf16>
      %185 = arith.addi %32, %c13_i32 overflow<nsw> : i32
      %186 = arith.index_castui %185 : i32 to index
      %187 = vector.load %view_4[%186, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %188 = vector.insert %187, %184 [13] : vector<16xf16> into vector<16x16xf16>
      %189 = arith.addi %32, %c14_i32 overflow<nsw> : i32
      %190 = arith.index_castui %189 : i32 to index
      %191 = vector.load %view_4[%190, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %192 = vector.insert %191, %188 [14] : vector<16xf16> into vector<16x16xf16>
      %193 = arith.addi %32, %c15_i32 overflow<nsw> : i32
      %194 = arith.index_castui %193 : i32 to index
      %195 = vector.load %view_4[%194, %11] : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<16xf16>
      %196 = vector.insert %195, %192 [15] : vector<16xf16> into vector<16x16xf16>
      %197 = arith.addi %10, %28 : i32
      %198 = arith.index_castui %197 : i32 to index
      %199 = arith.addi %32, %19 : i32
      %200 = arith.index_castui %199 : i32 to index
      %201 = vector.load %assume_align_1[%200, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %202 = vector.insert %201, %134 [0] : vector<16xf16> into vector<16x16xf16>
      %203 = arith.addi %199, %c1_i32 overflow<nsw> : i32
      %204 = arith.index_castui %203 : i32 to index
      %205 = vector.load %assume_align_1[%204, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %206 = vector.insert %205, %202 [1] : vector<16xf16> into vector<16x16xf16>
      %207 = arith.addi %199, %c2_i32 overflow<nsw> : i32
      %208 = arith.index_castui %207 : i32 to index
      %209 = vector.load %assume_align_1[%208, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %210 = vector.insert %209, %206 [2] : vector<16xf16> into vector<16x16xf16>
      %211 = arith.addi %199, %c3_i32 overflow<nsw> : i32
      %212 = arith.index_castui %211 : i32 to index
      %213 = vector.load %assume_align_1[%212, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %214 = vector.insert %213, %210 [3] : vector<16xf16> into vector<16x16xf16>
      %215 = arith.addi %199, %c4_i32 overflow<nsw> : i32
      %216 = arith.index_castui %215 : i32 to index
      %217 = vector.load %assume_align_1[%216, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %218 = vector.insert %217, %214 [4] : vector<16xf16> into vector<16x16xf16>
      %219 = arith.addi %199, %c5_i32 overflow<nsw> : i32
      %220 = arith.index_castui %219 : i32 to index
      %221 = vector.load %assume_align_1[%220, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %222 = vector.insert %221, %218 [5] : vector<16xf16> into vector<16x16xf16>
      %223 = arith.addi %199, %c6_i32 overflow<nsw> : i32
      %224 = arith.index_castui %223 : i32 to index
      %225 = vector.load %assume_align_1[%224, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %226 = vector.insert %225, %222 [6] : vector<16xf16> into vector<16x16xf16>
      %227 = arith.addi %199, %c7_i32 overflow<nsw> : i32
      %228 = arith.index_castui %227 : i32 to index
      %229 = vector.load %assume_align_1[%228, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %230 = vector.insert %229, %226 [7] : vector<16xf16> into vector<16x16xf16>
      %231 = arith.addi %199, %c8_i32 overflow<nsw> : i32
      %232 = arith.index_castui %231 : i32 to index
      %233 = vector.load %assume_align_1[%232, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %234 = vector.insert %233, %230 [8] : vector<16xf16> into vector<16x16xf16>
      %235 = arith.addi %199, %c9_i32 overflow<nsw> : i32
      %236 = arith.index_castui %235 : i32 to index
      %237 = vector.load %assume_align_1[%236, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %238 = vector.insert %237, %234 [9] : vector<16xf16> into vector<16x16xf16>
      %239 = arith.addi %199, %c10_i32 overflow<nsw> : i32
      %240 = arith.index_castui %239 : i32 to index
      %241 = vector.load %assume_align_1[%240, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %242 = vector.insert %241, %238 [10] : vector<16xf16> into vector<16x16xf16>
      %243 = arith.addi %199, %c11_i32 overflow<nsw> : i32
      %244 = arith.index_castui %243 : i32 to index
      %245 = vector.load %assume_align_1[%244, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %246 = vector.insert %245, %242 [11] : vector<16xf16> into vector<16x16xf16>
      %247 = arith.addi %199, %c12_i32 overflow<nsw> : i32
      %248 = arith.index_castui %247 : i32 to index
      %249 = vector.load %assume_align_1[%248, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %250 = vector.insert %249, %246 [12] : vector<16xf16> into vector<16x16xf16>
      %251 = arith.addi %199, %c13_i32 overflow<nsw> : i32
      %252 = arith.index_castui %251 : i32 to index
      %253 = vector.load %assume_align_1[%252, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %254 = vector.insert %253, %250 [13] : vector<16xf16> into vector<16x16xf16>
      %255 = arith.addi %199, %c14_i32 overflow<nsw> : i32
      %256 = arith.index_castui %255 : i32 to index
      %257 = vector.load %assume_align_1[%256, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %258 = vector.insert %257, %254 [14] : vector<16xf16> into vector<16x16xf16>
      %259 = arith.addi %199, %c15_i32 overflow<nsw> : i32
      %260 = arith.index_castui %259 : i32 to index
      %261 = vector.load %assume_align_1[%260, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<16xf16>
      %262 = vector.insert %261, %258 [15] : vector<16xf16> into vector<16x16xf16>
      %263 = arith.mulf %196, %262 : vector<16x16xf16>
      %264 = vector.extract_strided_slice %263 {offsets = [0, 0], sizes = [16, 8], strides = [1, 1]} : vector<16x16xf16> to vector<16x8xf16>
      %265 = vector.extract %264[0] : vector<8xf16> from vector<16x8xf16>
      vector.store %265, %assume_align_2[%200, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %266 = vector.extract %264[1] : vector<8xf16> from vector<16x8xf16>
      vector.store %266, %assume_align_2[%204, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %267 = vector.extract %264[2] : vector<8xf16> from vector<16x8xf16>
      vector.store %267, %assume_align_2[%208, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %268 = vector.extract %264[3] : vector<8xf16> from vector<16x8xf16>
      vector.store %268, %assume_align_2[%212, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %269 = vector.extract %264[4] : vector<8xf16> from vector<16x8xf16>
      vector.store %269, %assume_align_2[%216, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %270 = vector.extract %264[5] : vector<8xf16> from vector<16x8xf16>
      vector.store %270, %assume_align_2[%220, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %271 = vector.extract %264[6] : vector<8xf16> from vector<16x8xf16>
      vector.store %271, %assume_align_2[%224, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %272 = vector.extract %264[7] : vector<8xf16> from vector<16x8xf16>
      vector.store %272, %assume_align_2[%228, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %273 = vector.extract %264[8] : vector<8xf16> from vector<16x8xf16>
      vector.store %273, %assume_align_2[%232, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %274 = vector.extract %264[9] : vector<8xf16> from vector<16x8xf16>
      vector.store %274, %assume_align_2[%236, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %275 = vector.extract %264[10] : vector<8xf16> from vector<16x8xf16>
      vector.store %275, %assume_align_2[%240, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %276 = vector.extract %264[11] : vector<8xf16> from vector<16x8xf16>
      vector.store %276, %assume_align_2[%244, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %277 = vector.extract %264[12] : vector<8xf16> from vector<16x8xf16>
      vector.store %277, %assume_align_2[%248, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %278 = vector.extract %264[13] : vector<8xf16> from vector<16x8xf16>
      vector.store %278, %assume_align_2[%252, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %279 = vector.extract %264[14] : vector<8xf16> from vector<16x8xf16>
      vector.store %279, %assume_align_2[%256, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %280 = vector.extract %264[15] : vector<8xf16> from vector<16x8xf16>
      vector.store %280, %assume_align_2[%260, %198] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %281 = vector.extract_strided_slice %263 {offsets = [0, 8], sizes = [16, 8], strides = [1, 1]} : vector<16x16xf16> to vector<16x8xf16>
      %282 = arith.addi %197, %c8_i32 overflow<nsw> : i32
      %283 = arith.index_castui %282 : i32 to index
      %284 = vector.extract %281[0] : vector<8xf16> from vector<16x8xf16>
      vector.store %284, %assume_align_2[%200, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %285 = vector.extract %281[1] : vector<8xf16> from vector<16x8xf16>
      vector.store %285, %assume_align_2[%204, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %286 = vector.extract %281[2] : vector<8xf16> from vector<16x8xf16>
      vector.store %286, %assume_align_2[%208, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %287 = vector.extract %281[3] : vector<8xf16> from vector<16x8xf16>
      vector.store %287, %assume_align_2[%212, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %288 = vector.extract %281[4] : vector<8xf16> from vector<16x8xf16>
      vector.store %288, %assume_align_2[%216, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %289 = vector.extract %281[5] : vector<8xf16> from vector<16x8xf16>
      vector.store %289, %assume_align_2[%220, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %290 = vector.extract %281[6] : vector<8xf16> from vector<16x8xf16>
      vector.store %290, %assume_align_2[%224, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %291 = vector.extract %281[7] : vector<8xf16> from vector<16x8xf16>
      vector.store %291, %assume_align_2[%228, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %292 = vector.extract %281[8] : vector<8xf16> from vector<16x8xf16>
      vector.store %292, %assume_align_2[%232, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %293 = vector.extract %281[9] : vector<8xf16> from vector<16x8xf16>
      vector.store %293, %assume_align_2[%236, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %294 = vector.extract %281[10] : vector<8xf16> from vector<16x8xf16>
      vector.store %294, %assume_align_2[%240, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %295 = vector.extract %281[11] : vector<8xf16> from vector<16x8xf16>
      vector.store %295, %assume_align_2[%244, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %296 = vector.extract %281[12] : vector<8xf16> from vector<16x8xf16>
      vector.store %296, %assume_align_2[%248, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %297 = vector.extract %281[13] : vector<8xf16> from vector<16x8xf16>
      vector.store %297, %assume_align_2[%252, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %298 = vector.extract %281[14] : vector<8xf16> from vector<16x8xf16>
      vector.store %298, %assume_align_2[%256, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      %299 = vector.extract %281[15] : vector<8xf16> from vector<16x8xf16>
      vector.store %299, %assume_align_2[%260, %283] : memref<1024x1024xf16, #gpu.address_space<global>>, vector<8xf16>
      gpu.return
    }
  }
}
