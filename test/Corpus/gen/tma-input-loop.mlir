// Input of make-tma.sh, written for this corpus: 128 threads, a loop of 2
// iterations; each stages the 64x8 f32 tile %A into workgroup memory with a
// linalg.copy (which transform.nvgpu.rewrite_copy_as_tma turns into a TMA
// load by thread 0 completing on an mbarrier), then thread t reads half of
// row (127 - t) / 2 (a half-row another warp's thread reads too, written by
// the TMA), stores it to %D, and a barrier ends the iteration.
memref.global "private" @tileA : memref<64x8xf32, 3>
func.func @main(%A: memref<64x8xf32>, %D: memref<2x128x4xf32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c1_k = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c127 = arith.constant 127 : index
    %t = gpu.thread_id x
    %tile = memref.get_global @tileA : memref<64x8xf32, 3>
    scf.for %k = %c0 to %c2 step %c1_k {
      linalg.copy ins(%A : memref<64x8xf32>) outs(%tile : memref<64x8xf32, 3>)
      %r0 = arith.subi %c127, %t : index
      %row = arith.divui %r0, %c2 : index
      %h = arith.remui %r0, %c2 : index
      %col = arith.muli %h, %c4 : index
      %v = vector.load %tile[%row, %col] : memref<64x8xf32, 3>, vector<4xf32>
      vector.store %v, %D[%k, %t, %c0] : memref<2x128x4xf32>, vector<4xf32>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}
