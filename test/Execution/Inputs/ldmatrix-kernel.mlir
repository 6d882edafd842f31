gpu.module @kernels {
  // Each lane fills half a row of a 16 x 16 tile, all meet at a barrier, the
  // warp loads it with ldmatrix x4, then each lane zeroes its half row at
  // once (no barrier: ldmatrix is warp-synchronous, every lane's part is
  // read when the warp executes it), and stores its 8 elements.
  gpu.func @ldmatrix_then_write(%out: memref<32x8xf16>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %As = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f16
    %tid = gpu.thread_id x
    %row = arith.remui %tid, %c16 : index
    %half = arith.divui %tid, %c16 : index
    %col0 = arith.muli %half, %c8 : index
    scf.for %j = %c0 to %c8 step %c1 {
      %col = arith.addi %col0, %j : index
      %r16 = arith.muli %row, %c16 : index
      %v = arith.addi %r16, %col : index
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f16
      memref.store %vf, %As[%row, %col] : memref<16x16xf16, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %frag = nvgpu.ldmatrix %As[%row, %col0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    scf.for %j = %c0 to %c8 step %c1 {
      %col = arith.addi %col0, %j : index
      memref.store %zero, %As[%row, %col] : memref<16x16xf16, #gpu.address_space<workgroup>>
    }
    %e0 = vector.extract %frag[0, 0] : f16 from vector<4x2xf16>
    %e1 = vector.extract %frag[0, 1] : f16 from vector<4x2xf16>
    %e2 = vector.extract %frag[1, 0] : f16 from vector<4x2xf16>
    %e3 = vector.extract %frag[1, 1] : f16 from vector<4x2xf16>
    %e4 = vector.extract %frag[2, 0] : f16 from vector<4x2xf16>
    %e5 = vector.extract %frag[2, 1] : f16 from vector<4x2xf16>
    %e6 = vector.extract %frag[3, 0] : f16 from vector<4x2xf16>
    %e7 = vector.extract %frag[3, 1] : f16 from vector<4x2xf16>
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    memref.store %e0, %out[%tid, %c0] : memref<32x8xf16>
    memref.store %e1, %out[%tid, %c1] : memref<32x8xf16>
    memref.store %e2, %out[%tid, %c2] : memref<32x8xf16>
    memref.store %e3, %out[%tid, %c3] : memref<32x8xf16>
    memref.store %e4, %out[%tid, %c4] : memref<32x8xf16>
    memref.store %e5, %out[%tid, %c5] : memref<32x8xf16>
    memref.store %e6, %out[%tid, %c6] : memref<32x8xf16>
    memref.store %e7, %out[%tid, %c7] : memref<32x8xf16>
    gpu.return
  }
}
