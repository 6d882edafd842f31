// Corpus kernel: iree/matmul_bias_relu_f32.structured.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/matmul_bias_relu_f32.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP structured (test/Corpus/gen/make-iree.sh does both); stage 'structured': the IR printed before IREE's own run of upstream gpu-eliminate-barriers (scf, vector, affine, nvgpu)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/matmul_bias_relu_f32.mlir (written for this corpus)
// What: 512^3 f32 matmul fused with bias add + relu (tf32 mma.sync), 128 threads, K step 16 (32 iterations)
// truth: race: the epilogue's vector.store into %view_6 (rows 16..31 = bytes 2048..4095 = A slot 1) races with the zero-fill cp.async of tile 33 into A slot 1 (issued in iteration 30, never waited for: the last wait leaves 2 groups in flight); and its stores into rows 8..15 race (WAR, no barrier after the loop) with the other warps' last-iteration ldmatrix of A slot 0 (a dead read of zero-filled tile 32)
// barriers-needed: 2
//
// IREE's LLVMGPUPackSharedMemoryAlloc packed the workgroup memory into one i8 allocation:
// %view (A slots, 4 x 32 x 16 f32) at byte 0, the B slots at byte 8192, and the C staging
// buffer %view_6 (32x32 f32) at byte 0 again, aliasing A slots 0 and 1 (bytes 0..4095). The pass put the
// "wait 0 + barrier" that protects the reuse at the allocation (before the prologue), not at
// the reuse point: between the K loop's exit and the epilogue's vector.store into %view_6 there is
// no barrier and no cp.async wait. The pipeline itself (4 slots, tile k+3 issued in iteration k,
// numGroups = 2) is race-free as in the unfused matmuls.
// Harmful race: the in-flight zero-fill of tile 33 (every thread's 16 bytes of A slot 1) can
// land after the epilogue stored C rows 16..31 there, and the warps with thread_id_y = 1 then
// read zeros back (vector.load of %view_6 rows 16..31) and store them to the output.
// The epilogue's stores and loads of %view_6 exchange data only within a warp (warp (y, x/32)
// stores and reloads its own 16x16 block), so no block barrier is needed between them (IREE
// relies on warp-synchronous execution there; no bar.warp.sync).
//
// barrier #1 (after the empty group's wait 0, before the prologue): nothing before it: not needed.
// barrier #2 (after the prologue wait): RAW on tile 0 across threads: needed.
// barrier #3 (in the loop, after the wait): RAW on tile k+1 and WAR on the slot refilled next iteration: needed.
// (A barrier and a cp.async wait 0 are missing after the loop: that is the race.)
// (barriers are numbered in program order.)
// IREE kernel matmul_bias_relu_f32_dispatch_0_matmul_512x512x512_f32, IREE pipeline LLVMGPUMatmulTensorCoreMmaSync.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_bias_relu_f32_dispatch_0_matmul_512x512x512_f32(%3: memref<512x512xf32, #gpu.address_space<global>>, %4: memref<512x512xf32, #gpu.address_space<global>>, %5: memref<512xf32, #gpu.address_space<global>>, %6: memref<512x512xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %0 = ub.poison : vector<16x16xf32>
      %c48 = arith.constant 48 : index
      %c464 = arith.constant 464 : index
      %c4 = arith.constant 4 : index
      %c8192 = arith.constant 8192 : index
      %cst = arith.constant dense<0.000000e+00> : vector<2x2xf32>
      %cst_0 = arith.constant dense<0.000000e+00> : vector<16x16xf32>
      %1 = ub.poison : f32
      %c16 = arith.constant 16 : index
      %c512 = arith.constant 512 : index
      %c0 = arith.constant 0 : index
      %cst_1 = arith.constant dense<0.000000e+00> : vector<2x1xf32>
      %c6 = arith.constant 6 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %c2 = arith.constant 2 : index
      %alloc = memref.alloc() : memref<16384xi8, #gpu.address_space<workgroup>>
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %2 = affine.linearize_index disjoint [%thread_id_y, %thread_id_x] by (2, 64) : index
      %assume_align = memref.assume_alignment %3, 64 : memref<512x512xf32, #gpu.address_space<global>>
      %assume_align_2 = memref.assume_alignment %4, 64 : memref<512x512xf32, #gpu.address_space<global>>
      %assume_align_3 = memref.assume_alignment %5, 64 : memref<512xf32, #gpu.address_space<global>>
      %assume_align_4 = memref.assume_alignment %6, 64 : memref<512x512xf32, #gpu.address_space<global>>
      %7:2 = affine.delinearize_index %thread_id_x into (2, 32) : index, index
      %8 = affine.apply affine_map<()[s0] -> (s0 * 16)>()[%7#0]
      %view = memref.view %alloc[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %view_5 = memref.view %alloc[%c8192][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %9 = nvgpu.device_async_create_group 
      nvgpu.device_async_wait %9 {numGroups = 0 : i32}
      gpu.barrier
      %view_6 = memref.view %alloc[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<32x32xf32, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x
      %10:2 = affine.delinearize_index %workgroup_id_x into (16, 16) : index, index
      %11:2 = affine.delinearize_index %2 into (32, 4) : index, index
      %12 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32)>()[%11#0, %10#0]
      %13 = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%11#1]
      %14 = arith.andi %11#0, %c6 : index
      %15 = arith.shli %14, %c1 : index
      %16 = arith.xori %13, %15 : index
      %17:2 = affine.delinearize_index %2 into (16, 8) : index, index
      %18 = affine.apply affine_map<()[s0, s1] -> (s0 * 4 + s1 * 32)>()[%17#1, %10#1]
      %19 = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%17#1]
      %20 = arith.andi %17#0, %c7 : index
      %21 = arith.shli %20, %c2 : index
      %22 = arith.xori %19, %21 : index
      %23 = gpu.lane_id upper_bound 32
      %24 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 mod 16)>()[%thread_id_y, %23]
      %25 = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 4)>()[%23]
      %26 = arith.andi %24, %c6 : index
      %27 = arith.shli %26, %c1 : index
      %28 = arith.xori %25, %27 : index
      %29 = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 4 + 8)>()[%23]
      %30 = arith.xori %29, %27 : index
      %31 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4)>()[%7#0, %23]
      %32 = affine.apply affine_map<()[s0] -> (s0 mod 4)>()[%23]
      %33 = arith.andi %32, %c7 : index
      %34 = arith.shli %33, %c2 : index
      %35 = arith.xori %31, %34 : index
      %36 = affine.apply affine_map<()[s0] -> (s0 mod 4 + 4)>()[%23]
      %37 = arith.andi %36, %c7 : index
      %38 = arith.shli %37, %c2 : index
      %39 = arith.xori %31, %38 : index
      %40 = affine.apply affine_map<()[s0] -> (s0 mod 4 + 8)>()[%23]
      %41 = arith.andi %40, %c7 : index
      %42 = arith.shli %41, %c2 : index
      %43 = arith.xori %31, %42 : index
      %44 = affine.apply affine_map<()[s0] -> (s0 mod 4 + 12)>()[%23]
      %45 = arith.andi %44, %c7 : index
      %46 = arith.shli %45, %c2 : index
      %47 = arith.xori %31, %46 : index
      %48 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4 + 8)>()[%7#0, %23]
      %49 = arith.xori %48, %34 : index
      %50 = arith.xori %48, %38 : index
      %51 = arith.xori %48, %42 : index
      %52 = arith.xori %48, %46 : index
      %53 = nvgpu.device_async_copy %assume_align[%12, %13], %view[%c0, %11#0, %16], 4 {bypassL1} : memref<512x512xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %54 = nvgpu.device_async_copy %assume_align_2[%17#0, %18], %view_5[%c0, %17#0, %22], 4 {bypassL1} : memref<512x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %55 = nvgpu.device_async_create_group %53, %54
      %56 = affine.apply affine_map<()[s0] -> (s0 * 4 + 16)>()[%11#1]
      %57 = nvgpu.device_async_copy %assume_align[%12, %56], %view[%c1, %11#0, %16], 4 {bypassL1} : memref<512x512xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %58 = affine.apply affine_map<()[s0] -> (s0 + 16)>()[%17#0]
      %59 = nvgpu.device_async_copy %assume_align_2[%58, %18], %view_5[%c1, %17#0, %22], 4 {bypassL1} : memref<512x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %60 = nvgpu.device_async_create_group %57, %59
      %61 = affine.apply affine_map<()[s0] -> (s0 * 4 + 32)>()[%11#1]
      %62 = nvgpu.device_async_copy %assume_align[%12, %61], %view[%c2, %11#0, %16], 4 {bypassL1} : memref<512x512xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %63 = affine.apply affine_map<()[s0] -> (s0 + 32)>()[%17#0]
      %64 = nvgpu.device_async_copy %assume_align_2[%63, %18], %view_5[%c2, %17#0, %22], 4 {bypassL1} : memref<512x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %65 = nvgpu.device_async_create_group %62, %64
      nvgpu.device_async_wait %55 {numGroups = 2 : i32}
      gpu.barrier
      %66 = nvgpu.ldmatrix %view[%c0, %24, %28] {numTiles = 4 : i32, transpose = false} : memref<4x32x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
      %67 = memref.load %view_5[%c0, %32, %35] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %68 = vector.insert %67, %cst_1 [0, 0] : f32 into vector<2x1xf32>
      %69 = memref.load %view_5[%c0, %36, %39] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %70 = vector.insert %69, %68 [1, 0] : f32 into vector<2x1xf32>
      %71 = memref.load %view_5[%c0, %32, %49] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %72 = vector.insert %71, %cst_1 [0, 0] : f32 into vector<2x1xf32>
      %73 = memref.load %view_5[%c0, %36, %50] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %74 = vector.insert %73, %72 [1, 0] : f32 into vector<2x1xf32>
      %75:10 = scf.for %arg0 = %c0 to %c512 step %c16 iter_args(%arg1 = %cst, %arg2 = %cst, %arg3 = %c0, %arg4 = %c1, %arg5 = %c2, %arg6 = %66, %arg7 = %70, %arg8 = %74, %arg9 = %60, %arg10 = %65) -> (vector<2x2xf32>, vector<2x2xf32>, index, index, index, vector<4x1xf32>, vector<2x1xf32>, vector<2x1xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token) {
        %220 = arith.cmpi slt, %arg0, %c464 : index
        %221 = nvgpu.ldmatrix %view[%arg3, %24, %30] {numTiles = 4 : i32, transpose = false} : memref<4x32x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
        %222 = memref.load %view_5[%arg3, %40, %43] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %223 = vector.insert %222, %cst_1 [0, 0] : f32 into vector<2x1xf32>
        %224 = memref.load %view_5[%arg3, %44, %47] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %225 = vector.insert %224, %223 [1, 0] : f32 into vector<2x1xf32>
        %226 = memref.load %view_5[%arg3, %40, %51] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %227 = vector.insert %226, %cst_1 [0, 0] : f32 into vector<2x1xf32>
        %228 = memref.load %view_5[%arg3, %44, %52] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %229 = vector.insert %228, %227 [1, 0] : f32 into vector<2x1xf32>
        %230 = nvgpu.mma.sync(%arg6, %arg7, %arg1) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
        %231 = nvgpu.mma.sync(%arg6, %arg8, %arg2) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
        %232 = arith.addi %arg0, %c48 : index
        %233 = affine.apply affine_map<(d0) -> ((d0 floordiv 16) mod 4)>(%232)
        %234 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 4)>()[%232, %11#1]
        %235 = arith.select %220, %c4, %c0 : index
        %236 = nvgpu.device_async_copy %assume_align[%12, %234], %view[%233, %11#0, %16], 4, %235 {bypassL1} : memref<512x512xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
        %237 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%232, %17#0]
        %238 = nvgpu.device_async_copy %assume_align_2[%237, %18], %view_5[%233, %17#0, %22], 4, %235 {bypassL1} : memref<512x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %239 = nvgpu.device_async_create_group %236, %238
        nvgpu.device_async_wait %arg9 {numGroups = 2 : i32}
        gpu.barrier
        %240 = nvgpu.ldmatrix %view[%arg4, %24, %28] {numTiles = 4 : i32, transpose = false} : memref<4x32x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
        %241 = memref.load %view_5[%arg4, %32, %35] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %242 = vector.insert %241, %cst_1 [0, 0] : f32 into vector<2x1xf32>
        %243 = memref.load %view_5[%arg4, %36, %39] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %244 = vector.insert %243, %242 [1, 0] : f32 into vector<2x1xf32>
        %245 = memref.load %view_5[%arg4, %32, %49] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %246 = vector.insert %245, %cst_1 [0, 0] : f32 into vector<2x1xf32>
        %247 = memref.load %view_5[%arg4, %36, %50] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %248 = vector.insert %247, %246 [1, 0] : f32 into vector<2x1xf32>
        %249 = nvgpu.mma.sync(%221, %225, %230) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
        %250 = nvgpu.mma.sync(%221, %229, %231) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
        scf.yield %249, %250, %arg4, %arg5, %233, %240, %244, %248, %arg10, %239 : vector<2x2xf32>, vector<2x2xf32>, index, index, index, vector<4x1xf32>, vector<2x1xf32>, vector<2x1xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token
      }
      %76 = vector.extract %75#1[0] : vector<2xf32> from vector<2x2xf32>
      %77 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4)>()[%thread_id_y, %23]
      %78 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 2 - (s1 floordiv 4) * 8 + 8)>()[%7#0, %23]
      vector.store %76, %view_6[%77, %78] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %79 = vector.extract %75#1[1] : vector<2xf32> from vector<2x2xf32>
      %80 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4 + 8)>()[%thread_id_y, %23]
      vector.store %79, %view_6[%80, %78] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %81 = vector.extract %75#0[0] : vector<2xf32> from vector<2x2xf32>
      %82 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 2 - (s1 floordiv 4) * 8)>()[%7#0, %23]
      vector.store %81, %view_6[%77, %82] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %83 = vector.extract %75#0[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %83, %view_6[%80, %82] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %84 = vector.broadcast %1 : f32 to vector<16x16xf32>
      %85 = affine.apply affine_map<()[s0] -> (s0 * 16)>()[%thread_id_y]
      %86 = vector.load %view_6[%85, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %87 = vector.insert %86, %84 [0] : vector<16xf32> into vector<16x16xf32>
      %88 = affine.apply affine_map<()[s0] -> (s0 * 16 + 1)>()[%thread_id_y]
      %89 = vector.load %view_6[%88, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %90 = vector.insert %89, %87 [1] : vector<16xf32> into vector<16x16xf32>
      %91 = affine.apply affine_map<()[s0] -> (s0 * 16 + 2)>()[%thread_id_y]
      %92 = vector.load %view_6[%91, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %93 = vector.insert %92, %90 [2] : vector<16xf32> into vector<16x16xf32>
      %94 = affine.apply affine_map<()[s0] -> (s0 * 16 + 3)>()[%thread_id_y]
      %95 = vector.load %view_6[%94, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %96 = vector.insert %95, %93 [3] : vector<16xf32> into vector<16x16xf32>
      %97 = affine.apply affine_map<()[s0] -> (s0 * 16 + 4)>()[%thread_id_y]
      %98 = vector.load %view_6[%97, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %99 = vector.insert %98, %96 [4] : vector<16xf32> into vector<16x16xf32>
      %100 = affine.apply affine_map<()[s0] -> (s0 * 16 + 5)>()[%thread_id_y]
      %101 = vector.load %view_6[%100, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %102 = vector.insert %101, %99 [5] : vector<16xf32> into vector<16x16xf32>
      %103 = affine.apply affine_map<()[s0] -> (s0 * 16 + 6)>()[%thread_id_y]
      %104 = vector.load %view_6[%103, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %105 = vector.insert %104, %102 [6] : vector<16xf32> into vector<16x16xf32>
      %106 = affine.apply affine_map<()[s0] -> (s0 * 16 + 7)>()[%thread_id_y]
      %107 = vector.load %view_6[%106, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %108 = vector.insert %107, %105 [7] : vector<16xf32> into vector<16x16xf32>
      %109 = affine.apply affine_map<()[s0] -> (s0 * 16 + 8)>()[%thread_id_y]
      %110 = vector.load %view_6[%109, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %111 = vector.insert %110, %108 [8] : vector<16xf32> into vector<16x16xf32>
      %112 = affine.apply affine_map<()[s0] -> (s0 * 16 + 9)>()[%thread_id_y]
      %113 = vector.load %view_6[%112, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %114 = vector.insert %113, %111 [9] : vector<16xf32> into vector<16x16xf32>
      %115 = affine.apply affine_map<()[s0] -> (s0 * 16 + 10)>()[%thread_id_y]
      %116 = vector.load %view_6[%115, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %117 = vector.insert %116, %114 [10] : vector<16xf32> into vector<16x16xf32>
      %118 = affine.apply affine_map<()[s0] -> (s0 * 16 + 11)>()[%thread_id_y]
      %119 = vector.load %view_6[%118, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %120 = vector.insert %119, %117 [11] : vector<16xf32> into vector<16x16xf32>
      %121 = affine.apply affine_map<()[s0] -> (s0 * 16 + 12)>()[%thread_id_y]
      %122 = vector.load %view_6[%121, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %123 = vector.insert %122, %120 [12] : vector<16xf32> into vector<16x16xf32>
      %124 = affine.apply affine_map<()[s0] -> (s0 * 16 + 13)>()[%thread_id_y]
      %125 = vector.load %view_6[%124, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %126 = vector.insert %125, %123 [13] : vector<16xf32> into vector<16x16xf32>
      %127 = affine.apply affine_map<()[s0] -> (s0 * 16 + 14)>()[%thread_id_y]
      %128 = vector.load %view_6[%127, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %129 = vector.insert %128, %126 [14] : vector<16xf32> into vector<16x16xf32>
      %130 = affine.apply affine_map<()[s0] -> (s0 * 16 + 15)>()[%thread_id_y]
      %131 = vector.load %view_6[%130, %8] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<16xf32>
      %132 = vector.insert %131, %129 [15] : vector<16xf32> into vector<16x16xf32>
      %133 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32)>()[%7#0, %10#1]
      %134 = vector.load %assume_align_3[%133] : memref<512xf32, #gpu.address_space<global>>, vector<16xf32>
      %135 = vector.insert %134, %0 [0] : vector<16xf32> into vector<16x16xf32>
      %136 = vector.insert %134, %135 [1] : vector<16xf32> into vector<16x16xf32>
      %137 = vector.insert %134, %136 [2] : vector<16xf32> into vector<16x16xf32>
      %138 = vector.insert %134, %137 [3] : vector<16xf32> into vector<16x16xf32>
      %139 = vector.insert %134, %138 [4] : vector<16xf32> into vector<16x16xf32>
      %140 = vector.insert %134, %139 [5] : vector<16xf32> into vector<16x16xf32>
      %141 = vector.insert %134, %140 [6] : vector<16xf32> into vector<16x16xf32>
      %142 = vector.insert %134, %141 [7] : vector<16xf32> into vector<16x16xf32>
      %143 = vector.insert %134, %142 [8] : vector<16xf32> into vector<16x16xf32>
      %144 = vector.insert %134, %143 [9] : vector<16xf32> into vector<16x16xf32>
      %145 = vector.insert %134, %144 [10] : vector<16xf32> into vector<16x16xf32>
      %146 = vector.insert %134, %145 [11] : vector<16xf32> into vector<16x16xf32>
      %147 = vector.insert %134, %146 [12] : vector<16xf32> into vector<16x16xf32>
      %148 = vector.insert %134, %147 [13] : vector<16xf32> into vector<16x16xf32>
      %149 = vector.insert %134, %148 [14] : vector<16xf32> into vector<16x16xf32>
      %150 = vector.insert %134, %149 [15] : vector<16xf32> into vector<16x16xf32>
      %151 = arith.addf %132, %150 : vector<16x16xf32>
      %152 = arith.maximumf %151, %cst_0 : vector<16x16xf32>
      %153 = vector.extract_strided_slice %152 {offsets = [0, 0], sizes = [16, 8], strides = [1, 1]} : vector<16x16xf32> to vector<16x8xf32>
      %154 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32)>()[%thread_id_y, %10#0]
      %155 = vector.extract %153[0] : vector<8xf32> from vector<16x8xf32>
      vector.store %155, %assume_align_4[%154, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %156 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 1)>()[%thread_id_y, %10#0]
      %157 = vector.extract %153[1] : vector<8xf32> from vector<16x8xf32>
      vector.store %157, %assume_align_4[%156, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %158 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 2)>()[%thread_id_y, %10#0]
      %159 = vector.extract %153[2] : vector<8xf32> from vector<16x8xf32>
      vector.store %159, %assume_align_4[%158, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %160 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 3)>()[%thread_id_y, %10#0]
      %161 = vector.extract %153[3] : vector<8xf32> from vector<16x8xf32>
      vector.store %161, %assume_align_4[%160, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %162 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 4)>()[%thread_id_y, %10#0]
      %163 = vector.extract %153[4] : vector<8xf32> from vector<16x8xf32>
      vector.store %163, %assume_align_4[%162, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %164 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 5)>()[%thread_id_y, %10#0]
      %165 = vector.extract %153[5] : vector<8xf32> from vector<16x8xf32>
      vector.store %165, %assume_align_4[%164, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %166 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 6)>()[%thread_id_y, %10#0]
      %167 = vector.extract %153[6] : vector<8xf32> from vector<16x8xf32>
      vector.store %167, %assume_align_4[%166, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %168 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 7)>()[%thread_id_y, %10#0]
      %169 = vector.extract %153[7] : vector<8xf32> from vector<16x8xf32>
      vector.store %169, %assume_align_4[%168, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %170 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 8)>()[%thread_id_y, %10#0]
      %171 = vector.extract %153[8] : vector<8xf32> from vector<16x8xf32>
      vector.store %171, %assume_align_4[%170, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %172 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 9)>()[%thread_id_y, %10#0]
      %173 = vector.extract %153[9] : vector<8xf32> from vector<16x8xf32>
      vector.store %173, %assume_align_4[%172, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %174 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 10)>()[%thread_id_y, %10#0]
      %175 = vector.extract %153[10] : vector<8xf32> from vector<16x8xf32>
      vector.store %175, %assume_align_4[%174, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %176 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 11)>()[%thread_id_y, %10#0]
      %177 = vector.extract %153[11] : vector<8xf32> from vector<16x8xf32>
      vector.store %177, %assume_align_4[%176, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %178 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 12)>()[%thread_id_y, %10#0]
      %179 = vector.extract %153[12] : vector<8xf32> from vector<16x8xf32>
      vector.store %179, %assume_align_4[%178, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %180 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 13)>()[%thread_id_y, %10#0]
      %181 = vector.extract %153[13] : vector<8xf32> from vector<16x8xf32>
      vector.store %181, %assume_align_4[%180, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %182 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 14)>()[%thread_id_y, %10#0]
      %183 = vector.extract %153[14] : vector<8xf32> from vector<16x8xf32>
      vector.store %183, %assume_align_4[%182, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %184 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 15)>()[%thread_id_y, %10#0]
      %185 = vector.extract %153[15] : vector<8xf32> from vector<16x8xf32>
      vector.store %185, %assume_align_4[%184, %133] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %186 = vector.extract_strided_slice %152 {offsets = [0, 8], sizes = [16, 8], strides = [1, 1]} : vector<16x16xf32> to vector<16x8xf32>
      %187 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 8)>()[%7#0, %10#1]
      %188 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32)>()[%thread_id_y, %10#0]
      %189 = vector.extract %186[0] : vector<8xf32> from vector<16x8xf32>
      vector.store %189, %assume_align_4[%188, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %190 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 1)>()[%thread_id_y, %10#0]
      %191 = vector.extract %186[1] : vector<8xf32> from vector<16x8xf32>
      vector.store %191, %assume_align_4[%190, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %192 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 2)>()[%thread_id_y, %10#0]
      %193 = vector.extract %186[2] : vector<8xf32> from vector<16x8xf32>
      vector.store %193, %assume_align_4[%192, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %194 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 3)>()[%thread_id_y, %10#0]
      %195 = vector.extract %186[3] : vector<8xf32> from vector<16x8xf32>
      vector.store %195, %assume_align_4[%194, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %196 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 4)>()[%thread_id_y, %10#0]
      %197 = vector.extract %186[4] : vector<8xf32> from vector<16x8xf32>
      vector.store %197, %assume_align_4[%196, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %198 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 5)>()[%thread_id_y, %10#0]
      %199 = vector.extract %186[5] : vector<8xf32> from vector<16x8xf32>
      vector.store %199, %assume_align_4[%198, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %200 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 6)>()[%thread_id_y, %10#0]
      %201 = vector.extract %186[6] : vector<8xf32> from vector<16x8xf32>
      vector.store %201, %assume_align_4[%200, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %202 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 7)>()[%thread_id_y, %10#0]
      %203 = vector.extract %186[7] : vector<8xf32> from vector<16x8xf32>
      vector.store %203, %assume_align_4[%202, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %204 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 8)>()[%thread_id_y, %10#0]
      %205 = vector.extract %186[8] : vector<8xf32> from vector<16x8xf32>
      vector.store %205, %assume_align_4[%204, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %206 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 9)>()[%thread_id_y, %10#0]
      %207 = vector.extract %186[9] : vector<8xf32> from vector<16x8xf32>
      vector.store %207, %assume_align_4[%206, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %208 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 10)>()[%thread_id_y, %10#0]
      %209 = vector.extract %186[10] : vector<8xf32> from vector<16x8xf32>
      vector.store %209, %assume_align_4[%208, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %210 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 11)>()[%thread_id_y, %10#0]
      %211 = vector.extract %186[11] : vector<8xf32> from vector<16x8xf32>
      vector.store %211, %assume_align_4[%210, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %212 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 12)>()[%thread_id_y, %10#0]
      %213 = vector.extract %186[12] : vector<8xf32> from vector<16x8xf32>
      vector.store %213, %assume_align_4[%212, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %214 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 13)>()[%thread_id_y, %10#0]
      %215 = vector.extract %186[13] : vector<8xf32> from vector<16x8xf32>
      vector.store %215, %assume_align_4[%214, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %216 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 14)>()[%thread_id_y, %10#0]
      %217 = vector.extract %186[14] : vector<8xf32> from vector<16x8xf32>
      vector.store %217, %assume_align_4[%216, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      %218 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 32 + 15)>()[%thread_id_y, %10#0]
      %219 = vector.extract %186[15] : vector<8xf32> from vector<16x8xf32>
      vector.store %219, %assume_align_4[%218, %187] : memref<512x512xf32, #gpu.address_space<global>>, vector<8xf32>
      gpu.return
    }
  }
}
