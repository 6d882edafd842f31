// Corpus kernel: iree/batch_matmul_f16.structured.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/batch_matmul_f16.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP structured (test/Corpus/gen/make-iree.sh does both); stage 'structured': the IR printed before IREE's own run of upstream gpu-eliminate-barriers (scf, vector, affine, nvgpu)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/batch_matmul_f16.mlir (written for this corpus)
// What: 4x256x256x512 f16 batch_matmul (mma.sync 16x8x16), 128 threads, 1x32x32 tile
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
// IREE kernel batch_matmul_f16_dispatch_0_batch_matmul_4x256x256x512_f16, IREE pipeline LLVMGPUMatmulTensorCoreMmaSync.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @batch_matmul_f16_dispatch_0_batch_matmul_4x256x256x512_f16(%1: memref<4x256x512xf16, #gpu.address_space<global>>, %2: memref<4x512x256xf16, #gpu.address_space<global>>, %3: memref<4x256x256xf16, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c96 = arith.constant 96 : index
      %c416 = arith.constant 416 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c2 = arith.constant 2 : index
      %c6 = arith.constant 6 : index
      %c512 = arith.constant 512 : index
      %c32 = arith.constant 32 : index
      %c0 = arith.constant 0 : index
      %cst = arith.constant dense<0.000000e+00> : vector<2x2xf16>
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %thread_id_y = gpu.thread_id  y upper_bound 2
      %0 = affine.linearize_index disjoint [%thread_id_y, %thread_id_x] by (2, 64) : index
      %assume_align = memref.assume_alignment %1, 64 : memref<4x256x512xf16, #gpu.address_space<global>>
      %assume_align_0 = memref.assume_alignment %2, 64 : memref<4x512x256xf16, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %3, 64 : memref<4x256x256xf16, #gpu.address_space<global>>
      %4:2 = affine.delinearize_index %thread_id_x into (2, 32) : index, index
      %alloc = memref.alloc() : memref<1x32x32xf16, #gpu.address_space<workgroup>>
      %alloc_2 = memref.alloc() : memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
      %alloc_3 = memref.alloc() : memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
      %workgroup_id_x = gpu.block_id  x
      %5:3 = affine.delinearize_index %workgroup_id_x into (4, 8, 8) : index, index, index
      %6:2 = affine.delinearize_index %0 into (32, 4) : index, index
      %7 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%6#1]
      %8 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32)>()[%6#0, %5#1]
      %9 = arith.andi %6#0, %c6 : index
      %10 = arith.shli %9, %c2 : index
      %11 = arith.xori %7, %10 : index
      %12 = affine.apply affine_map<()[s0, s1] -> (s0 * 8 + s1 * 32)>()[%6#1, %5#2]
      %13 = gpu.lane_id upper_bound 32
      %14 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 mod 16)>()[%thread_id_y, %13]
      %15 = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 8)>()[%13]
      %16 = arith.andi %14, %c6 : index
      %17 = arith.shli %16, %c2 : index
      %18 = arith.xori %15, %17 : index
      %19 = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 8 + 16)>()[%13]
      %20 = arith.xori %19, %17 : index
      %21 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + (s1 floordiv 16) * 8)>()[%4#0, %13]
      %22 = affine.apply affine_map<()[s0] -> (s0 mod 16)>()[%13]
      %23 = arith.andi %22, %c6 : index
      %24 = arith.shli %23, %c2 : index
      %25 = arith.xori %21, %24 : index
      %26 = affine.apply affine_map<()[s0] -> (s0 mod 16 + 16)>()[%13]
      %27 = arith.andi %26, %c6 : index
      %28 = arith.shli %27, %c2 : index
      %29 = arith.xori %21, %28 : index
      %30 = nvgpu.device_async_copy %assume_align[%5#0, %8, %7], %alloc_2[%c0, %c0, %6#0, %11], 8 {bypassL1} : memref<4x256x512xf16, #gpu.address_space<global>> to memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
      %31 = nvgpu.device_async_copy %assume_align_0[%5#0, %6#0, %12], %alloc_3[%c0, %c0, %6#0, %11], 8 {bypassL1} : memref<4x512x256xf16, #gpu.address_space<global>> to memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
      %32 = nvgpu.device_async_create_group %30, %31
      %33 = affine.apply affine_map<()[s0] -> (s0 * 8 + 32)>()[%6#1]
      %34 = nvgpu.device_async_copy %assume_align[%5#0, %8, %33], %alloc_2[%c1, %c0, %6#0, %11], 8 {bypassL1} : memref<4x256x512xf16, #gpu.address_space<global>> to memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
      %35 = affine.apply affine_map<()[s0] -> (s0 + 32)>()[%6#0]
      %36 = nvgpu.device_async_copy %assume_align_0[%5#0, %35, %12], %alloc_3[%c1, %c0, %6#0, %11], 8 {bypassL1} : memref<4x512x256xf16, #gpu.address_space<global>> to memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
      %37 = nvgpu.device_async_create_group %34, %36
      %38 = affine.apply affine_map<()[s0] -> (s0 * 8 + 64)>()[%6#1]
      %39 = nvgpu.device_async_copy %assume_align[%5#0, %8, %38], %alloc_2[%c2, %c0, %6#0, %11], 8 {bypassL1} : memref<4x256x512xf16, #gpu.address_space<global>> to memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
      %40 = affine.apply affine_map<()[s0] -> (s0 + 64)>()[%6#0]
      %41 = nvgpu.device_async_copy %assume_align_0[%5#0, %40, %12], %alloc_3[%c2, %c0, %6#0, %11], 8 {bypassL1} : memref<4x512x256xf16, #gpu.address_space<global>> to memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
      %42 = nvgpu.device_async_create_group %39, %41
      nvgpu.device_async_wait %32 {numGroups = 2 : i32}
      gpu.barrier
      %43 = nvgpu.ldmatrix %alloc_2[%c0, %c0, %14, %18] {numTiles = 4 : i32, transpose = false} : memref<4x1x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %44 = nvgpu.ldmatrix %alloc_3[%c0, %c0, %22, %25] {numTiles = 4 : i32, transpose = true} : memref<4x1x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %45 = vector.extract_strided_slice %44 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %46 = vector.extract_strided_slice %44 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
      %47:10 = scf.for %arg0 = %c0 to %c512 step %c32 iter_args(%arg1 = %cst, %arg2 = %cst, %arg3 = %c0, %arg4 = %c1, %arg5 = %c2, %arg6 = %43, %arg7 = %45, %arg8 = %46, %arg9 = %37, %arg10 = %42) -> (vector<2x2xf16>, vector<2x2xf16>, index, index, index, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, !nvgpu.device.async.token, !nvgpu.device.async.token) {
        %57 = arith.cmpi slt, %arg0, %c416 : index
        %58 = nvgpu.ldmatrix %alloc_2[%arg3, %c0, %14, %20] {numTiles = 4 : i32, transpose = false} : memref<4x1x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %59 = nvgpu.ldmatrix %alloc_3[%arg3, %c0, %26, %29] {numTiles = 4 : i32, transpose = true} : memref<4x1x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %60 = vector.extract_strided_slice %59 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %61 = vector.extract_strided_slice %59 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %62 = nvgpu.mma.sync(%arg6, %arg7, %arg1) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
        %63 = nvgpu.mma.sync(%arg6, %arg8, %arg2) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
        %64 = arith.addi %arg0, %c96 : index
        %65 = affine.apply affine_map<(d0) -> ((d0 floordiv 32) mod 4)>(%64)
        %66 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 8)>()[%64, %6#1]
        %67 = arith.select %57, %c8, %c0 : index
        %68 = nvgpu.device_async_copy %assume_align[%5#0, %8, %66], %alloc_2[%65, %c0, %6#0, %11], 8, %67 {bypassL1} : memref<4x256x512xf16, #gpu.address_space<global>> to memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
        %69 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%64, %6#0]
        %70 = nvgpu.device_async_copy %assume_align_0[%5#0, %69, %12], %alloc_3[%65, %c0, %6#0, %11], 8, %67 {bypassL1} : memref<4x512x256xf16, #gpu.address_space<global>> to memref<4x1x32x32xf16, #gpu.address_space<workgroup>>
        %71 = nvgpu.device_async_create_group %68, %70
        nvgpu.device_async_wait %arg9 {numGroups = 2 : i32}
        gpu.barrier
        %72 = nvgpu.ldmatrix %alloc_2[%arg4, %c0, %14, %18] {numTiles = 4 : i32, transpose = false} : memref<4x1x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %73 = nvgpu.ldmatrix %alloc_3[%arg4, %c0, %22, %25] {numTiles = 4 : i32, transpose = true} : memref<4x1x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %74 = vector.extract_strided_slice %73 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %75 = vector.extract_strided_slice %73 {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xf16> to vector<2x2xf16>
        %76 = nvgpu.mma.sync(%58, %60, %62) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
        %77 = nvgpu.mma.sync(%58, %61, %63) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
        scf.yield %76, %77, %arg4, %arg5, %65, %72, %74, %75, %arg10, %71 : vector<2x2xf16>, vector<2x2xf16>, index, index, index, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, !nvgpu.device.async.token, !nvgpu.device.async.token
      }
      %48 = vector.extract %47#1[0] : vector<2xf16> from vector<2x2xf16>
      %49 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4)>()[%thread_id_y, %13]
      %50 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 2 - (s1 floordiv 4) * 8 + 8)>()[%4#0, %13]
      vector.store %48, %alloc[%c0, %49, %50] : memref<1x32x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
      %51 = vector.extract %47#1[1] : vector<2xf16> from vector<2x2xf16>
      %52 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 floordiv 4 + 8)>()[%thread_id_y, %13]
      vector.store %51, %alloc[%c0, %52, %50] : memref<1x32x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
      %53 = vector.extract %47#0[0] : vector<2xf16> from vector<2x2xf16>
      %54 = affine.apply affine_map<()[s0, s1] -> (s0 * 16 + s1 * 2 - (s1 floordiv 4) * 8)>()[%4#0, %13]
      vector.store %53, %alloc[%c0, %49, %54] : memref<1x32x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
      %55 = vector.extract %47#0[1] : vector<2xf16> from vector<2x2xf16>
      vector.store %55, %alloc[%c0, %52, %54] : memref<1x32x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
      gpu.barrier
      %56 = vector.load %alloc[%c0, %6#0, %7] : memref<1x32x32xf16, #gpu.address_space<workgroup>>, vector<8xf16>
      vector.store %56, %assume_align_1[%5#0, %8, %12] : memref<4x256x256xf16, #gpu.address_space<global>>, vector<8xf16>
      gpu.barrier
      gpu.return
    }
  }
}
