// vector.extract at MLIR's poison index -1 of an ldmatrix fragment: the
// model keeps the extraction (of the fragment as a vector) instead of
// indexing its registers with it (an out-of-bounds panic, issue 40's audit).
// RUN: asyncpipe-opt %s --asyncpipe-block-model | FileCheck %s
// CHECK: vector.from_elements
// CHECK: vector.extract %{{.*}}[-1, 0]
gpu.module @kernels {
  gpu.func @k(%out: memref<4xf16>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %s = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %a = nvgpu.ldmatrix %s[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %e = vector.extract %a[-1, 0] : f16 from vector<4x2xf16>
    memref.store %e, %out[%c0] : memref<4xf16>
    gpu.return
  }
}
