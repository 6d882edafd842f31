// Corpus kernel: iree/softmax_f32.cf.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/softmax_f32.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP cf (test/Corpus/gen/make-iree.sh does both); stage 'cf': the IR printed after the LLVMGPU lowering's convert-scf-to-cf (affine lowered; IREE's gpu-eliminate-barriers already ran)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/softmax_f32.mlir (written for this corpus)
// What: the same softmax kernel after scf-to-cf (IREE's gpu-eliminate-barriers already removed barriers #1 and #3)
// truth: race-free
// barriers-needed: 2
//
// Each warp reduces its partial sums with gpu.shuffle xor; lane values are then exchanged across
// warps through a small workgroup buffer: every lane of warp w stores the warp's sum to
// buf[w] (the same value from the 32 lanes of one warp, in one converged store), and after the
// barrier each thread loads buf[lane] and reduces again with shuffles.
//
// barrier #1 (store into %alloc[warp] | load %alloc[lane mod 8]): RAW across warps: needed.
// barrier #2 (store into the second buffer | load): RAW across warps: needed.
// (barriers are numbered in program order.)
// IREE kernel softmax_f32_dispatch_0_softmax_64x1024xf32_dispatch_tensor_store, IREE pipeline LLVMGPUVectorDistribute.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @softmax_f32_dispatch_0_softmax_64x1024xf32_dispatch_tensor_store(%1: memref<64x1024xf32, #gpu.address_space<global>>, %2: memref<64x1024xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c128_i32 = arith.constant 128 : i32
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
      %thread_id_x = gpu.thread_id  x upper_bound 256
      %assume_align = memref.assume_alignment %1, 64 : memref<64x1024xf32, #gpu.address_space<global>>
      %assume_align_4 = memref.assume_alignment %2, 64 : memref<64x1024xf32, #gpu.address_space<global>>
      %workgroup_id_x = gpu.block_id  x upper_bound 64
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.divui %3, %c32_i32 : i32
      %5 = arith.index_castui %4 : i32 to index
      %6 = arith.remui %3, %c32_i32 : i32
      %7 = arith.muli %4, %c128_i32 overflow<nsw> : i32
      %8 = arith.muli %6, %c4_i32 overflow<nsw> : i32
      %9 = arith.addi %7, %8 overflow<nsw> : i32
      %10 = arith.index_castui %9 : i32 to index
      %11 = vector.load %assume_align[%workgroup_id_x, %10] : memref<64x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      %12 = vector.insert_strided_slice %11, %cst_3 {offsets = [0, 0, 0], strides = [1]} : vector<4xf32> into vector<1x1x4xf32>
      %13 = vector.extract %11[0] : f32 from vector<4xf32>
      %14 = vector.insert %13, %0 [0, 0] : f32 into vector<4x1xf32>
      %15 = vector.extract %11[1] : f32 from vector<4xf32>
      %16 = vector.insert %15, %14 [1, 0] : f32 into vector<4x1xf32>
      %17 = vector.extract %11[2] : f32 from vector<4xf32>
      %18 = vector.insert %17, %16 [2, 0] : f32 into vector<4x1xf32>
      %19 = vector.extract %11[3] : f32 from vector<4xf32>
      %20 = vector.insert %19, %18 [3, 0] : f32 into vector<4x1xf32>
      %21 = vector.extract %20[0] : vector<1xf32> from vector<4x1xf32>
      %22 = arith.maxnumf %21, %cst : vector<1xf32>
      %23 = vector.extract %20[1] : vector<1xf32> from vector<4x1xf32>
      %24 = arith.maxnumf %23, %22 : vector<1xf32>
      %25 = vector.extract %20[2] : vector<1xf32> from vector<4x1xf32>
      %26 = arith.maxnumf %25, %24 : vector<1xf32>
      %27 = vector.extract %20[3] : vector<1xf32> from vector<4x1xf32>
      %28 = arith.maxnumf %27, %26 : vector<1xf32>
      %29 = vector.extract %28[0] : f32 from vector<1xf32>
      %shuffleResult, %valid = gpu.shuffle  xor %29, %c1_i32, %c32_i32 : f32
      %30 = arith.maxnumf %29, %shuffleResult : f32
      %shuffleResult_5, %valid_6 = gpu.shuffle  xor %30, %c2_i32, %c32_i32 : f32
      %31 = arith.maxnumf %30, %shuffleResult_5 : f32
      %shuffleResult_7, %valid_8 = gpu.shuffle  xor %31, %c4_i32, %c32_i32 : f32
      %32 = arith.maxnumf %31, %shuffleResult_7 : f32
      %shuffleResult_9, %valid_10 = gpu.shuffle  xor %32, %c8_i32, %c32_i32 : f32
      %33 = arith.maxnumf %32, %shuffleResult_9 : f32
      %shuffleResult_11, %valid_12 = gpu.shuffle  xor %33, %c16_i32, %c32_i32 : f32
      %34 = arith.maxnumf %33, %shuffleResult_11 : f32
      %35 = vector.insert %34, %cst_0 [0] : f32 into vector<1xf32>
      %alloc = memref.alloc() : memref<10xf32, #gpu.address_space<workgroup>>
      vector.store %35, %alloc[%5] : memref<10xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      gpu.barrier
      %36 = arith.remui %3, %c8_i32 : i32
      %37 = arith.index_castui %36 : i32 to index
      %38 = vector.load %alloc[%37] : memref<10xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      %39 = vector.extract %38[0] : f32 from vector<1xf32>
      %40 = arith.maxnumf %39, %cst_1 : f32
      %shuffleResult_13, %valid_14 = gpu.shuffle  xor %40, %c1_i32, %c32_i32 : f32
      %41 = arith.maxnumf %40, %shuffleResult_13 : f32
      %shuffleResult_15, %valid_16 = gpu.shuffle  xor %41, %c2_i32, %c32_i32 : f32
      %42 = arith.maxnumf %41, %shuffleResult_15 : f32
      %shuffleResult_17, %valid_18 = gpu.shuffle  xor %42, %c4_i32, %c32_i32 : f32
      %43 = arith.maxnumf %42, %shuffleResult_17 : f32
      %44 = vector.broadcast %43 : f32 to vector<1x1x4xf32>
      %45 = arith.subf %12, %44 : vector<1x1x4xf32>
      %46 = math.exp %45 : vector<1x1x4xf32>
      %47 = arith.addf %46, %cst_3 : vector<1x1x4xf32>
      %48 = vector.extract %47[0, 0, 0] : f32 from vector<1x1x4xf32>
      %49 = vector.insert %48, %0 [0, 0] : f32 into vector<4x1xf32>
      %50 = vector.extract %47[0, 0, 1] : f32 from vector<1x1x4xf32>
      %51 = vector.insert %50, %49 [1, 0] : f32 into vector<4x1xf32>
      %52 = vector.extract %47[0, 0, 2] : f32 from vector<1x1x4xf32>
      %53 = vector.insert %52, %51 [2, 0] : f32 into vector<4x1xf32>
      %54 = vector.extract %47[0, 0, 3] : f32 from vector<1x1x4xf32>
      %55 = vector.insert %54, %53 [3, 0] : f32 into vector<4x1xf32>
      %56 = vector.extract %55[0] : vector<1xf32> from vector<4x1xf32>
      %57 = arith.addf %56, %cst_0 : vector<1xf32>
      %58 = vector.extract %55[1] : vector<1xf32> from vector<4x1xf32>
      %59 = arith.addf %58, %57 : vector<1xf32>
      %60 = vector.extract %55[2] : vector<1xf32> from vector<4x1xf32>
      %61 = arith.addf %60, %59 : vector<1xf32>
      %62 = vector.extract %55[3] : vector<1xf32> from vector<4x1xf32>
      %63 = arith.addf %62, %61 : vector<1xf32>
      %64 = vector.extract %63[0] : f32 from vector<1xf32>
      %shuffleResult_19, %valid_20 = gpu.shuffle  xor %64, %c1_i32, %c32_i32 : f32
      %65 = arith.addf %64, %shuffleResult_19 : f32
      %shuffleResult_21, %valid_22 = gpu.shuffle  xor %65, %c2_i32, %c32_i32 : f32
      %66 = arith.addf %65, %shuffleResult_21 : f32
      %shuffleResult_23, %valid_24 = gpu.shuffle  xor %66, %c4_i32, %c32_i32 : f32
      %67 = arith.addf %66, %shuffleResult_23 : f32
      %shuffleResult_25, %valid_26 = gpu.shuffle  xor %67, %c8_i32, %c32_i32 : f32
      %68 = arith.addf %67, %shuffleResult_25 : f32
      %shuffleResult_27, %valid_28 = gpu.shuffle  xor %68, %c16_i32, %c32_i32 : f32
      %69 = arith.addf %68, %shuffleResult_27 : f32
      %70 = vector.insert %69, %cst_0 [0] : f32 into vector<1xf32>
      %alloc_29 = memref.alloc() : memref<10xf32, #gpu.address_space<workgroup>>
      vector.store %70, %alloc_29[%5] : memref<10xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      gpu.barrier
      %71 = vector.load %alloc_29[%37] : memref<10xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      %72 = vector.extract %71[0] : f32 from vector<1xf32>
      %73 = arith.addf %72, %cst_2 : f32
      %shuffleResult_30, %valid_31 = gpu.shuffle  xor %73, %c1_i32, %c32_i32 : f32
      %74 = arith.addf %73, %shuffleResult_30 : f32
      %shuffleResult_32, %valid_33 = gpu.shuffle  xor %74, %c2_i32, %c32_i32 : f32
      %75 = arith.addf %74, %shuffleResult_32 : f32
      %shuffleResult_34, %valid_35 = gpu.shuffle  xor %75, %c4_i32, %c32_i32 : f32
      %76 = arith.addf %75, %shuffleResult_34 : f32
      %77 = vector.insert %76, %cst_0 [0] : f32 into vector<1xf32>
      %78 = arith.addf %77, %cst_0 : vector<1xf32>
      %79 = vector.extract %78[0] : f32 from vector<1xf32>
      %80 = vector.broadcast %79 : f32 to vector<1x1x4xf32>
      %81 = arith.divf %46, %80 : vector<1x1x4xf32>
      %82 = vector.extract %81[0, 0] : vector<4xf32> from vector<1x1x4xf32>
      vector.store %82, %assume_align_4[%workgroup_id_x, %10] : memref<64x1024xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.return
    }
  }
}
