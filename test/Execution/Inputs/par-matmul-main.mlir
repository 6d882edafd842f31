// Harness for the par execution tests: fills A (M x K) and B (K x N), the
// sizes the kernel file's @sizes returns, with
// small integers (A[i][k] = (3i + 5k) mod 7 - 3, B[k][j] = (2k + 7j) mod 5
// - 2, so every sum is exact in f32 and every schedule of the threads gives
// the same C), runs @kernel(A, B, C) on a zeroed C, computes the reference
// with linalg.matmul, and prints [largest |C - reference|, sum of |C|]
// (not 0: the kernel wrote C).
func.func private @printMemrefF32(memref<*xf32>)

func.func @pattern(%i: index, %j: index, %a: index, %b: index, %modulus: index, %half: i64) -> f32 {
  %x = arith.muli %i, %a : index
  %y = arith.muli %j, %b : index
  %s = arith.addi %x, %y : index
  %r = arith.remui %s, %modulus : index
  %ri = arith.index_cast %r : index to i64
  %d = arith.subi %ri, %half : i64
  %f = arith.sitofp %d : i64 to f32
  return %f : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %h2 = arith.constant 2 : i64
  %h3 = arith.constant 3 : i64
  %m, %k, %n = call @sizes() : () -> (index, index, index)
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc(%m, %k) : memref<?x?xf32>
  %B = memref.alloc(%k, %n) : memref<?x?xf32>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  %D = memref.alloc(%m, %n) : memref<?x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %k step %c1 {
      %v = func.call @pattern(%i, %j, %c3, %c5, %c7, %h3) : (index, index, index, index, index, i64) -> f32
      memref.store %v, %A[%i, %j] : memref<?x?xf32>
    }
  }
  scf.for %i = %c0 to %k step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %v = func.call @pattern(%i, %j, %c2, %c7, %c5, %h2) : (index, index, index, index, index, i64) -> f32
      memref.store %v, %B[%i, %j] : memref<?x?xf32>
    }
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.fill ins(%zero : f32) outs(%D : memref<?x?xf32>)
  call @kernel(%A, %B, %C) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%D : memref<?x?xf32>)
  %r:2 = scf.for %i = %c0 to %m step %c1 iter_args(%md = %zero, %sum = %zero) -> (f32, f32) {
    %r2:2 = scf.for %j = %c0 to %n step %c1 iter_args(%md2 = %md, %sum2 = %sum) -> (f32, f32) {
      %a = memref.load %C[%i, %j] : memref<?x?xf32>
      %b = memref.load %D[%i, %j] : memref<?x?xf32>
      %d = arith.subf %a, %b : f32
      %ad = math.absf %d : f32
      %md3 = arith.maximumf %md2, %ad : f32
      %aa = math.absf %a : f32
      %sum3 = arith.addf %sum2, %aa : f32
      scf.yield %md3, %sum3 : f32, f32
    }
    scf.yield %r2#0, %r2#1 : f32, f32
  }
  %print = memref.alloc() : memref<2xf32>
  memref.store %r#0, %print[%c0] : memref<2xf32>
  memref.store %r#1, %print[%c1] : memref<2xf32>
  %p = memref.cast %print : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
