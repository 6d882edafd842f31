// Corpus kernel: iree/matmul_f32.final.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/matmul_f32.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP final (test/Corpus/gen/make-iree.sh does both); stage 'final': the IR printed before iree-convert-to-nvvm (strided metadata expanded; the last IR above NVVM)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/matmul_f32.mlir (written for this corpus)
// What: the same kernel as it enters convert-to-nvvm
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
// IREE kernel matmul_f32_dispatch_0_matmul_512x512x256_f32, IREE pipeline LLVMGPUMatmulTensorCoreMmaSync.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_f32_dispatch_0_matmul_512x512x256_f32(%4: memref<512x256xf32, #gpu.address_space<global>>, %5: memref<256x512xf32, #gpu.address_space<global>>, %6: memref<512x512xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c-8_i32 = arith.constant -8 : i32
      %c48_i32 = arith.constant 48 : i32
      %c2_i32 = arith.constant 2 : i32
      %c1_i32 = arith.constant 1 : i32
      %c208_i32 = arith.constant 208 : i32
      %c256_i32 = arith.constant 256 : i32
      %c12_i32 = arith.constant 12 : i32
      %c8_i32 = arith.constant 8 : i32
      %c4_i32 = arith.constant 4 : i32
      %c7_i32 = arith.constant 7 : i32
      %c6_i32 = arith.constant 6 : i32
      %c0_i32 = arith.constant 0 : i32
      %c16_i32 = arith.constant 16 : i32
      %c32_i32 = arith.constant 32 : i32
      %c64_i32 = arith.constant 64 : i32
      %c4 = arith.constant 4 : index
      %c2 = arith.constant 2 : index
      %c1 = arith.constant 1 : index
      %cst = arith.constant dense<0.000000e+00> : vector<2x1xf32>
      %c0 = arith.constant 0 : index
      %cst_0 = arith.constant dense<0.000000e+00> : vector<2x2xf32>
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %0 = arith.index_castui %thread_id_y : index to i32
      %1 = arith.muli %0, %c64_i32 overflow<nsw> : i32
      %2 = arith.index_castui %thread_id_x : index to i32
      %3 = arith.addi %1, %2 overflow<nsw> : i32
      %assume_align = memref.assume_alignment %4, 64 : memref<512x256xf32, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %5, 64 : memref<256x512xf32, #gpu.address_space<global>>
      %assume_align_2 = memref.assume_alignment %6, 64 : memref<512x512xf32, #gpu.address_space<global>>
      %7 = arith.divui %2, %c32_i32 : i32
      %alloc = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>
      %alloc_3 = memref.alloc() : memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %alloc_4 = memref.alloc() : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x upper_bound 256
      %8 = arith.index_castui %workgroup_id_x : index to i32
      %9 = arith.divui %8, %c16_i32 : i32
      %10 = arith.remui %8, %c16_i32 : i32
      %11 = arith.divui %3, %c4_i32 : i32
      %12 = arith.index_castui %11 : i32 to index
      %13 = arith.remui %3, %c4_i32 : i32
      %14 = arith.muli %9, %c32_i32 overflow<nsw> : i32
      %15 = arith.addi %11, %14 : i32
      %16 = arith.index_castui %15 : i32 to index
      %17 = arith.muli %13, %c4_i32 overflow<nsw> : i32
      %18 = arith.index_castui %17 : i32 to index
      %19 = arith.andi %11, %c6_i32 : i32
      %20 = arith.shli %19, %c1_i32 : i32
      %21 = arith.xori %17, %20 : i32
      %22 = arith.index_castui %21 : i32 to index
      %23 = arith.divui %3, %c8_i32 : i32
      %24 = arith.index_castui %23 : i32 to index
      %25 = arith.remui %3, %c8_i32 : i32
      %26 = arith.muli %25, %c4_i32 overflow<nsw> : i32
      %27 = arith.index_castui %26 : i32 to index
      %28 = arith.muli %10, %c32_i32 overflow<nsw> : i32
      %29 = arith.addi %26, %28 : i32
      %30 = arith.index_castui %29 : i32 to index
      %31 = arith.andi %23, %c7_i32 : i32
      %32 = arith.shli %31, %c2_i32 : i32
      %33 = arith.xori %26, %32 : i32
      %34 = arith.index_castui %33 : i32 to index
      %35 = gpu.lane_id upper_bound 32
      %36 = arith.muli %0, %c16_i32 overflow<nsw> : i32
      %37 = arith.index_castui %35 : index to i32
      %38 = arith.remui %37, %c16_i32 : i32
      %39 = arith.addi %36, %38 : i32
      %40 = arith.index_castui %39 : i32 to index
      %41 = arith.divui %37, %c16_i32 : i32
      %42 = arith.muli %41, %c4_i32 overflow<nsw> : i32
      %43 = arith.andi %39, %c6_i32 : i32
      %44 = arith.shli %43, %c1_i32 : i32
      %45 = arith.xori %42, %44 : i32
      %46 = arith.index_castui %45 : i32 to index
      %47 = arith.addi %42, %c8_i32 overflow<nsw> : i32
      %48 = arith.xori %47, %44 : i32
      %49 = arith.index_castui %48 : i32 to index
      %50 = arith.muli %7, %c16_i32 overflow<nsw> : i32
      %51 = arith.divui %37, %c4_i32 : i32
      %52 = arith.addi %50, %51 : i32
      %53 = arith.remui %37, %c4_i32 : i32
      %54 = arith.index_castui %53 : i32 to index
      %55 = arith.andi %53, %c7_i32 : i32
      %56 = arith.shli %55, %c2_i32 : i32
      %57 = arith.xori %52, %56 : i32
      %58 = arith.index_castui %57 : i32 to index
      %59 = arith.addi %53, %c4_i32 overflow<nsw> : i32
      %60 = arith.index_castui %59 : i32 to index
      %61 = arith.andi %59, %c7_i32 : i32
      %62 = arith.shli %61, %c2_i32 : i32
      %63 = arith.xori %52, %62 : i32
      %64 = arith.index_castui %63 : i32 to index
      %65 = arith.addi %53, %c8_i32 overflow<nsw> : i32
      %66 = arith.index_castui %65 : i32 to index
      %67 = arith.andi %65, %c7_i32 : i32
      %68 = arith.shli %67, %c2_i32 : i32
      %69 = arith.xori %52, %68 : i32
      %70 = arith.index_castui %69 : i32 to index
      %71 = arith.addi %53, %c12_i32 overflow<nsw> : i32
      %72 = arith.index_castui %71 : i32 to index
      %73 = arith.andi %71, %c7_i32 : i32
      %74 = arith.shli %73, %c2_i32 : i32
      %75 = arith.xori %52, %74 : i32
      %76 = arith.index_castui %75 : i32 to index
      %77 = arith.addi %52, %c8_i32 overflow<nsw> : i32
      %78 = arith.xori %77, %56 : i32
      %79 = arith.index_castui %78 : i32 to index
      %80 = arith.xori %77, %62 : i32
      %81 = arith.index_castui %80 : i32 to index
      %82 = arith.xori %77, %68 : i32
      %83 = arith.index_castui %82 : i32 to index
      %84 = arith.xori %77, %74 : i32
      %85 = arith.index_castui %84 : i32 to index
      %86 = nvgpu.device_async_copy %assume_align[%16, %18], %alloc_3[%c0, %12, %22], 4 {bypassL1} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %87 = nvgpu.device_async_copy %assume_align_1[%24, %30], %alloc_4[%c0, %24, %34], 4 {bypassL1} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %88 = nvgpu.device_async_create_group %86, %87
      %89 = arith.addi %17, %c16_i32 overflow<nsw> : i32
      %90 = arith.index_castui %89 : i32 to index
      %91 = nvgpu.device_async_copy %assume_align[%16, %90], %alloc_3[%c1, %12, %22], 4 {bypassL1} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %92 = arith.addi %23, %c16_i32 overflow<nsw> : i32
      %93 = arith.index_castui %92 : i32 to index
      %94 = nvgpu.device_async_copy %assume_align_1[%93, %30], %alloc_4[%c1, %24, %34], 4 {bypassL1} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %95 = nvgpu.device_async_create_group %91, %94
      %96 = arith.addi %17, %c32_i32 overflow<nsw> : i32
      %97 = arith.index_castui %96 : i32 to index
      %98 = nvgpu.device_async_copy %assume_align[%16, %97], %alloc_3[%c2, %12, %22], 4 {bypassL1} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %99 = arith.addi %23, %c32_i32 overflow<nsw> : i32
      %100 = arith.index_castui %99 : i32 to index
      %101 = nvgpu.device_async_copy %assume_align_1[%100, %30], %alloc_4[%c2, %24, %34], 4 {bypassL1} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %102 = nvgpu.device_async_create_group %98, %101
      nvgpu.device_async_wait %88 {numGroups = 2 : i32}
      gpu.barrier
      %103 = nvgpu.ldmatrix %alloc_3[%c0, %40, %46] {numTiles = 4 : i32, transpose = false} : memref<4x32x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
      %104 = memref.load %alloc_4[%c0, %54, %58] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %105 = vector.insert %104, %cst [0, 0] : f32 into vector<2x1xf32>
      %106 = memref.load %alloc_4[%c0, %60, %64] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %107 = vector.insert %106, %105 [1, 0] : f32 into vector<2x1xf32>
      %108 = memref.load %alloc_4[%c0, %54, %79] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %109 = vector.insert %108, %cst [0, 0] : f32 into vector<2x1xf32>
      %110 = memref.load %alloc_4[%c0, %60, %81] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %111 = vector.insert %110, %109 [1, 0] : f32 into vector<2x1xf32>
      cf.br ^bb1(%c0_i32, %cst_0, %cst_0, %c0, %c1, %c2, %103, %107, %111, %95, %102 : i32, vector<2x2xf32>, vector<2x2xf32>, index, index, index, vector<4x1xf32>, vector<2x1xf32>, vector<2x1xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token)
    ^bb1(%112: i32, %113: vector<2x2xf32>, %114: vector<2x2xf32>, %115: index, %116: index, %117: index, %118: vector<4x1xf32>, %119: vector<2x1xf32>, %120: vector<2x1xf32>, %121: !nvgpu.device.async.token, %122: !nvgpu.device.async.token):  // 2 preds: ^bb0, ^bb2
      %123 = arith.cmpi slt, %112, %c256_i32 : i32
      cf.cond_br %123, ^bb2, ^bb3
    ^bb2:  // pred: ^bb1
      %124 = arith.cmpi slt, %112, %c208_i32 : i32
      %125 = nvgpu.ldmatrix %alloc_3[%115, %40, %49] {numTiles = 4 : i32, transpose = false} : memref<4x32x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
      %126 = memref.load %alloc_4[%115, %66, %70] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %127 = vector.insert %126, %cst [0, 0] : f32 into vector<2x1xf32>
      %128 = memref.load %alloc_4[%115, %72, %76] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %129 = vector.insert %128, %127 [1, 0] : f32 into vector<2x1xf32>
      %130 = memref.load %alloc_4[%115, %66, %83] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %131 = vector.insert %130, %cst [0, 0] : f32 into vector<2x1xf32>
      %132 = memref.load %alloc_4[%115, %72, %85] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %133 = vector.insert %132, %131 [1, 0] : f32 into vector<2x1xf32>
      %134 = nvgpu.mma.sync(%118, %119, %113) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      %135 = nvgpu.mma.sync(%118, %120, %114) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      %136 = arith.addi %112, %c48_i32 : i32
      %137 = arith.divui %136, %c16_i32 : i32
      %138 = arith.remui %137, %c4_i32 : i32
      %139 = arith.index_castui %138 : i32 to index
      %140 = arith.addi %17, %136 : i32
      %141 = arith.index_castui %140 : i32 to index
      %142 = arith.select %124, %c4, %c0 : index
      %143 = nvgpu.device_async_copy %assume_align[%16, %141], %alloc_3[%139, %12, %22], 4, %142 {bypassL1} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %144 = arith.addi %23, %136 : i32
      %145 = arith.index_castui %144 : i32 to index
      %146 = nvgpu.device_async_copy %assume_align_1[%145, %30], %alloc_4[%139, %24, %34], 4, %142 {bypassL1} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %147 = nvgpu.device_async_create_group %143, %146
      nvgpu.device_async_wait %121 {numGroups = 2 : i32}
      gpu.barrier
      %148 = nvgpu.ldmatrix %alloc_3[%116, %40, %46] {numTiles = 4 : i32, transpose = false} : memref<4x32x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
      %149 = memref.load %alloc_4[%116, %54, %58] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %150 = vector.insert %149, %cst [0, 0] : f32 into vector<2x1xf32>
      %151 = memref.load %alloc_4[%116, %60, %64] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %152 = vector.insert %151, %150 [1, 0] : f32 into vector<2x1xf32>
      %153 = memref.load %alloc_4[%116, %54, %79] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %154 = vector.insert %153, %cst [0, 0] : f32 into vector<2x1xf32>
      %155 = memref.load %alloc_4[%116, %60, %81] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %156 = vector.insert %155, %154 [1, 0] : f32 into vector<2x1xf32>
      %157 = nvgpu.mma.sync(%125, %129, %134) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      %158 = nvgpu.mma.sync(%125, %133, %135) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      %159 = arith.addi %112, %c16_i32 : i32
      cf.br ^bb1(%159, %157, %158, %116, %117, %139, %148, %152, %156, %122, %147 : i32, vector<2x2xf32>, vector<2x2xf32>, index, index, index, vector<4x1xf32>, vector<2x1xf32>, vector<2x1xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token)
    ^bb3:  // pred: ^bb1
      %160 = vector.extract %114[0] : vector<2xf32> from vector<2x2xf32>
      %161 = arith.addi %36, %51 : i32
      %162 = arith.index_castui %161 : i32 to index
      %163 = arith.muli %51, %c-8_i32 overflow<nsw> : i32
      %164 = arith.addi %50, %163 : i32
      %165 = arith.muli %37, %c2_i32 overflow<nsw> : i32
      %166 = arith.addi %164, %165 : i32
      %167 = arith.index_cast %166 : i32 to index
      %168 = arith.addi %166, %c8_i32 overflow<nsw> : i32
      %169 = arith.index_cast %168 : i32 to index
      vector.store %160, %alloc[%162, %169] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %170 = vector.extract %114[1] : vector<2xf32> from vector<2x2xf32>
      %171 = arith.addi %161, %c8_i32 overflow<nsw> : i32
      %172 = arith.index_castui %171 : i32 to index
      vector.store %170, %alloc[%172, %169] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %173 = vector.extract %113[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %173, %alloc[%162, %167] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %174 = vector.extract %113[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %174, %alloc[%172, %167] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
      %175 = vector.load %alloc[%24, %27] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %176 = arith.addi %23, %14 : i32
      %177 = arith.index_castui %176 : i32 to index
      vector.store %175, %assume_align_2[%177, %30] : memref<512x512xf32, #gpu.address_space<global>>, vector<4xf32>
      %178 = vector.load %alloc[%93, %27] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %179 = arith.addi %176, %c16_i32 overflow<nsw> : i32
      %180 = arith.index_castui %179 : i32 to index
      vector.store %178, %assume_align_2[%180, %30] : memref<512x512xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.return
    }
  }
}
