// Corpus kernel: iree/matmul_f16_big.structured.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/matmul_f16_big.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP structured (test/Corpus/gen/make-iree.sh does both); stage 'structured': the IR printed before IREE's own run of upstream gpu-eliminate-barriers (scf, vector, affine, nvgpu)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/matmul_f16_big.mlir (written for this corpus)
// What: 2048^3 f16 x f16 -> f32 matmul: 256 threads (128x2), 128x256 tile, 3 slots; IREE then rejects it for sm_80 (204800 bytes of shared memory > 166912) after this IR was printed
// truth: race-free
// barriers-needed: 3
//
// Pipeline: 3 slots per operand (A and B tiles in two workgroup allocations, slot = leading
// index), tile t in slot t mod 3; the prologue issues tiles 0..1 (one cp.async group
// each); iteration k issues tile k+2 into slot (k+2) mod 3 (zero-filled, src size 0,
// past the end of K) and then waits with numGroups = 1, which completes tiles <= k+1.
// Each thread copies its own 16-byte chunks (index by the linearized thread id); ldmatrix and
// memref.load read rows copied by other threads.
// RAW: tile k+1 is read (after the barrier of iteration k) only after every thread's wait
// completed its own copies of it: the wait plus the barrier order them. WAR: slot (k+2) mod 3
// = (k-1) mod 3 was last read at the top of iteration k-1 (before that iteration's barrier) and
// after the barrier of iteration k-2: both before the barrier of iteration k-1, which precedes
// this copy. The last 1 zero-fill groups are still in flight at the loop exit; they write only
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
// IREE kernel matmul_f16_big_dispatch_0_matmul_2048x2048x2048_f16xf16xf32, IREE pipeline LLVMGPUMatmulTensorCoreMmaSync.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_f16_big_dispatch_0_matmul_2048x2048x2048_f16xf16xf32(%1: memref<2048x2048xf16, #gpu.address_space<global>>, %2: memref<2048x2048xf16, #gpu.address_space<global>>, %3: memref<2048x2048xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 128, 2, 1>} {
      %c64 = arith.constant 64 : index
      %c1984 = arith.constant 1984 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c3 = arith.constant 3 : index
      %c31 = arith.constant 31 : index
      %c2 = arith.constant 2 : index
      %c6 = arith.constant 6 : index
      %c32 = arith.constant 32 : index
      %c2048 = arith.constant 2048 : index
      %c0 = arith.constant 0 : index
      %cst = arith.constant dense<0.000000e+00> : vector<2x2xf32>
      %thread_id_x = gpu.thread_id  x upper_bound 128
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %0 = affine.linearize_index disjoint [%thread_id_y, %thread_id_x] by (2, 128) : index
      %assume_align = memref.assume_alignment %1, 64 : memref<2048x2048xf16, #gpu.address_space<global>>
      %assume_align_0 = memref.assume_alignment %2, 64 : memref<2048x2048xf16, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %3, 64 : memref<2048x2048xf32, #gpu.address_space<global>>
      %4:2 = affine.delinearize_index %thread_id_x into (4, 32) : index, index
      %alloc = memref.alloc() : memref<128x256xf32, #gpu.address_space<workgroup>>
      %alloc_2 = memref.alloc() : memref<3x128x32xf16, #gpu.address_space<workgroup>>
      %alloc_3 = memref.alloc() : memref<3x32x256xf16, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x
      %5:2 = affine.delinearize_index %workgroup_id_x into (16, 8) : index, index
      %6:2 = affine.delinearize_index %0 into (64, 4) : index, index
      %7 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128)>()[%6#0, %5#0]
      %8 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%6#1]
      %9 = arith.andi %6#0, %c6 : index
      %10 = arith.shli %9, %c2 : index
      %11 = arith.xori %8, %10 : index
      %12 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 64)>()[%6#0, %5#0]
      %13 = affine.apply affine_map<()[s0] -> (s0 + 64)>()[%6#0]
      %14 = arith.andi %13, %c6 : index
      %15 = arith.shli %14, %c2 : index
      %16 = arith.xori %8, %15 : index
      %17:2 = affine.delinearize_index %0 into (8, 32) : index, index
      %18 = affine.apply affine_map<()[s0, s1] -> (s0 * 8 + s1 * 256)>()[%17#1, %5#1]
      %19 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%17#1]
      %20 = arith.andi %17#0, %c31 : index
      %21 = arith.shli %20, %c3 : index
      %22 = arith.xori %19, %21 : index
      %23 = affine.apply affine_map<()[s0] -> (s0 + 8)>()[%17#0]
      %24 = arith.andi %23, %c31 : index
      %25 = arith.shli %24, %c3 : index
      %26 = arith.xori %19, %25 : index
      %27 = affine.apply affine_map<()[s0] -> (s0 + 16)>()[%17#0]
      %28 = arith.andi %27, %c31 : index
      %29 = arith.shli %28, %c3 : index
      %30 = arith.xori %19, %29 : index
      %31 = affine.apply affine_map<()[s0] -> (s0 + 24)>()[%17#0]
      %32 = arith.andi %31, %c31 : index
      %33 = arith.shli %32, %c3 : index
      %34 = arith.xori %19, %33 : index
      %35 = gpu.lane_id upper_bound 32
      %36 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 mod 16)>()[%thread_id_y, %35]
      %37 = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 8)>()[%35]
      %38 = arith.andi %36, %c6 : index
      %39 = arith.shli %38, %c2 : index
      %40 = arith.xori %37, %39 : index
      %41 = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 8 + 16)>()[%35]
      %42 = arith.xori %41, %39 : index
      %43 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 mod 16 + 16)>()[%thread_id_y, %35]
      %44 = arith.andi %43, %c6 : index
      %45 = arith.shli %44, %c2 : index
      %46 = arith.xori %37, %45 : index
      %47 = arith.xori %41, %45 : index
      %48 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 mod 16 + 32)>()[%thread_id_y, %35]
      %49 = arith.andi %48, %c6 : index
      %50 = arith.shli %49, %c2 : index
      %51 = arith.xori %37, %50 : index
      %52 = arith.xori %41, %50 : index
      %53 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 mod 16 + 48)>()[%thread_id_y, %35]
      %54 = arith.andi %53, %c6 : index
      %55 = arith.shli %54, %c2 : index
      %56 = arith.xori %37, %55 : index
      %57 = arith.xori %41, %55 : index
      %58 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + (s1 floordiv 16) * 8)>()[%4#0, %35]
      %59 = affine.apply affine_map<()[s0] -> (s0 mod 16)>()[%35]
      %60 = arith.andi %59, %c31 : index
      %61 = arith.shli %60, %c3 : index
      %62 = arith.xori %58, %61 : index
      %63 = affine.apply affine_map<()[s0] -> (s0 mod 16 + 16)>()[%35]
      %64 = arith.andi %63, %c31 : index
      %65 = arith.shli %64, %c3 : index
      %66 = arith.xori %58, %65 : index
      %67 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + (s1 floordiv 16) * 8 + 16)>()[%4#0, %35]
      %68 = arith.xori %67, %61 : index
      %69 = arith.xori %67, %65 : index
      %70 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + (s1 floordiv 16) * 8 + 32)>()[%4#0, %35]
      %71 = arith.xori %70, %61 : index
      %72 = arith.xori %70, %65 : index
      %73 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + (s1 floordiv 16) * 8 + 48)>()[%4#0, %35]
      %74 = arith.xori %73, %61 : index
      %75 = arith.xori %73, %65 : index
      %76 = nvgpu.device_async_copy %assume_align[%7, %8], %alloc_2[%c0, %6#0, %11], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x128x32xf16, #gpu.address_space<workgroup>>
      %77 = nvgpu.device_async_copy %assume_align[%12, %8], %alloc_2[%c0, %13, %16], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x128x32xf16, #gpu.address_space<workgroup>>
      %78 = nvgpu.device_async_copy %assume_align_0[%17#0, %18], %alloc_3[%c0, %17#0, %22], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
      %79 = nvgpu.device_async_copy %assume_align_0[%23, %18], %alloc_3[%c0, %23, %26], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
      %80 = nvgpu.device_async_copy %assume_align_0[%27, %18], %alloc_3[%c0, %27, %30], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
      %81 = nvgpu.device_async_copy %assume_align_0[%31, %18], %alloc_3[%c0, %31, %34], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
      %82 = nvgpu.device_async_create_group %76, %77, %78, %79, %80, %81
      %83 = affine.apply affine_map<()[s0] -> (s0 * 8 + 32)>()[%6#1]
      %84 = nvgpu.device_async_copy %assume_align[%7, %83], %alloc_2[%c1, %6#0, %11], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x128x32xf16, #gpu.address_space<workgroup>>
      %85 = nvgpu.device_async_copy %assume_align[%12, %83], %alloc_2[%c1, %13, %16], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x128x32xf16, #gpu.address_space<workgroup>>
      %86 = affine.apply affine_map<()[s0] -> (s0 + 32)>()[%17#0]
      %87 = nvgpu.device_async_copy %assume_align_0[%86, %18], %alloc_3[%c1, %17#0, %22], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
      %88 = affine.apply affine_map<()[s0] -> (s0 + 40)>()[%17#0]
      %89 = nvgpu.device_async_copy %assume_align_0[%88, %18], %alloc_3[%c1, %23, %26], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
      %90 = affine.apply affine_map<()[s0] -> (s0 + 48)>()[%17#0]
      %91 = nvgpu.device_async_copy %assume_align_0[%90, %18], %alloc_3[%c1, %27, %30], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
      %92 = affine.apply affine_map<()[s0] -> (s0 + 56)>()[%17#0]
      %93 = nvgpu.device_async_copy %assume_align_0[%92, %18], %alloc_3[%c1, %31, %34], 8 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
      %94 = nvgpu.device_async_create_group %84, %85, %87, %89, %91, %93
      nvgpu.device_async_wait %82 {numGroups = 1 : i32}
      gpu.barrier
      %95 = nvgpu.ldmatrix %alloc_2[%c0, %36, %40] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %96 = nvgpu.ldmatrix %alloc_2[%c0, %43, %46] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %97 = nvgpu.ldmatrix %alloc_2[%c0, %48, %51] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %98 = nvgpu.ldmatrix %alloc_2[%c0, %53, %56] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %99 = nvgpu.ldmatrix %alloc_3[%c0, %59, %62] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %100 = nvgpu.ldmatrix %alloc_3[%c0, %59, %68] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %101 = nvgpu.ldmatrix %alloc_3[%c0, %59, %71] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %102 = nvgpu.ldmatrix %alloc_3[%c0, %59, %74] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %103 = vector.extract_strided_slice %99 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %104 = vector.extract_strided_slice %99 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %105 = vector.extract_strided_slice %100 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %106 = vector.extract_strided_slice %100 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %107 = vector.extract_strided_slice %101 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %108 = vector.extract_strided_slice %101 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %109 = vector.extract_strided_slice %102 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %110 = vector.extract_strided_slice %102 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %111:47 = scf.for %arg0 = %c0 to %c2048 step %c32 iter_args(%arg1 = %cst, %arg2 = %cst, %arg3 = %cst, %arg4 = %cst, %arg5 = %cst, %arg6 = %cst, %arg7 = %cst, %arg8 = %cst, %arg9 = %cst, %arg10 = %cst, %arg11 = %cst, %arg12 = %cst, %arg13 = %cst, %arg14 = %cst, %arg15 = %cst, %arg16 = %cst, %arg17 = %cst, %arg18 = %cst, %arg19 = %cst, %arg20 = %cst, %arg21 = %cst, %arg22 = %cst, %arg23 = %cst, %arg24 = %cst, %arg25 = %cst, %arg26 = %cst, %arg27 = %cst, %arg28 = %cst, %arg29 = %cst, %arg30 = %cst, %arg31 = %cst, %arg32 = %cst, %arg33 = %c0, %arg34 = %c1, %arg35 = %95, %arg36 = %103, %arg37 = %104, %arg38 = %105, %arg39 = %106, %arg40 = %107, %arg41 = %108, %arg42 = %109, %arg43 = %110, %arg44 = %96, %arg45 = %97, %arg46 = %98, %arg47 = %94) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, index, index, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<4x2xf16>, vector<4x2xf16>, vector<4x2xf16>, !nvgpu.device.async.token) {
        %290 = arith.cmpi slt, %arg0, %c1984 : index
        %291 = nvgpu.ldmatrix %alloc_2[%arg33, %36, %42] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %292 = nvgpu.ldmatrix %alloc_2[%arg33, %43, %47] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %293 = nvgpu.ldmatrix %alloc_2[%arg33, %48, %52] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %294 = nvgpu.ldmatrix %alloc_2[%arg33, %53, %57] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %295 = nvgpu.ldmatrix %alloc_3[%arg33, %63, %66] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %296 = nvgpu.ldmatrix %alloc_3[%arg33, %63, %69] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %297 = nvgpu.ldmatrix %alloc_3[%arg33, %63, %72] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %298 = nvgpu.ldmatrix %alloc_3[%arg33, %63, %75] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %299 = vector.extract_strided_slice %295 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %300 = vector.extract_strided_slice %295 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %301 = vector.extract_strided_slice %296 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %302 = vector.extract_strided_slice %296 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %303 = vector.extract_strided_slice %297 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %304 = vector.extract_strided_slice %297 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %305 = vector.extract_strided_slice %298 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %306 = vector.extract_strided_slice %298 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %307 = nvgpu.mma.sync(%arg35, %arg36, %arg1) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %308 = nvgpu.mma.sync(%arg35, %arg37, %arg2) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %309 = nvgpu.mma.sync(%arg35, %arg38, %arg3) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %310 = nvgpu.mma.sync(%arg35, %arg39, %arg4) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %311 = nvgpu.mma.sync(%arg35, %arg40, %arg5) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %312 = nvgpu.mma.sync(%arg35, %arg41, %arg6) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %313 = nvgpu.mma.sync(%arg35, %arg42, %arg7) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %314 = nvgpu.mma.sync(%arg35, %arg43, %arg8) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %315 = nvgpu.mma.sync(%arg44, %arg36, %arg9) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %316 = nvgpu.mma.sync(%arg44, %arg37, %arg10) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %317 = nvgpu.mma.sync(%arg44, %arg38, %arg11) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %318 = nvgpu.mma.sync(%arg44, %arg39, %arg12) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %319 = nvgpu.mma.sync(%arg44, %arg40, %arg13) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %320 = nvgpu.mma.sync(%arg44, %arg41, %arg14) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %321 = nvgpu.mma.sync(%arg44, %arg42, %arg15) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %322 = nvgpu.mma.sync(%arg44, %arg43, %arg16) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %323 = nvgpu.mma.sync(%arg45, %arg36, %arg17) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %324 = nvgpu.mma.sync(%arg45, %arg37, %arg18) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %325 = nvgpu.mma.sync(%arg45, %arg38, %arg19) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %326 = nvgpu.mma.sync(%arg45, %arg39, %arg20) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %327 = nvgpu.mma.sync(%arg45, %arg40, %arg21) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %328 = nvgpu.mma.sync(%arg45, %arg41, %arg22) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %329 = nvgpu.mma.sync(%arg45, %arg42, %arg23) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %330 = nvgpu.mma.sync(%arg45, %arg43, %arg24) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %331 = nvgpu.mma.sync(%arg46, %arg36, %arg25) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %332 = nvgpu.mma.sync(%arg46, %arg37, %arg26) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %333 = nvgpu.mma.sync(%arg46, %arg38, %arg27) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %334 = nvgpu.mma.sync(%arg46, %arg39, %arg28) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %335 = nvgpu.mma.sync(%arg46, %arg40, %arg29) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %336 = nvgpu.mma.sync(%arg46, %arg41, %arg30) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %337 = nvgpu.mma.sync(%arg46, %arg42, %arg31) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %338 = nvgpu.mma.sync(%arg46, %arg43, %arg32) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %339 = arith.addi %arg0, %c64 : index
        %340 = affine.apply affine_map<(d0) -> ((d0 floordiv 32) mod 3)>(%339)
        %341 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 8)>()[%339, %6#1]
        %342 = arith.select %290, %c8, %c0 : index
        %343 = nvgpu.device_async_copy %assume_align[%7, %341], %alloc_2[%340, %6#0, %11], 8, %342 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x128x32xf16, #gpu.address_space<workgroup>>
        %344 = nvgpu.device_async_copy %assume_align[%12, %341], %alloc_2[%340, %13, %16], 8, %342 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x128x32xf16, #gpu.address_space<workgroup>>
        %345 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%339, %17#0]
        %346 = nvgpu.device_async_copy %assume_align_0[%345, %18], %alloc_3[%340, %17#0, %22], 8, %342 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
        %347 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 + 8)>()[%339, %17#0]
        %348 = nvgpu.device_async_copy %assume_align_0[%347, %18], %alloc_3[%340, %23, %26], 8, %342 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
        %349 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 + 16)>()[%339, %17#0]
        %350 = nvgpu.device_async_copy %assume_align_0[%349, %18], %alloc_3[%340, %27, %30], 8, %342 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
        %351 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 + 24)>()[%339, %17#0]
        %352 = nvgpu.device_async_copy %assume_align_0[%351, %18], %alloc_3[%340, %31, %34], 8, %342 {bypassL1} : memref<2048x2048xf16, #gpu.address_space<global>> to memref<3x32x256xf16, #gpu.address_space<workgroup>>
        %353 = nvgpu.device_async_create_group %343, %344, %346, %348, %350, %352
        nvgpu.device_async_wait %arg47 {numGroups = 1 : i32}
        gpu.barrier
        %354 = nvgpu.ldmatrix %alloc_2[%arg34, %36, %40] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %355 = nvgpu.ldmatrix %alloc_2[%arg34, %43, %46] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %356 = nvgpu.ldmatrix %alloc_2[%arg34, %48, %51] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %357 = nvgpu.ldmatrix %alloc_2[%arg34, %53, %56] {numTiles = 4 : i32, transpose = false} : memref<3x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %358 = nvgpu.ldmatrix %alloc_3[%arg34, %59, %62] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %359 = nvgpu.ldmatrix %alloc_3[%arg34, %59, %68] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %360 = nvgpu.ldmatrix %alloc_3[%arg34, %59, %71] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %361 = nvgpu.ldmatrix %alloc_3[%arg34, %59, %74] {numTiles = 4 : i32, transpose = true} : memref<3x32x256xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %362 = vector.extract_strided_slice %358 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %363 = vector.extract_strided_slice %358 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %364 = vector.extract_strided_slice %359 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %365 = vector.extract_strided_slice %359 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %366 = vector.extract_strided_slice %360 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %367 = vector.extract_strided_slice %360 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %368 = vector.extract_strided_slice %361 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %369 = vector.extract_strided_slice %361 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %370 = nvgpu.mma.sync(%291, %299, %307) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %371 = nvgpu.mma.sync(%291, %300, %308) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %372 = nvgpu.mma.sync(%291, %301, %309) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %373 = nvgpu.mma.sync(%291, %302, %310) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %374 = nvgpu.mma.sync(%291, %303, %311) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %375 = nvgpu.mma.sync(%291, %304, %312) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %376 = nvgpu.mma.sync(%291, %305, %313) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %377 = nvgpu.mma.sync(%291, %306, %314) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %378 = nvgpu.mma.sync(%292, %299, %315) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %379 = nvgpu.mma.sync(%292, %300, %316) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %380 = nvgpu.mma.sync(%292, %301, %317) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %381 = nvgpu.mma.sync(%292, %302, %318) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %382 = nvgpu.mma.sync(%292, %303, %319) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %383 = nvgpu.mma.sync(%292, %304, %320) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %384 = nvgpu.mma.sync(%292, %305, %321) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %385 = nvgpu.mma.sync(%292, %306, %322) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %386 = nvgpu.mma.sync(%293, %299, %323) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %387 = nvgpu.mma.sync(%293, %300, %324) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %388 = nvgpu.mma.sync(%293, %301, %325) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %389 = nvgpu.mma.sync(%293, %302, %326) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %390 = nvgpu.mma.sync(%293, %303, %327) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %391 = nvgpu.mma.sync(%293, %304, %328) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %392 = nvgpu.mma.sync(%293, %305, %329) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %393 = nvgpu.mma.sync(%293, %306, %330) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %394 = nvgpu.mma.sync(%294, %299, %331) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %395 = nvgpu.mma.sync(%294, %300, %332) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %396 = nvgpu.mma.sync(%294, %301, %333) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %397 = nvgpu.mma.sync(%294, %302, %334) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %398 = nvgpu.mma.sync(%294, %303, %335) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %399 = nvgpu.mma.sync(%294, %304, %336) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %400 = nvgpu.mma.sync(%294, %305, %337) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %401 = nvgpu.mma.sync(%294, %306, %338) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        scf.yield %370, %371, %372, %373, %374, %375, %376, %377, %378, %379, %380, %381, %382, %383, %384, %385, %386, %387, %388, %389, %390, %391, %392, %393, %394, %395, %396, %397, %398, %399, %400, %401, %arg34, %340, %354, %362, %363, %364, %365, %366, %367, %368, %369, %355, %356, %357, %353 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, index, index, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<4x2xf16>, vector<4x2xf16>, vector<4x2xf16>, !nvgpu.device.async.token
      }
      %112 = vector.extract %111#31[0] : vector<2xf32> from vector<2x2xf32>
      %113 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 floordiv 4 + 48)>()[%thread_id_y, %35]
      %114 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 * 2 - (s1 floordiv 4) * 8 + 56)>()[%4#0, %35]
      vector.store %112, %alloc[%113, %114] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %115 = vector.extract %111#31[1] : vector<2xf32> from vector<2x2xf32>
      %116 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 floordiv 4 + 56)>()[%thread_id_y, %35]
      vector.store %115, %alloc[%116, %114] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %117 = vector.extract %111#30[0] : vector<2xf32> from vector<2x2xf32>
      %118 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 * 2 - (s1 floordiv 4) * 8 + 48)>()[%4#0, %35]
      vector.store %117, %alloc[%113, %118] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %119 = vector.extract %111#30[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %119, %alloc[%116, %118] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %120 = vector.extract %111#29[0] : vector<2xf32> from vector<2x2xf32>
      %121 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 * 2 - (s1 floordiv 4) * 8 + 40)>()[%4#0, %35]
      vector.store %120, %alloc[%113, %121] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %122 = vector.extract %111#29[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %122, %alloc[%116, %121] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %123 = vector.extract %111#28[0] : vector<2xf32> from vector<2x2xf32>
      %124 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 * 2 - (s1 floordiv 4) * 8 + 32)>()[%4#0, %35]
      vector.store %123, %alloc[%113, %124] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %125 = vector.extract %111#28[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %125, %alloc[%116, %124] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %126 = vector.extract %111#27[0] : vector<2xf32> from vector<2x2xf32>
      %127 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 * 2 - (s1 floordiv 4) * 8 + 24)>()[%4#0, %35]
      vector.store %126, %alloc[%113, %127] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %128 = vector.extract %111#27[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %128, %alloc[%116, %127] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %129 = vector.extract %111#26[0] : vector<2xf32> from vector<2x2xf32>
      %130 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 * 2 - (s1 floordiv 4) * 8 + 16)>()[%4#0, %35]
      vector.store %129, %alloc[%113, %130] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %131 = vector.extract %111#26[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %131, %alloc[%116, %130] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %132 = vector.extract %111#25[0] : vector<2xf32> from vector<2x2xf32>
      %133 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 * 2 - (s1 floordiv 4) * 8 + 8)>()[%4#0, %35]
      vector.store %132, %alloc[%113, %133] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %134 = vector.extract %111#25[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %134, %alloc[%116, %133] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %135 = vector.extract %111#24[0] : vector<2xf32> from vector<2x2xf32>
      %136 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 * 2 - (s1 floordiv 4) * 8)>()[%4#0, %35]
      vector.store %135, %alloc[%113, %136] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %137 = vector.extract %111#24[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %137, %alloc[%116, %136] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %138 = vector.extract %111#23[0] : vector<2xf32> from vector<2x2xf32>
      %139 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 floordiv 4 + 32)>()[%thread_id_y, %35]
      vector.store %138, %alloc[%139, %114] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %140 = vector.extract %111#23[1] : vector<2xf32> from vector<2x2xf32>
      %141 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 floordiv 4 + 40)>()[%thread_id_y, %35]
      vector.store %140, %alloc[%141, %114] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %142 = vector.extract %111#22[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %142, %alloc[%139, %118] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %143 = vector.extract %111#22[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %143, %alloc[%141, %118] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %144 = vector.extract %111#21[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %144, %alloc[%139, %121] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %145 = vector.extract %111#21[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %145, %alloc[%141, %121] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %146 = vector.extract %111#20[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %146, %alloc[%139, %124] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %147 = vector.extract %111#20[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %147, %alloc[%141, %124] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %148 = vector.extract %111#19[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %148, %alloc[%139, %127] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %149 = vector.extract %111#19[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %149, %alloc[%141, %127] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %150 = vector.extract %111#18[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %150, %alloc[%139, %130] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %151 = vector.extract %111#18[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %151, %alloc[%141, %130] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %152 = vector.extract %111#17[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %152, %alloc[%139, %133] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %153 = vector.extract %111#17[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %153, %alloc[%141, %133] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %154 = vector.extract %111#16[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %154, %alloc[%139, %136] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %155 = vector.extract %111#16[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %155, %alloc[%141, %136] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %156 = vector.extract %111#15[0] : vector<2xf32> from vector<2x2xf32>
      %157 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 floordiv 4 + 16)>()[%thread_id_y, %35]
      vector.store %156, %alloc[%157, %114] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %158 = vector.extract %111#15[1] : vector<2xf32> from vector<2x2xf32>
      %159 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 floordiv 4 + 24)>()[%thread_id_y, %35]
      vector.store %158, %alloc[%159, %114] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %160 = vector.extract %111#14[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %160, %alloc[%157, %118] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %161 = vector.extract %111#14[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %161, %alloc[%159, %118] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %162 = vector.extract %111#13[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %162, %alloc[%157, %121] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %163 = vector.extract %111#13[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %163, %alloc[%159, %121] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %164 = vector.extract %111#12[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %164, %alloc[%157, %124] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %165 = vector.extract %111#12[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %165, %alloc[%159, %124] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %166 = vector.extract %111#11[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %166, %alloc[%157, %127] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %167 = vector.extract %111#11[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %167, %alloc[%159, %127] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %168 = vector.extract %111#10[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %168, %alloc[%157, %130] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %169 = vector.extract %111#10[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %169, %alloc[%159, %130] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %170 = vector.extract %111#9[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %170, %alloc[%157, %133] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %171 = vector.extract %111#9[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %171, %alloc[%159, %133] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %172 = vector.extract %111#8[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %172, %alloc[%157, %136] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %173 = vector.extract %111#8[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %173, %alloc[%159, %136] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %174 = vector.extract %111#7[0] : vector<2xf32> from vector<2x2xf32>
      %175 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 floordiv 4)>()[%thread_id_y, %35]
      vector.store %174, %alloc[%175, %114] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %176 = vector.extract %111#7[1] : vector<2xf32> from vector<2x2xf32>
      %177 = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 floordiv 4 + 8)>()[%thread_id_y, %35]
      vector.store %176, %alloc[%177, %114] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %178 = vector.extract %111#6[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %178, %alloc[%175, %118] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %179 = vector.extract %111#6[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %179, %alloc[%177, %118] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %180 = vector.extract %111#5[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %180, %alloc[%175, %121] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %181 = vector.extract %111#5[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %181, %alloc[%177, %121] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %182 = vector.extract %111#4[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %182, %alloc[%175, %124] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %183 = vector.extract %111#4[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %183, %alloc[%177, %124] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %184 = vector.extract %111#3[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %184, %alloc[%175, %127] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %185 = vector.extract %111#3[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %185, %alloc[%177, %127] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %186 = vector.extract %111#2[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %186, %alloc[%175, %130] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %187 = vector.extract %111#2[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %187, %alloc[%177, %130] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %188 = vector.extract %111#1[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %188, %alloc[%175, %133] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %189 = vector.extract %111#1[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %189, %alloc[%177, %133] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %190 = vector.extract %111#0[0] : vector<2xf32> from vector<2x2xf32>
      vector.store %190, %alloc[%175, %136] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %191 = vector.extract %111#0[1] : vector<2xf32> from vector<2x2xf32>
      vector.store %191, %alloc[%177, %136] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
      %192:2 = affine.delinearize_index %0 into (4, 64) : index, index
      %193 = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%192#1]
      %194 = vector.load %alloc[%192#0, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %195 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128)>()[%192#0, %5#0]
      %196 = affine.apply affine_map<()[s0, s1] -> (s0 * 4 + s1 * 256)>()[%192#1, %5#1]
      vector.store %194, %assume_align_1[%195, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %197 = affine.apply affine_map<()[s0] -> (s0 + 4)>()[%192#0]
      %198 = vector.load %alloc[%197, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %199 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 4)>()[%192#0, %5#0]
      vector.store %198, %assume_align_1[%199, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %200 = affine.apply affine_map<()[s0] -> (s0 + 8)>()[%192#0]
      %201 = vector.load %alloc[%200, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %202 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 8)>()[%192#0, %5#0]
      vector.store %201, %assume_align_1[%202, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %203 = affine.apply affine_map<()[s0] -> (s0 + 12)>()[%192#0]
      %204 = vector.load %alloc[%203, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %205 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 12)>()[%192#0, %5#0]
      vector.store %204, %assume_align_1[%205, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %206 = affine.apply affine_map<()[s0] -> (s0 + 16)>()[%192#0]
      %207 = vector.load %alloc[%206, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %208 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 16)>()[%192#0, %5#0]
      vector.store %207, %assume_align_1[%208, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %209 = affine.apply affine_map<()[s0] -> (s0 + 20)>()[%192#0]
      %210 = vector.load %alloc[%209, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %211 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 20)>()[%192#0, %5#0]
      vector.store %210, %assume_align_1[%211, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %212 = affine.apply affine_map<()[s0] -> (s0 + 24)>()[%192#0]
      %213 = vector.load %alloc[%212, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %214 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 24)>()[%192#0, %5#0]
      vector.store %213, %assume_align_1[%214, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %215 = affine.apply affine_map<()[s0] -> (s0 + 28)>()[%192#0]
      %216 = vector.load %alloc[%215, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %217 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 28)>()[%192#0, %5#0]
      vector.store %216, %assume_align_1[%217, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %218 = affine.apply affine_map<()[s0] -> (s0 + 32)>()[%192#0]
      %219 = vector.load %alloc[%218, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %220 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 32)>()[%192#0, %5#0]
      vector.store %219, %assume_align_1[%220, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %221 = affine.apply affine_map<()[s0] -> (s0 + 36)>()[%192#0]
      %222 = vector.load %alloc[%221, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %223 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 36)>()[%192#0, %5#0]
      vector.store %222, %assume_align_1[%223, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %224 = affine.apply affine_map<()[s0] -> (s0 + 40)>()[%192#0]
      %225 = vector.load %alloc[%224, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %226 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 40)>()[%192#0, %5#0]
      vector.store %225, %assume_align_1[%226, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %227 = affine.apply affine_map<()[s0] -> (s0 + 44)>()[%192#0]
      %228 = vector.load %alloc[%227, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %229 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 44)>()[%192#0, %5#0]
      vector.store %228, %assume_align_1[%229, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %230 = affine.apply affine_map<()[s0] -> (s0 + 48)>()[%192#0]
      %231 = vector.load %alloc[%230, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %232 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 48)>()[%192#0, %5#0]
      vector.store %231, %assume_align_1[%232, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %233 = affine.apply affine_map<()[s0] -> (s0 + 52)>()[%192#0]
      %234 = vector.load %alloc[%233, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %235 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 52)>()[%192#0, %5#0]
      vector.store %234, %assume_align_1[%235, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %236 = affine.apply affine_map<()[s0] -> (s0 + 56)>()[%192#0]
      %237 = vector.load %alloc[%236, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %238 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 56)>()[%192#0, %5#0]
      vector.store %237, %assume_align_1[%238, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %239 = affine.apply affine_map<()[s0] -> (s0 + 60)>()[%192#0]
      %240 = vector.load %alloc[%239, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %241 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 60)>()[%192#0, %5#0]
      vector.store %240, %assume_align_1[%241, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %242 = affine.apply affine_map<()[s0] -> (s0 + 64)>()[%192#0]
      %243 = vector.load %alloc[%242, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %244 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 64)>()[%192#0, %5#0]
      vector.store %243, %assume_align_1[%244, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %245 = affine.apply affine_map<()[s0] -> (s0 + 68)>()[%192#0]
      %246 = vector.load %alloc[%245, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %247 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 68)>()[%192#0, %5#0]
      vector.store %246, %assume_align_1[%247, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %248 = affine.apply affine_map<()[s0] -> (s0 + 72)>()[%192#0]
      %249 = vector.load %alloc[%248, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %250 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 72)>()[%192#0, %5#0]
      vector.store %249, %assume_align_1[%250, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %251 = affine.apply affine_map<()[s0] -> (s0 + 76)>()[%192#0]
      %252 = vector.load %alloc[%251, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %253 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 76)>()[%192#0, %5#0]
      vector.store %252, %assume_align_1[%253, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %254 = affine.apply affine_map<()[s0] -> (s0 + 80)>()[%192#0]
      %255 = vector.load %alloc[%254, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %256 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 80)>()[%192#0, %5#0]
      vector.store %255, %assume_align_1[%256, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %257 = affine.apply affine_map<()[s0] -> (s0 + 84)>()[%192#0]
      %258 = vector.load %alloc[%257, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %259 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 84)>()[%192#0, %5#0]
      vector.store %258, %assume_align_1[%259, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %260 = affine.apply affine_map<()[s0] -> (s0 + 88)>()[%192#0]
      %261 = vector.load %alloc[%260, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %262 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 88)>()[%192#0, %5#0]
      vector.store %261, %assume_align_1[%262, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %263 = affine.apply affine_map<()[s0] -> (s0 + 92)>()[%192#0]
      %264 = vector.load %alloc[%263, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %265 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 92)>()[%192#0, %5#0]
      vector.store %264, %assume_align_1[%265, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %266 = affine.apply affine_map<()[s0] -> (s0 + 96)>()[%192#0]
      %267 = vector.load %alloc[%266, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %268 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 96)>()[%192#0, %5#0]
      vector.store %267, %assume_align_1[%268, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %269 = affine.apply affine_map<()[s0] -> (s0 + 100)>()[%192#0]
      %270 = vector.load %alloc[%269, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %271 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 100)>()[%192#0, %5#0]
      vector.store %270, %assume_align_1[%271, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %272 = affine.apply affine_map<()[s0] -> (s0 + 104)>()[%192#0]
      %273 = vector.load %alloc[%272, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %274 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 104)>()[%192#0, %5#0]
      vector.store %273, %assume_align_1[%274, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %275 = affine.apply affine_map<()[s0] -> (s0 + 108)>()[%192#0]
      %276 = vector.load %alloc[%275, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %277 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 108)>()[%192#0, %5#0]
      vector.store %276, %assume_align_1[%277, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %278 = affine.apply affine_map<()[s0] -> (s0 + 112)>()[%192#0]
      %279 = vector.load %alloc[%278, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %280 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 112)>()[%192#0, %5#0]
      vector.store %279, %assume_align_1[%280, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %281 = affine.apply affine_map<()[s0] -> (s0 + 116)>()[%192#0]
      %282 = vector.load %alloc[%281, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %283 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 116)>()[%192#0, %5#0]
      vector.store %282, %assume_align_1[%283, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %284 = affine.apply affine_map<()[s0] -> (s0 + 120)>()[%192#0]
      %285 = vector.load %alloc[%284, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %286 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 120)>()[%192#0, %5#0]
      vector.store %285, %assume_align_1[%286, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      %287 = affine.apply affine_map<()[s0] -> (s0 + 124)>()[%192#0]
      %288 = vector.load %alloc[%287, %193] : memref<128x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %289 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 128 + 124)>()[%192#0, %5#0]
      vector.store %288, %assume_align_1[%289, %196] : memref<2048x2048xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.barrier
      gpu.return
    }
  }
}
