// Harness for the pipeliner's execution tests: runs @kernel (pipelined) and
// @reference (the same loop, not pipelined) on the same input, with the
// full trip count 64 and with short ones (3, 2 and 1: fewer than most stage
// counts, so run-time trip counts take the unpipelined fallback; kernels with
// a static trip count ignore them), and prints, per run, the
// largest |kernel - reference| and the sum of the kernel's output.
func.func private @printMemrefF32(memref<*xf32>)

func.func @compare(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<64x8xf32>
  %out = memref.alloc() : memref<64x8xf32>
  %ref = memref.alloc() : memref<64x8xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      // in[i][j] = (8i + j) mod 13 - 6
      %x = arith.muli %i, %c8 : index
      %y = arith.addi %x, %j : index
      %z = arith.index_cast %y : index to i64
      %c13 = arith.constant 13 : i64
      %c6 = arith.constant 6 : i64
      %m = arith.remui %z, %c13 : i64
      %s = arith.subi %m, %c6 : i64
      %f = arith.sitofp %s : i64 to f32
      memref.store %f, %in[%i, %j] : memref<64x8xf32>
      memref.store %zero, %out[%i, %j] : memref<64x8xf32>
      memref.store %zero, %ref[%i, %j] : memref<64x8xf32>
    }
  }
  call @kernel(%in, %out, %n) : (memref<64x8xf32>, memref<64x8xf32>, index) -> ()
  call @reference(%in, %ref, %n) : (memref<64x8xf32>, memref<64x8xf32>, index) -> ()
  %r:2 = scf.for %i = %c0 to %c64 step %c1 iter_args(%md = %zero, %sum = %zero) -> (f32, f32) {
    %r2:2 = scf.for %j = %c0 to %c8 step %c1 iter_args(%md2 = %md, %sum2 = %sum) -> (f32, f32) {
      %a = memref.load %out[%i, %j] : memref<64x8xf32>
      %b = memref.load %ref[%i, %j] : memref<64x8xf32>
      %d = arith.subf %a, %b : f32
      %ad = math.absf %d : f32
      %md3 = arith.maximumf %md2, %ad : f32
      %sum3 = arith.addf %sum2, %a : f32
      scf.yield %md3, %sum3 : f32, f32
    }
    scf.yield %r2#0, %r2#1 : f32, f32
  }
  %print = memref.alloc() : memref<2xf32>
  memref.store %r#0, %print[%c0] : memref<2xf32>
  memref.store %r#1, %print[%c1] : memref<2xf32>
  %u = memref.cast %print : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %in : memref<64x8xf32>
  memref.dealloc %out : memref<64x8xf32>
  memref.dealloc %ref : memref<64x8xf32>
  memref.dealloc %print : memref<2xf32>
  return
}

func.func @main() {
  %c64 = arith.constant 64 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  call @compare(%c64) : (index) -> ()
  call @compare(%c3) : (index) -> ()
  call @compare(%c2) : (index) -> ()
  call @compare(%c1) : (index) -> ()
  return
}
