// What attention's CPU tests share: their inputs and the reference they
// check against (test/Execution/attention-*.mlir).
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()

// Element (h, i, d) of Q, K or V (`which` 0, 1, 2): an integer from a hash
// of its place, in [-2, 2] in steps of 1/4 (exact in f16).
func.func @attention_input(%which: index, %h: index, %i: index, %d: index) -> f16 {
  %c17 = arith.constant 17 : index
  %c131 = arith.constant 131 : index
  %c31 = arith.constant 31 : index
  %c7919 = arith.constant 7919 : index
  %c5 = arith.constant 5 : index
  %x = arith.muli %i, %c131 : index
  %y = arith.muli %d, %c31 : index
  %z = arith.muli %h, %c7919 : index
  %w = arith.muli %which, %c5 : index
  %s0 = arith.addi %x, %y : index
  %s1 = arith.addi %s0, %z : index
  %s2 = arith.addi %s1, %w : index
  %sq = arith.muli %s2, %s2 : index
  %s3 = arith.addi %sq, %s2 : index
  %r = arith.remui %s3, %c17 : index
  %v = arith.index_cast %r : index to i32
  %f = arith.sitofp %v : i32 to f16
  %eight = arith.constant 8.0 : f16
  %quarter = arith.constant 0.25 : f16
  %c = arith.subf %f, %eight : f16
  %e = arith.mulf %c, %quarter : f16
  return %e : f16
}

// The reference's row `row` of head `h` into R, over keys 0 .. keys - 1:
// softmax(Q K^T scale) V in f32 (scale 1 / sqrt(d), d the head dim: Q's
// last dimension), with math.exp, in two passes over the row.
func.func @attention_reference_row(%Q: memref<4x1024x?xf16>, %K: memref<4x1024x?xf16>, %V: memref<4x1024x?xf16>, %R: memref<4x1024x?xf32>, %h: index, %row: index, %keys: index, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %dims = memref.dim %Q, %c2 : memref<4x1024x?xf16>
  %scores = memref.alloca() : memref<1024xf32>
  %acc = memref.alloca(%dims) : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %max = scf.for %j = %c0 to %keys step %c1 iter_args(%mx = %ninf) -> (f32) {
    %dot = scf.for %d = %c0 to %dims step %c1 iter_args(%t = %zero) -> (f32) {
      %q = memref.load %Q[%h, %row, %d] : memref<4x1024x?xf16>
      %k = memref.load %K[%h, %j, %d] : memref<4x1024x?xf16>
      %qf = arith.extf %q : f16 to f32
      %kf = arith.extf %k : f16 to f32
      %p = arith.mulf %qf, %kf : f32
      %u = arith.addf %t, %p : f32
      scf.yield %u : f32
    }
    %s = arith.mulf %dot, %scale : f32
    memref.store %s, %scores[%j] : memref<1024xf32>
    %n = arith.maximumf %mx, %s : f32
    scf.yield %n : f32
  }
  scf.for %d = %c0 to %dims step %c1 {
    memref.store %zero, %acc[%d] : memref<?xf32>
  }
  %sum = scf.for %j = %c0 to %keys step %c1 iter_args(%l = %zero) -> (f32) {
    %s = memref.load %scores[%j] : memref<1024xf32>
    %x = arith.subf %s, %max : f32
    %p = math.exp %x : f32
    scf.for %d = %c0 to %dims step %c1 {
      %v = memref.load %V[%h, %j, %d] : memref<4x1024x?xf16>
      %vf = arith.extf %v : f16 to f32
      %a = memref.load %acc[%d] : memref<?xf32>
      %pv = arith.mulf %p, %vf : f32
      %b = arith.addf %a, %pv : f32
      memref.store %b, %acc[%d] : memref<?xf32>
    }
    %n = arith.addf %l, %p : f32
    scf.yield %n : f32
  }
  scf.for %d = %c0 to %dims step %c1 {
    %a = memref.load %acc[%d] : memref<?xf32>
    %o = arith.divf %a, %sum : f32
    memref.store %o, %R[%h, %row, %d] : memref<4x1024x?xf32>
  }
  return
}

// What the tests' mains share: the inputs, the reference rows of a block,
// the largest error over a block's rows, and its report.

// The largest |O - R| over block `bid`'s rows (128 queries of one head;
// NaN, an output nothing wrote, counts as the worst).
func.func private @block_error(%O: memref<4x1024x?xf32>, %R: memref<4x1024x?xf32>, %bid: index, %start: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %dims = memref.dim %O, %c2 : memref<4x1024x?xf32>
  %h = arith.divui %bid, %c8 : index
  %t = arith.remui %bid, %c8 : index
  %q0 = arith.muli %t, %c128 : index
  %worst = scf.for %i = %c0 to %c128 step %c1 iter_args(%w = %start) -> (f32) {
    %row = scf.for %d = %c0 to %dims step %c1 iter_args(%u = %w) -> (f32) {
      %r = arith.addi %q0, %i : index
      %a = memref.load %O[%h, %r, %d] : memref<4x1024x?xf32>
      %b = memref.load %R[%h, %r, %d] : memref<4x1024x?xf32>
      %e0 = arith.subf %a, %b : f32
      %e = math.absf %e0 : f32
      %bad = arith.cmpf ugt, %e, %u : f32
      %m = arith.select %bad, %e, %u : f32
      scf.yield %m : f32
    }
    scf.yield %row : f32
  }
  return %worst : f32
}

// Q, K and V of every head (attention_input's values).
func.func private @fill(%Q: memref<4x1024x?xf16>, %K: memref<4x1024x?xf16>, %V: memref<4x1024x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index
  %dims = memref.dim %Q, %c2 : memref<4x1024x?xf16>
  scf.for %h = %c0 to %c4 step %c1 {
    scf.for %i = %c0 to %c1024 step %c1 {
      scf.for %d = %c0 to %dims step %c1 {
        %q = func.call @attention_input(%c0, %h, %i, %d) : (index, index, index, index) -> f16
        memref.store %q, %Q[%h, %i, %d] : memref<4x1024x?xf16>
        %k = func.call @attention_input(%c1, %h, %i, %d) : (index, index, index, index) -> f16
        memref.store %k, %K[%h, %i, %d] : memref<4x1024x?xf16>
        %v = func.call @attention_input(%c2, %h, %i, %d) : (index, index, index, index) -> f16
        memref.store %v, %V[%h, %i, %d] : memref<4x1024x?xf16>
      }
    }
  }
  return
}

// The reference rows of block `bid` (128 queries of one head) into R (every
// key) and RC (the causal mask's keys).
func.func private @references(%Q: memref<4x1024x?xf16>, %K: memref<4x1024x?xf16>, %V: memref<4x1024x?xf16>, %R: memref<4x1024x?xf32>, %RC: memref<4x1024x?xf32>, %bid: index, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %h = arith.divui %bid, %c8 : index
  %t = arith.remui %bid, %c8 : index
  %q0 = arith.muli %t, %c128 : index
  scf.for %i = %c0 to %c128 step %c1 {
    %row = arith.addi %q0, %i : index
    func.call @attention_reference_row(%Q, %K, %V, %R, %h, %row, %c1024, %scale) : (memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf32>, index, index, index, f32) -> ()
    %seen = arith.addi %row, %c1 : index
    func.call @attention_reference_row(%Q, %K, %V, %RC, %h, %row, %seen, %scale) : (memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf32>, index, index, index, f32) -> ()
  }
  return
}

// Prints the largest error, then whether it is within the tolerance.
func.func private @report(%worst: f32) {
  %tolerance = arith.constant 0.001 : f32
  func.call @printF32(%worst) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %ok = arith.cmpf ole, %worst, %tolerance : f32
  %flag = arith.extui %ok : i1 to i64
  func.call @printI64(%flag) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
