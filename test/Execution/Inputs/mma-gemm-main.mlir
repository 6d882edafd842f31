// Runs @gemm (C = A B, 64 x 256 x 64, f16 into f32) once per landing mode of
// the deferred model (late, reads early, early) against linalg.matmul, and
// prints the largest |C - linalg.matmul| of each run.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %A = memref.alloc() : memref<64x256xf16>
  %B = memref.alloc() : memref<256x64xf16>
  %C = memref.alloc() : memref<64x64xf32>
  %R = memref.alloc() : memref<64x64xf32>
  // Small integers: every product and sum is exact in f16 and f32.
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %k = %c0 to %c256 step %c1 {
      %x = arith.muli %i, %c7 : index
      %y = arith.muli %k, %c3 : index
      %s = arith.addi %x, %y : index
      %r = arith.remui %s, %c5 : index
      %v = arith.index_cast %r : index to i32
      %f = arith.sitofp %v : i32 to f16
      %two = arith.constant 2.0 : f16
      %g = arith.subf %f, %two : f16
      memref.store %g, %A[%i, %k] : memref<64x256xf16>
      %h = arith.addf %f, %two : f16
      memref.store %h, %B[%k, %i] : memref<256x64xf16>
    }
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%R : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x256xf16>, memref<256x64xf16>) outs(%R : memref<64x64xf32>)
  scf.for %mode = %c0 to %c3 step %c1 {
    func.call @deferred_sim_configure(%mode) : (index) -> ()
    linalg.fill ins(%zero : f32) outs(%C : memref<64x64xf32>)
    func.call @gemm(%A, %B, %C) : (memref<64x256xf16>, memref<256x64xf16>, memref<64x64xf32>) -> ()
    %worst = scf.for %i = %c0 to %c64 step %c1 iter_args(%w = %zero) -> (f32) {
      %row = scf.for %j = %c0 to %c64 step %c1 iter_args(%u = %w) -> (f32) {
        %a = memref.load %C[%i, %j] : memref<64x64xf32>
        %b = memref.load %R[%i, %j] : memref<64x64xf32>
        %d = arith.subf %a, %b : f32
        %e = math.absf %d : f32
        // NaN (a read of memory nothing wrote) counts as the worst.
        %bad = arith.cmpf ugt, %e, %u : f32
        %m = arith.select %bad, %e, %u : f32
        scf.yield %m : f32
      }
      scf.yield %row : f32
    }
    func.call @printF32(%worst) : (f32) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
