// Harness for examples/tvm_gemm_pipeline.mlir: fills A and B with small
// integers (so every sum is exact in f32), runs the pipelined @gemm and a
// plain linalg.matmul, and prints the largest difference and a checksum.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<16x2048xf32>
  %B = memref.alloc() : memref<2048x16xf32>
  %C = memref.alloc() : memref<16x16xf32>
  %R = memref.alloc() : memref<16x16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %k = %c0 to %c2048 step %c1 {
      // A[i][k] = (7i + 3k) mod 5 - 2 ; B[k][i] = (5k + 11i) mod 7 - 3
      %i7 = arith.muli %i, %c16 : index
      %a0 = arith.addi %i7, %k : index
      %a1 = arith.muli %a0, %c16 : index
      %ai = arith.index_cast %a0 : index to i64
      %c5 = arith.constant 5 : i64
      %c2 = arith.constant 2 : i64
      %am = arith.remui %ai, %c5 : i64
      %as = arith.subi %am, %c2 : i64
      %af = arith.sitofp %as : i64 to f32
      memref.store %af, %A[%i, %k] : memref<16x2048xf32>
      %bi = arith.index_cast %a1 : index to i64
      %c7 = arith.constant 7 : i64
      %c3 = arith.constant 3 : i64
      %bm = arith.remui %bi, %c7 : i64
      %bs = arith.subi %bm, %c3 : i64
      %bf = arith.sitofp %bs : i64 to f32
      memref.store %bf, %B[%k, %i] : memref<2048x16xf32>
    }
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<16x16xf32>)
  linalg.fill ins(%zero : f32) outs(%R : memref<16x16xf32>)
  call @gemm(%A, %B, %C) : (memref<16x2048xf32>, memref<2048x16xf32>, memref<16x16xf32>) -> ()
  linalg.matmul ins(%A, %B : memref<16x2048xf32>, memref<2048x16xf32>) outs(%R : memref<16x16xf32>)
  // Largest |C - R| and the sum of C.
  %out = memref.alloc() : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %c16 step %c1 iter_args(%m = %zero, %s = %zero) -> (f32, f32) {
    %r2:2 = scf.for %j = %c0 to %c16 step %c1 iter_args(%m2 = %m, %s2 = %s) -> (f32, f32) {
      %x = memref.load %C[%i, %j] : memref<16x16xf32>
      %y = memref.load %R[%i, %j] : memref<16x16xf32>
      %d = arith.subf %x, %y : f32
      %ad = math.absf %d : f32
      %m3 = arith.maximumf %m2, %ad : f32
      %s3 = arith.addf %s2, %x : f32
      scf.yield %m3, %s3 : f32, f32
    }
    scf.yield %r2#0, %r2#1 : f32, f32
  }
  memref.store %r#0, %out[%c0] : memref<2xf32>
  memref.store %r#1, %out[%c1] : memref<2xf32>
  %u = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
