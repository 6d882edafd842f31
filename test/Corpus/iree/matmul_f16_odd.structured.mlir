// Corpus kernel: iree/matmul_f16_odd.structured.mlir
// Origin: iree-compile (PyPI iree-base-compiler==3.6.0: IREE 3.6.0rc20250718 @ af56a4793d8e, LLVM 22.0.0git) test/Corpus/gen/iree/matmul_f16_odd.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 (no other flags) --mlir-disable-threading --mlir-print-ir-before=gpu-eliminate-barriers --mlir-print-ir-after=convert-scf-to-cf --mlir-print-ir-before=iree-convert-to-nvvm --mlir-print-ir-after=iree-llvmgpu-select-lowering-strategy, then test/Corpus/gen/iree_extract.py DUMP structured (test/Corpus/gen/make-iree.sh does both); stage 'structured': the IR printed before IREE's own run of upstream gpu-eliminate-barriers (scf, vector, affine, nvgpu)
// License: IREE output (IREE is Apache-2.0 WITH LLVM-exception); the input program is test/Corpus/gen/iree/matmul_f16_odd.mlir (written for this corpus)
// What: 500x300x520 f16 matmul (unaligned: LLVMGPUTileAndFuse, no tensor cores, no workgroup memory), 256 threads
// truth: race-free
// barriers-needed: 0
//
// Each thread computes its own output elements (scf.for from the linearized thread id, step 256)
// with vector loads of A and B from global memory and a load/store of its own C element; no
// workgroup memory at all.
//
// barrier #1 (before the loop) and barrier #2 (before gpu.return): no workgroup memory, and the
//   global accesses of different threads touch different C elements (A, B read only): not needed.
// (barriers are numbered in program order.)
// IREE kernel matmul_f16_odd_dispatch_0_matmul_500x300x520_f16xf16xf32, IREE pipeline LLVMGPUTileAndFuse.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_f16_odd_dispatch_0_matmul_500x300x520_f16xf16xf32(%1: memref<500x520xf16, #gpu.address_space<global>>, %2: memref<520x300xf16, #gpu.address_space<global>>, %3: memref<500x300xf32, #gpu.address_space<global>>) kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
      %cst = arith.constant dense<0.000000e+00> : vector<16xf32>
      %c256 = arith.constant 256 : index
      %c0 = arith.constant 0 : index
      %c520 = arith.constant 520 : index
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : index
      %thread_id_y = gpu.thread_id  y upper_bound 8
      %thread_id_x = gpu.thread_id  x upper_bound 32
      %0 = affine.linearize_index disjoint [%thread_id_y, %thread_id_x] by (8, 32) : index
      %assume_align = memref.assume_alignment %1, 64 : memref<500x520xf16, #gpu.address_space<global>>
      %assume_align_0 = memref.assume_alignment %2, 64 : memref<520x300xf16, #gpu.address_space<global>>
      %assume_align_1 = memref.assume_alignment %3, 64 : memref<500x300xf32, #gpu.address_space<global>>
      %workgroup_id_x = gpu.block_id  x
      %4:2 = affine.delinearize_index %workgroup_id_x into (16, 3) : index, index
      %5 = affine.min affine_map<()[s0] -> (s0 * -32 + 500, 32)>()[%4#0]
      %6 = affine.min affine_map<()[s0] -> (s0 * -128 + 300, 128)>()[%4#1]
      %7 = affine.apply affine_map<()[s0] -> (s0 ceildiv 16)>()[%6]
      %8 = affine.apply affine_map<()[s0, s1] -> (s0 * (s1 ceildiv 16))>()[%5, %6]
      gpu.barrier
      scf.for %arg0 = %0 to %8 step %c256 {
        %9:2 = affine.delinearize_index %arg0 into (%5, %7) : index, index
        %10 = affine.min affine_map<(d0)[s0] -> (d0 * -16 + s0, 16)>(%9#1)[%6]
        %11 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 32)>()[%9#0, %4#0]
        %12 = affine.apply affine_map<(d0)[s0] -> (d0 * 16 + s0 * 128)>(%9#1)[%4#1]
        %13 = vector.create_mask %10 : vector<16xi1>
        vector.maskedstore %assume_align_1[%11, %12], %13, %cst : memref<500x300xf32, #gpu.address_space<global>>, vector<16xi1>, vector<16xf32>
        scf.for %arg1 = %c0 to %c520 step %c8 {
          %14 = vector.load %assume_align[%11, %arg1] : memref<500x520xf16, #gpu.address_space<global>>, vector<8xf16>
          scf.for %arg2 = %c0 to %10 step %c1 {
            %15 = arith.addi %arg2, %12 : index
            %16 = vector.load %assume_align_0[%arg1, %15] : memref<520x300xf16, #gpu.address_space<global>>, vector<1xf16>
            %17 = affine.apply affine_map<(d0) -> (d0 + 1)>(%arg1)
            %18 = vector.load %assume_align_0[%17, %15] : memref<520x300xf16, #gpu.address_space<global>>, vector<1xf16>
            %19 = affine.apply affine_map<(d0) -> (d0 + 2)>(%arg1)
            %20 = vector.load %assume_align_0[%19, %15] : memref<520x300xf16, #gpu.address_space<global>>, vector<1xf16>
            %21 = affine.apply affine_map<(d0) -> (d0 + 3)>(%arg1)
            %22 = vector.load %assume_align_0[%21, %15] : memref<520x300xf16, #gpu.address_space<global>>, vector<1xf16>
            %23 = affine.apply affine_map<(d0) -> (d0 + 4)>(%arg1)
            %24 = vector.load %assume_align_0[%23, %15] : memref<520x300xf16, #gpu.address_space<global>>, vector<1xf16>
            %25 = affine.apply affine_map<(d0) -> (d0 + 5)>(%arg1)
            %26 = vector.load %assume_align_0[%25, %15] : memref<520x300xf16, #gpu.address_space<global>>, vector<1xf16>
            %27 = affine.apply affine_map<(d0) -> (d0 + 6)>(%arg1)
            %28 = vector.load %assume_align_0[%27, %15] : memref<520x300xf16, #gpu.address_space<global>>, vector<1xf16>
            %29 = affine.apply affine_map<(d0) -> (d0 + 7)>(%arg1)
            %30 = vector.load %assume_align_0[%29, %15] : memref<520x300xf16, #gpu.address_space<global>>, vector<1xf16>
            %31 = affine.apply affine_map<(d0)[s0, s1] -> (d0 * 16 + s0 + s1 * 128)>(%9#1)[%arg2, %4#1]
            %32 = vector.load %assume_align_1[%11, %31] : memref<500x300xf32, #gpu.address_space<global>>, vector<1xf32>
            %33 = vector.extract %14[0] : f16 from vector<8xf16>
            %34 = arith.extf %16 : vector<1xf16> to vector<1xf32>
            %35 = arith.extf %33 : f16 to f32
            %36 = vector.broadcast %35 : f32 to vector<1xf32>
            %37 = vector.fma %34, %36, %32 : vector<1xf32>
            %38 = vector.extract %14[1] : f16 from vector<8xf16>
            %39 = arith.extf %18 : vector<1xf16> to vector<1xf32>
            %40 = arith.extf %38 : f16 to f32
            %41 = vector.broadcast %40 : f32 to vector<1xf32>
            %42 = vector.fma %39, %41, %37 : vector<1xf32>
            %43 = vector.extract %14[2] : f16 from vector<8xf16>
            %44 = arith.extf %20 : vector<1xf16> to vector<1xf32>
            %45 = arith.extf %43 : f16 to f32
            %46 = vector.broadcast %45 : f32 to vector<1xf32>
            %47 = vector.fma %44, %46, %42 : vector<1xf32>
            %48 = vector.extract %14[3] : f16 from vector<8xf16>
            %49 = arith.extf %22 : vector<1xf16> to vector<1xf32>
            %50 = arith.extf %48 : f16 to f32
            %51 = vector.broadcast %50 : f32 to vector<1xf32>
            %52 = vector.fma %49, %51, %47 : vector<1xf32>
            %53 = vector.extract %14[4] : f16 from vector<8xf16>
            %54 = arith.extf %24 : vector<1xf16> to vector<1xf32>
            %55 = arith.extf %53 : f16 to f32
            %56 = vector.broadcast %55 : f32 to vector<1xf32>
            %57 = vector.fma %54, %56, %52 : vector<1xf32>
            %58 = vector.extract %14[5] : f16 from vector<8xf16>
            %59 = arith.extf %26 : vector<1xf16> to vector<1xf32>
            %60 = arith.extf %58 : f16 to f32
            %61 = vector.broadcast %60 : f32 to vector<1xf32>
            %62 = vector.fma %59, %61, %57 : vector<1xf32>
            %63 = vector.extract %14[6] : f16 from vector<8xf16>
            %64 = arith.extf %28 : vector<1xf16> to vector<1xf32>
            %65 = arith.extf %63 : f16 to f32
            %66 = vector.broadcast %65 : f32 to vector<1xf32>
            %67 = vector.fma %64, %66, %62 : vector<1xf32>
            %68 = vector.extract %14[7] : f16 from vector<8xf16>
            %69 = arith.extf %30 : vector<1xf16> to vector<1xf32>
            %70 = arith.extf %68 : f16 to f32
            %71 = vector.broadcast %70 : f32 to vector<1xf32>
            %72 = vector.fma %69, %71, %67 : vector<1xf32>
            vector.store %72, %assume_align_1[%11, %31] : memref<500x300xf32, #gpu.address_space<global>>, vector<1xf32>
          }
        }
      }
      gpu.barrier
      gpu.return
    }
  }
}
