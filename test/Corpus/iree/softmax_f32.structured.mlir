// Corpus kernel: iree/softmax_f32.structured.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/softmax_f32.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP structured (test/Corpus/gen/make-iree.sh does both); stage 'structured': the IR printed before IREE's own run of upstream gpu-eliminate-barriers (scf, vector, affine, nvgpu)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/softmax_f32.mlir (written for this corpus)
// What: softmax over rows of a 64x1024 f32 matrix (LLVMGPUVectorDistribute), 256 threads (8 warps): a max and a sum reduction
// truth: race-free
// barriers-needed: 2
//
// Each warp reduces its partial sums with gpu.shuffle xor; lane values are then exchanged across
// warps through a small workgroup buffer: every lane of warp w stores the warp's sum to
// buf[w] (the same value from the 32 lanes of one warp, in one converged store), and after the
// barrier each thread loads buf[lane] and reduces again with shuffles.
// Two reductions use two distinct fresh allocations (%alloc, %alloc_29, 10 x f32 each).
//
// barrier #1 (after %alloc, before the first store into it): nothing touched %alloc before: not needed.
// barrier #2 (store into %alloc[warp] | load %alloc[lane mod 8]): RAW across warps: needed.
// barrier #3 (after %alloc_29, before the first store into it): a different allocation, fresh: not needed.
// barrier #4 (store into %alloc_29[warp] | load %alloc_29[lane mod 8]): RAW across warps: needed.
// (barriers are numbered in program order.)
// IREE kernel softmax_f32_dispatch_0_softmax_64x1024xf32_dispatch_tensor_store, IREE pipeline LLVMGPUVectorDistribute.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @softmax_f32_dispatch_0_softmax_64x1024xf32_dispatch_tensor_store(%1: memref<64x1024xf32, #gpu.address_space<global>>, %2: memref<64x1024xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c16_i32 = arith.constant 16 : i32
      %c8_i32 = arith.constant 8 : i32
      %c4_i32 = arith.constant 4 : i32
      %c2_i32 = arith.constant 2 : i32
      %c32_i32 = arith.constant 32 : i32
      %c1_i32 = arith.constant 1 : i32
      %0 = ub.poison : vector<4x1xf32>
      %cst = arith.constant dense<0xFF800000> : vector<1xf32>
      %cst_0 = arith.constant dense<0.000000e+00> : vector<1xf32>
      %cst_1 = arith.constant 0xFF800000 : f32
      %c0 = arith.constant 0 : index
      %cst_2 = arith.constant 0.000000e+00 : f32
      %cst_3 = arith.constant dense<0.000000e+00> : vector<1x1x4xf32>
      %thread_id_x = gpu.thread_id  x
      %assume_align = memref.assume_alignment %1, 64 : memref<64x1024xf32, #gpu.address_space<global>>
      %assume_align_4 = memref.assume_alignment %2, 64 : memref<64x1024xf32, #gpu.address_space<global>>
      %workgroup_id_x = gpu.block_id  x
      %3:3 = affine.delinearize_index %thread_id_x into (8, 32) : index, index, index
      %4:2 = affine.delinearize_index %thread_id_x into (32) : index, index
      %5 = affine.linearize_index disjoint [%3#1, %4#1, %c0] by (8, 32, 4) : index
      %6 = vector.load %assume_align[%workgroup_id_x, %5] : memref<64x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      %7 = vector.insert_strided_slice %6, %cst_3 {offsets = [0, 0, 0], strides = [1]} : vector<4xf32> into vector<1x1x4xf32>
      %8 = vector.extract %6[0] : f32 from vector<4xf32>
      %9 = vector.insert %8, %0 [0, 0] : f32 into vector<4x1xf32>
      %10 = vector.extract %6[1] : f32 from vector<4xf32>
      %11 = vector.insert %10, %9 [1, 0] : f32 into vector<4x1xf32>
      %12 = vector.extract %6[2] : f32 from vector<4xf32>
      %13 = vector.insert %12, %11 [2, 0] : f32 into vector<4x1xf32>
      %14 = vector.extract %6[3] : f32 from vector<4xf32>
      %15 = vector.insert %14, %13 [3, 0] : f32 into vector<4x1xf32>
      %16 = vector.extract %15[0] : vector<1xf32> from vector<4x1xf32>
      %17 = arith.maxnumf %16, %cst : vector<1xf32>
      %18 = vector.extract %15[1] : vector<1xf32> from vector<4x1xf32>
      %19 = arith.maxnumf %18, %17 : vector<1xf32>
      %20 = vector.extract %15[2] : vector<1xf32> from vector<4x1xf32>
      %21 = arith.maxnumf %20, %19 : vector<1xf32>
      %22 = vector.extract %15[3] : vector<1xf32> from vector<4x1xf32>
      %23 = arith.maxnumf %22, %21 : vector<1xf32>
      %24 = vector.extract %23[0] : f32 from vector<1xf32>
      %shuffleResult, %valid = gpu.shuffle  xor %24, %c1_i32, %c32_i32 : f32
      %25 = arith.maxnumf %24, %shuffleResult : f32
      %shuffleResult_5, %valid_6 = gpu.shuffle  xor %25, %c2_i32, %c32_i32 : f32
      %26 = arith.maxnumf %25, %shuffleResult_5 : f32
      %shuffleResult_7, %valid_8 = gpu.shuffle  xor %26, %c4_i32, %c32_i32 : f32
      %27 = arith.maxnumf %26, %shuffleResult_7 : f32
      %shuffleResult_9, %valid_10 = gpu.shuffle  xor %27, %c8_i32, %c32_i32 : f32
      %28 = arith.maxnumf %27, %shuffleResult_9 : f32
      %shuffleResult_11, %valid_12 = gpu.shuffle  xor %28, %c16_i32, %c32_i32 : f32
      %29 = arith.maxnumf %28, %shuffleResult_11 : f32
      %30 = vector.insert %29, %cst_0 [0] : f32 into vector<1xf32>
      %alloc = memref.alloc() : memref<10xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      vector.store %30, %alloc[%3#1] : memref<10xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      gpu.barrier
      %31:2 = affine.delinearize_index %thread_id_x into (8) : index, index
      %32 = vector.load %alloc[%31#1] : memref<10xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      %33 = vector.extract %32[0] : f32 from vector<1xf32>
      %34 = arith.maxnumf %33, %cst_1 : f32
      %shuffleResult_13, %valid_14 = gpu.shuffle  xor %34, %c1_i32, %c32_i32 : f32
      %35 = arith.maxnumf %34, %shuffleResult_13 : f32
      %shuffleResult_15, %valid_16 = gpu.shuffle  xor %35, %c2_i32, %c32_i32 : f32
      %36 = arith.maxnumf %35, %shuffleResult_15 : f32
      %shuffleResult_17, %valid_18 = gpu.shuffle  xor %36, %c4_i32, %c32_i32 : f32
      %37 = arith.maxnumf %36, %shuffleResult_17 : f32
      %38 = vector.broadcast %37 : f32 to vector<1x1x4xf32>
      %39 = arith.subf %7, %38 : vector<1x1x4xf32>
      %40 = math.exp %39 : vector<1x1x4xf32>
      %41 = arith.addf %40, %cst_3 : vector<1x1x4xf32>
      %42 = vector.extract %41[0, 0, 0] : f32 from vector<1x1x4xf32>
      %43 = vector.insert %42, %0 [0, 0] : f32 into vector<4x1xf32>
      %44 = vector.extract %41[0, 0, 1] : f32 from vector<1x1x4xf32>
      %45 = vector.insert %44, %43 [1, 0] : f32 into vector<4x1xf32>
      %46 = vector.extract %41[0, 0, 2] : f32 from vector<1x1x4xf32>
      %47 = vector.insert %46, %45 [2, 0] : f32 into vector<4x1xf32>
      %48 = vector.extract %41[0, 0, 3] : f32 from vector<1x1x4xf32>
      %49 = vector.insert %48, %47 [3, 0] : f32 into vector<4x1xf32>
      %50 = vector.extract %49[0] : vector<1xf32> from vector<4x1xf32>
      %51 = arith.addf %50, %cst_0 : vector<1xf32>
      %52 = vector.extract %49[1] : vector<1xf32> from vector<4x1xf32>
      %53 = arith.addf %52, %51 : vector<1xf32>
      %54 = vector.extract %49[2] : vector<1xf32> from vector<4x1xf32>
      %55 = arith.addf %54, %53 : vector<1xf32>
      %56 = vector.extract %49[3] : vector<1xf32> from vector<4x1xf32>
      %57 = arith.addf %56, %55 : vector<1xf32>
      %58 = vector.extract %57[0] : f32 from vector<1xf32>
      %shuffleResult_19, %valid_20 = gpu.shuffle  xor %58, %c1_i32, %c32_i32 : f32
      %59 = arith.addf %58, %shuffleResult_19 : f32
      %shuffleResult_21, %valid_22 = gpu.shuffle  xor %59, %c2_i32, %c32_i32 : f32
      %60 = arith.addf %59, %shuffleResult_21 : f32
      %shuffleResult_23, %valid_24 = gpu.shuffle  xor %60, %c4_i32, %c32_i32 : f32
      %61 = arith.addf %60, %shuffleResult_23 : f32
      %shuffleResult_25, %valid_26 = gpu.shuffle  xor %61, %c8_i32, %c32_i32 : f32
      %62 = arith.addf %61, %shuffleResult_25 : f32
      %shuffleResult_27, %valid_28 = gpu.shuffle  xor %62, %c16_i32, %c32_i32 : f32
      %63 = arith.addf %62, %shuffleResult_27 : f32
      %64 = vector.insert %63, %cst_0 [0] : f32 into vector<1xf32>
      %alloc_29 = memref.alloc() : memref<10xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      vector.store %64, %alloc_29[%3#1] : memref<10xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      gpu.barrier
      %65 = vector.load %alloc_29[%31#1] : memref<10xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      %66 = vector.extract %65[0] : f32 from vector<1xf32>
      %67 = arith.addf %66, %cst_2 : f32
      %shuffleResult_30, %valid_31 = gpu.shuffle  xor %67, %c1_i32, %c32_i32 : f32
      %68 = arith.addf %67, %shuffleResult_30 : f32
      %shuffleResult_32, %valid_33 = gpu.shuffle  xor %68, %c2_i32, %c32_i32 : f32
      %69 = arith.addf %68, %shuffleResult_32 : f32
      %shuffleResult_34, %valid_35 = gpu.shuffle  xor %69, %c4_i32, %c32_i32 : f32
      %70 = arith.addf %69, %shuffleResult_34 : f32
      %71 = vector.insert %70, %cst_0 [0] : f32 into vector<1xf32>
      %72 = arith.addf %71, %cst_0 : vector<1xf32>
      %73 = vector.extract %72[0] : f32 from vector<1xf32>
      %74 = vector.broadcast %73 : f32 to vector<1x1x4xf32>
      %75 = arith.divf %40, %74 : vector<1x1x4xf32>
      %76 = vector.extract %75[0, 0] : vector<4xf32> from vector<1x1x4xf32>
      vector.store %76, %assume_align_4[%workgroup_id_x, %5] : memref<64x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.return
    }
  }
}
