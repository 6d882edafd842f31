// Corpus kernel: iree/rowsum_f32.structured.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/rowsum_f32.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP structured (test/Corpus/gen/make-iree.sh does both); stage 'structured': the IR printed before IREE's own run of upstream gpu-eliminate-barriers (scf, vector, affine, nvgpu)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/rowsum_f32.mlir (written for this corpus)
// What: row sum of a 128x4096 f32 matrix (LLVMGPUVectorDistribute), 1024 threads
// truth: race-free
// barriers-needed: 1
//
// Each warp reduces its partial sums with gpu.shuffle xor; lane values are then exchanged across
// warps through a small workgroup buffer: every lane of warp w stores the warp's sum to
// buf[w] (the same value from the 32 lanes of one warp, in one converged store), and after the
// barrier each thread loads buf[lane] and reduces again with shuffles.
// %alloc (34 x f32) is allocated fresh right before its only use.
//
// barrier #1 (after memref.alloc, before the store into buf[warp]): nothing touched %alloc before: not needed.
// barrier #2 (between the store into buf[warp] and the load of buf[lane]): RAW across warps: needed.
// (barriers are numbered in program order.)
// IREE kernel rowsum_f32_dispatch_0_reduction_128x4096_f32, IREE pipeline LLVMGPUVectorDistribute.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rowsum_f32_dispatch_0_reduction_128x4096_f32(%1: memref<128x4096xf32, #gpu.address_space<global>>, %2: memref<128xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 1024, 1, 1>} {
      %c16_i32 = arith.constant 16 : i32
      %c8_i32 = arith.constant 8 : i32
      %c4_i32 = arith.constant 4 : i32
      %c2_i32 = arith.constant 2 : i32
      %c32_i32 = arith.constant 32 : i32
      %c1_i32 = arith.constant 1 : i32
      %0 = ub.poison : vector<4x1xf32>
      %cst = arith.constant dense<0.000000e+00> : vector<1xf32>
      %c0 = arith.constant 0 : index
      %cst_0 = arith.constant 0.000000e+00 : f32
      %cst_1 = arith.constant dense<0.000000e+00> : vector<1x1x4xf32>
      %thread_id_x = gpu.thread_id  x
      %assume_align = memref.assume_alignment %1, 64 : memref<128x4096xf32, #gpu.address_space<global>>
      %assume_align_2 = memref.assume_alignment %2, 64 : memref<128xf32, #gpu.address_space<global>>
      %workgroup_id_x = gpu.block_id  x
      %3:3 = affine.delinearize_index %thread_id_x into (32, 32) : index, index, index
      %4:2 = affine.delinearize_index %thread_id_x into (32) : index, index
      %5 = affine.linearize_index disjoint [%3#1, %4#1, %c0] by (32, 32, 4) : index
      %6 = vector.load %assume_align[%workgroup_id_x, %5] : memref<128x4096xf32, #gpu.address_space<global>>, vector<4xf32>
      %7 = vector.insert_strided_slice %6, %cst_1 {offsets = [0, 0, 0], strides = [1]} : vector<4xf32> into vector<1x1x4xf32>
      %8 = arith.addf %7, %cst_1 : vector<1x1x4xf32>
      %9 = vector.extract %8[0, 0, 0] : f32 from vector<1x1x4xf32>
      %10 = vector.insert %9, %0 [0, 0] : f32 into vector<4x1xf32>
      %11 = vector.extract %8[0, 0, 1] : f32 from vector<1x1x4xf32>
      %12 = vector.insert %11, %10 [1, 0] : f32 into vector<4x1xf32>
      %13 = vector.extract %8[0, 0, 2] : f32 from vector<1x1x4xf32>
      %14 = vector.insert %13, %12 [2, 0] : f32 into vector<4x1xf32>
      %15 = vector.extract %8[0, 0, 3] : f32 from vector<1x1x4xf32>
      %16 = vector.insert %15, %14 [3, 0] : f32 into vector<4x1xf32>
      %17 = vector.extract %16[0] : vector<1xf32> from vector<4x1xf32>
      %18 = arith.addf %17, %cst : vector<1xf32>
      %19 = vector.extract %16[1] : vector<1xf32> from vector<4x1xf32>
      %20 = arith.addf %19, %18 : vector<1xf32>
      %21 = vector.extract %16[2] : vector<1xf32> from vector<4x1xf32>
      %22 = arith.addf %21, %20 : vector<1xf32>
      %23 = vector.extract %16[3] : vector<1xf32> from vector<4x1xf32>
      %24 = arith.addf %23, %22 : vector<1xf32>
      %25 = vector.extract %24[0] : f32 from vector<1xf32>
      %shuffleResult, %valid = gpu.shuffle  xor %25, %c1_i32, %c32_i32 : f32
      %26 = arith.addf %25, %shuffleResult : f32
      %shuffleResult_3, %valid_4 = gpu.shuffle  xor %26, %c2_i32, %c32_i32 : f32
      %27 = arith.addf %26, %shuffleResult_3 : f32
      %shuffleResult_5, %valid_6 = gpu.shuffle  xor %27, %c4_i32, %c32_i32 : f32
      %28 = arith.addf %27, %shuffleResult_5 : f32
      %shuffleResult_7, %valid_8 = gpu.shuffle  xor %28, %c8_i32, %c32_i32 : f32
      %29 = arith.addf %28, %shuffleResult_7 : f32
      %shuffleResult_9, %valid_10 = gpu.shuffle  xor %29, %c16_i32, %c32_i32 : f32
      %30 = arith.addf %29, %shuffleResult_9 : f32
      %31 = vector.insert %30, %cst [0] : f32 into vector<1xf32>
      %alloc = memref.alloc() : memref<34xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      vector.store %31, %alloc[%3#1] : memref<34xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      gpu.barrier
      %32 = vector.load %alloc[%4#1] : memref<34xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      %33 = vector.extract %32[0] : f32 from vector<1xf32>
      %34 = arith.addf %33, %cst_0 : f32
      %shuffleResult_11, %valid_12 = gpu.shuffle  xor %34, %c1_i32, %c32_i32 : f32
      %35 = arith.addf %34, %shuffleResult_11 : f32
      %shuffleResult_13, %valid_14 = gpu.shuffle  xor %35, %c2_i32, %c32_i32 : f32
      %36 = arith.addf %35, %shuffleResult_13 : f32
      %shuffleResult_15, %valid_16 = gpu.shuffle  xor %36, %c4_i32, %c32_i32 : f32
      %37 = arith.addf %36, %shuffleResult_15 : f32
      %shuffleResult_17, %valid_18 = gpu.shuffle  xor %37, %c8_i32, %c32_i32 : f32
      %38 = arith.addf %37, %shuffleResult_17 : f32
      %shuffleResult_19, %valid_20 = gpu.shuffle  xor %38, %c16_i32, %c32_i32 : f32
      %39 = arith.addf %38, %shuffleResult_19 : f32
      %40 = vector.insert %39, %cst [0] : f32 into vector<1xf32>
      %41 = arith.addf %40, %cst : vector<1xf32>
      %42 = vector.extract %41[0] : f32 from vector<1xf32>
      %43 = vector.broadcast %42 : f32 to vector<f32>
      vector.store %43, %assume_align_2[%workgroup_id_x] : memref<128xf32, #gpu.address_space<global>>, vector<f32>
      gpu.return
    }
  }
}
