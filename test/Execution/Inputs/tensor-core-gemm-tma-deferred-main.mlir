// Runs the wgmma GEMM's kernel (examples/tensor_core_gemm_tma.mlir, as a CPU
// function of its block id: C = A B, 512 x 512 x 512, f16 into f32) for two
// of its 16 blocks, once per landing mode of the deferred model (late, reads
// early, early), against linalg.matmul, and prints the largest
// |C - linalg.matmul| over those blocks' tiles of C in each run.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c512 = arith.constant 512 : index
  %A = memref.alloc() : memref<512x512xf16>
  %B = memref.alloc() : memref<512x512xf16>
  %C = memref.alloc() : memref<512x512xf32>
  %R = memref.alloc() : memref<512x512xf32>
  // Small integers, A and B neither symmetric nor alike: every product and
  // sum is exact in f16 and f32.
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  scf.for %i = %c0 to %c512 step %c1 {
    scf.for %j = %c0 to %c512 step %c1 {
      %x = arith.muli %i, %c3 : index
      %y = arith.muli %j, %c5 : index
      %s = arith.addi %x, %y : index
      %r = arith.remui %s, %c7 : index
      %v = arith.index_cast %r : index to i32
      %f = arith.sitofp %v : i32 to f16
      %three = arith.constant 3.0 : f16
      %a = arith.subf %f, %three : f16
      memref.store %a, %A[%i, %j] : memref<512x512xf16>
      %x2 = arith.muli %i, %c2 : index
      %y2 = arith.muli %j, %c3 : index
      %s2 = arith.addi %x2, %y2 : index
      %r2 = arith.remui %s2, %c5 : index
      %v2 = arith.index_cast %r2 : index to i32
      %f2 = arith.sitofp %v2 : i32 to f16
      %two = arith.constant 2.0 : f16
      %b = arith.subf %f2, %two : f16
      memref.store %b, %B[%i, %j] : memref<512x512xf16>
    }
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%R : memref<512x512xf32>)
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%R : memref<512x512xf32>)
  // Blocks 0 and 6: tiles (0, 0) and (2, 1) in the kernel's block order.
  %blocks = arith.constant dense<[0, 6]> : vector<2xindex>
  %c128 = arith.constant 128 : index
  %c4 = arith.constant 4 : index
  scf.for %mode = %c0 to %c3 step %c1 {
    func.call @deferred_sim_configure(%mode) : (index) -> ()
    %nan = arith.constant 0x7FC00000 : f32
    linalg.fill ins(%nan : f32) outs(%C : memref<512x512xf32>)
    %worst = scf.for %n = %c0 to %c2 step %c1 iter_args(%w0 = %zero) -> (f32) {
      %bid = vector.extract %blocks[%n] : index from vector<2xindex>
      func.call @tensor_core_gemm_tma(%A, %B, %C, %bid, %c0) : (memref<512x512xf16>, memref<512x512xf16>, memref<512x512xf32>, index, index) -> ()
      // The block's tile: rows bid % 4, columns bid / 4 (one group of 4 rows).
      %bm = arith.remui %bid, %c4 : index
      %bn = arith.divui %bid, %c4 : index
      %row0 = arith.muli %bm, %c128 : index
      %col0 = arith.muli %bn, %c128 : index
      %tile = scf.for %i = %c0 to %c128 step %c1 iter_args(%w = %w0) -> (f32) {
        %row = scf.for %j = %c0 to %c128 step %c1 iter_args(%u = %w) -> (f32) {
          %ii = arith.addi %row0, %i : index
          %jj = arith.addi %col0, %j : index
          %a = memref.load %C[%ii, %jj] : memref<512x512xf32>
          %b = memref.load %R[%ii, %jj] : memref<512x512xf32>
          %d = arith.subf %a, %b : f32
          %e = math.absf %d : f32
          // NaN (an output nothing wrote) counts as the worst.
          %bad = arith.cmpf ugt, %e, %u : f32
          %m = arith.select %bad, %e, %u : f32
          scf.yield %m : f32
        }
        scf.yield %row : f32
      }
      scf.yield %tile : f32
    }
    func.call @printF32(%worst) : (f32) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
