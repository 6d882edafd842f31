// Corpus kernel: iree/matmul_f32.structured.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/matmul_f32.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP structured (test/Corpus/gen/make-iree.sh does both); stage 'structured': the IR printed before IREE's own run of upstream gpu-eliminate-barriers (scf, vector, affine, nvgpu)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/matmul_f32.mlir (written for this corpus)
// What: 512x512x256 f32 matmul (tf32 mma.sync 16x8x8), 128 threads (64x2), 32x32 tile, K step 16
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
//   (completed by their waits) before the ldmatrix/loads of slot 0: needed.
// barrier #2 (in the loop, after the wait): orders the cp.async writes of tile k+1 by other
//   threads before this iteration's reads of slot (k+1); and the reads of slot k before the next
//   iteration's cp.async into that slot is reached only through it: needed.
// barrier #3 (after the epilogue's vector.store of the accumulator fragments into the C staging
//   buffer): the vector.load after it reads rows written by other warps: needed.
// barrier #4 (last op before gpu.return): nothing follows it: not needed.
// (barriers are numbered in program order.)
// IREE kernel matmul_f32_dispatch_0_matmul_512x512x256_f32, IREE pipeline LLVMGPUMatmulTensorCoreMmaSync.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_f32_dispatch_0_matmul_512x512x256_f32(%1: memref<512x256xf32, #gpu.address_space<global>>, %2: memref<256x512xf32, #gpu.address_space<global>>, %3: memref<512x512xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c48 = arith.constant 48 : index
      %c208 = arith.constant 208 : index
      %c4 = arith.constant 4 : index
      %c2 = arith.constant 2 : index
      %c7 = arith.constant 7 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %cst = arith.constant dense<0.000000e+00> : vector<2x1xf32>
      %c16 = arith.constant 16 : index
      %c256 = arith.constant 256 : index
      %c0 = arith.constant 0 : index
      %cst_0 = arith.constant dense<0.000000e+00> : vector<2x2xf32>
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %0 = affine.linearize_index disjoint [%thread_id_y, %thread_id_x] by (2, 64) : index
      %assume_align = memref.assume_alignment %1, 64 : memref<512x256xf32, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %2, 64 : memref<256x512xf32, #gpu.address_space<global>>
      %assume_align_2 = memref.assume_alignment %3, 64 : memref<512x512xf32, #gpu.address_space<global>>
      %4:2 = affine.delinearize_index %thread_id_x into (2, 32) : index, index
      %alloc = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>
      %alloc_3 = memref.alloc() : memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %alloc_4 = memref.alloc() : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x
      %5:2 = affine.delinearize_index %workgroup_id_x into (16, 16) : index, index
      %6:2 = affine.delinearize_index %0 into (32, 4) : index, index
      %7 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32)>()[%6#0, %5#0]
      %8 = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%6#1]
      %9 = arith.andi %6#0, %c6 : index
      %10 = arith.shli %9, %c1 : index
      %11 = arith.xori %8, %10 : index
      %12:2 = affine.delinearize_index %0 into (16, 8) : index, index
      %13 = affine.apply affine_map<()[s0, s1] -> (s0 * 4 + s1 * 32)>()[%12#1, %5#1]
      %14 = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%12#1]
      %15 = arith.andi %12#0, %c7 : index
      %16 = arith.shli %15, %c2 : index
      %17 = arith.xori %14, %16 : index
      %18 = gpu.lane_id upper_bound 32
      %19 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 mod 16)>()[%thread_id_y, %18]
      %20 = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 4)>()[%18]
      %21 = arith.andi %19, %c6 : index
      %22 = arith.shli %21, %c1 : index
      %23 = arith.xori %20, %22 : index
      %24 = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 4 + 8)>()[%18]
      %25 = arith.xori %24, %22 : index
      %26 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4)>()[%4#0, %18]
      %27 = affine.apply affine_map<()[s0] -> (s0 mod 4)>()[%18]
      %28 = arith.andi %27, %c7 : index
      %29 = arith.shli %28, %c2 : index
      %30 = arith.xori %26, %29 : index
      %31 = affine.apply affine_map<()[s0] -> (s0 mod 4 + 4)>()[%18]
      %32 = arith.andi %31, %c7 : index
      %33 = arith.shli %32, %c2 : index
      %34 = arith.xori %26, %33 : index
      %35 = affine.apply affine_map<()[s0] -> (s0 mod 4 + 8)>()[%18]
      %36 = arith.andi %35, %c7 : index
      %37 = arith.shli %36, %c2 : index
      %38 = arith.xori %26, %37 : index
      %39 = affine.apply affine_map<()[s0] -> (s0 mod 4 + 12)>()[%18]
      %40 = arith.andi %39, %c7 : index
      %41 = arith.shli %40, %c2 : index
      %42 = arith.xori %26, %41 : index
      %43 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4 + 8)>()[%4#0, %18]
      %44 = arith.xori %43, %29 : index
      %45 = arith.xori %43, %33 : index
      %46 = arith.xori %43, %37 : index
      %47 = arith.xori %43, %41 : index
      %48 = nvgpu.device_async_copy %assume_align[%7, %8], %alloc_3[%c0, %6#0, %11], 4 {bypassL1} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %49 = nvgpu.device_async_copy %assume_align_1[%12#0, %13], %alloc_4[%c0, %12#0, %17], 4 {bypassL1} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %50 = nvgpu.device_async_create_group %48, %49
      %51 = affine.apply affine_map<()[s0] -> (s0 * 4 + 16)>()[%6#1]
      %52 = nvgpu.device_async_copy %assume_align[%7, %51], %alloc_3[%c1, %6#0, %11], 4 {bypassL1} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %53 = affine.apply affine_map<()[s0] -> (s0 + 16)>()[%12#0]
      %54 = nvgpu.device_async_copy %assume_align_1[%53, %13], %alloc_4[%c1, %12#0, %17], 4 {bypassL1} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %55 = nvgpu.device_async_create_group %52, %54
      %56 = affine.apply affine_map<()[s0] -> (s0 * 4 + 32)>()[%6#1]
      %57 = nvgpu.device_async_copy %assume_align[%7, %56], %alloc_3[%c2, %6#0, %11], 4 {bypassL1} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
      %58 = affine.apply affine_map<()[s0] -> (s0 + 32)>()[%12#0]
      %59 = nvgpu.device_async_copy %assume_align_1[%58, %13], %alloc_4[%c2, %12#0, %17], 4 {bypassL1} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %60 = nvgpu.device_async_create_group %57, %59
      nvgpu.device_async_wait %50 {numGroups = 2 : i32}
      gpu.barrier
      %61 = nvgpu.ldmatrix %alloc_3[%c0, %19, %23] {numTiles = 4 : i32, transpose = false} : memref<4x32x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
      %62 = memref.load %alloc_4[%c0, %27, %30] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %63 = vector.insert %62, %cst [0, 0] : f32 into vector<2x1xf32>
      %64 = memref.load %alloc_4[%c0, %31, %34] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %65 = vector.insert %64, %63 [1, 0] : f32 into vector<2x1xf32>
      %66 = memref.load %alloc_4[%c0, %27, %44] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %67 = vector.insert %66, %cst [0, 0] : f32 into vector<2x1xf32>
      %68 = memref.load %alloc_4[%c0, %31, %45] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
      %69 = vector.insert %68, %67 [1, 0] : f32 into vector<2x1xf32>
      %70:10 = scf.for %arg0 = %c0 to %c256 step %c16 iter_args(%arg1 = %cst_0, %arg2 = %cst_0, %arg3 = %c0, %arg4 = %c1, %arg5 = %c2, %arg6 = %61, %arg7 = %65, %arg8 = %69, %arg9 = %55, %arg10 = %60) -> (vector<2x2xf32>, vector<2x2xf32>, index, index, index, vector<4x1xf32>, vector<2x1xf32>, vector<2x1xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token) {
        %83 = arith.cmpi slt, %arg0, %c208 : index
        %84 = nvgpu.ldmatrix %alloc_3[%arg3, %19, %25] {numTiles = 4 : i32, transpose = false} : memref<4x32x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
        %85 = memref.load %alloc_4[%arg3, %35, %38] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %86 = vector.insert %85, %cst [0, 0] : f32 into vector<2x1xf32>
        %87 = memref.load %alloc_4[%arg3, %39, %42] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %88 = vector.insert %87, %86 [1, 0] : f32 into vector<2x1xf32>
        %89 = memref.load %alloc_4[%arg3, %35, %46] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %90 = vector.insert %89, %cst [0, 0] : f32 into vector<2x1xf32>
        %91 = memref.load %alloc_4[%arg3, %39, %47] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %92 = vector.insert %91, %90 [1, 0] : f32 into vector<2x1xf32>
        %93 = nvgpu.mma.sync(%arg6, %arg7, %arg1) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
        %94 = nvgpu.mma.sync(%arg6, %arg8, %arg2) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
        %95 = arith.addi %arg0, %c48 : index
        %96 = affine.apply affine_map<(d0) -> ((d0 floordiv 16) mod 4)>(%95)
        %97 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 4)>()[%95, %6#1]
        %98 = arith.select %83, %c4, %c0 : index
        %99 = nvgpu.device_async_copy %assume_align[%7, %97], %alloc_3[%96, %6#0, %11], 4, %98 {bypassL1} : memref<512x256xf32, #gpu.address_space<global>> to memref<4x32x16xf32, #gpu.address_space<workgroup>>
        %100 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%95, %12#0]
        %101 = nvgpu.device_async_copy %assume_align_1[%100, %13], %alloc_4[%96, %12#0, %17], 4, %98 {bypassL1} : memref<256x512xf32, #gpu.address_space<global>> to memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %102 = nvgpu.device_async_create_group %99, %101
        nvgpu.device_async_wait %arg9 {numGroups = 2 : i32}
        gpu.barrier
        %103 = nvgpu.ldmatrix %alloc_3[%arg4, %19, %23] {numTiles = 4 : i32, transpose = false} : memref<4x32x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
        %104 = memref.load %alloc_4[%arg4, %27, %30] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %105 = vector.insert %104, %cst [0, 0] : f32 into vector<2x1xf32>
        %106 = memref.load %alloc_4[%arg4, %31, %34] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %107 = vector.insert %106, %105 [1, 0] : f32 into vector<2x1xf32>
        %108 = memref.load %alloc_4[%arg4, %27, %44] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %109 = vector.insert %108, %cst [0, 0] : f32 into vector<2x1xf32>
        %110 = memref.load %alloc_4[%arg4, %31, %45] : memref<4x16x32xf32, #gpu.address_space<workgroup>>
        %111 = vector.insert %110, %109 [1, 0] : f32 into vector<2x1xf32>
        %112 = nvgpu.mma.sync(%84, %88, %93) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
        %113 = nvgpu.mma.sync(%84, %92, %94) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
        scf.yield %112, %113, %arg4, %arg5, %96, %103, %107, %111, %arg10, %102 : vector<2x2xf32>, vector<2x2xf32>, index, index, index, vector<4x1xf32>, vector<2x1xf32>, vector<2x1xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token
      }
      %71 = vector.extract %70#1[0] : vector<2xf32> from vector<2x2xf32>
      %72 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4)>()[%thread_id_y, %18]
      %73 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 2 - (s1 floordiv 4) * 8 + 8)>()[%4#0, %18]
      vector.store %71, %alloc[%72, %73] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %74 = vector.extract %70#1[1] : vector<2xf32> from vector<2x2xf32>
      %75 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4 + 8)>()[%thread_id_y, %18]
      vector.store %74, %alloc[%75, %73] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %76 = vector.extract %70#0[0] : vector<2xf32> from vector<2x2xf32>
      %77 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 2 - (s1 floordiv 4) * 8)>()[%4#0, %18]
      vector.store %76, %alloc[%72, %77] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %78 = vector.extract %70#0[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %78, %alloc[%75, %77] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
      %79 = vector.load %alloc[%12#0, %14] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %80 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32)>()[%12#0, %5#0]
      vector.store %79, %assume_align_2[%80, %13] : memref<512x512xf32, #gpu.address_space<global>>, vector<4xf32>
      %81 = vector.load %alloc[%53, %14] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %82 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32 + 16)>()[%12#0, %5#0]
      vector.store %81, %assume_align_2[%82, %13] : memref<512x512xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.barrier
      gpu.return
    }
  }
}
