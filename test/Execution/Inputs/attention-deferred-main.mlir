// Runs attention's kernels (examples/attention.mlir, as CPU functions of
// their block id: 4 heads x 1024 queries and keys, head dim 64, f16 in, f32
// out) for two of their 32 blocks, once per landing mode of the deferred
// model (late, reads early, early), against softmax(Q K^T / 8) V computed
// here in f32 (math.exp, two passes over each row). Prints, per kernel and
// mode, the largest |O - reference| over those blocks' rows, then 1 when it
// is at most 0.001 and 0 otherwise. The tolerance: the kernel rounds each
// numerator p_j = exp2((s_j - m) c) to f16 (P, wgmma's register operand)
// before P V, a relative error of at most 2^-11, so that O = sum p_j v_j / l
// moves by at most 2^-11 max|v| = 2^-10 (V's entries are at most 2 in
// magnitude, and sum p_j / l = 1), plus f32 rounding. (The inputs and the reference: attention-reference.mlir.)
// The largest |O - R| over block `bid`'s rows (128 queries of one head;
// NaN, an output nothing wrote, counts as the worst).
func.func private @block_error(%O: memref<4x1024x64xf32>, %R: memref<4x1024x64xf32>, %bid: index, %start: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.divui %bid, %c8 : index
  %t = arith.remui %bid, %c8 : index
  %q0 = arith.muli %t, %c128 : index
  %worst = scf.for %i = %c0 to %c128 step %c1 iter_args(%w = %start) -> (f32) {
    %row = scf.for %d = %c0 to %c64 step %c1 iter_args(%u = %w) -> (f32) {
      %r = arith.addi %q0, %i : index
      %a = memref.load %O[%h, %r, %d] : memref<4x1024x64xf32>
      %b = memref.load %R[%h, %r, %d] : memref<4x1024x64xf32>
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

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %Q = memref.alloc() : memref<4x1024x64xf16>
  %K = memref.alloc() : memref<4x1024x64xf16>
  %V = memref.alloc() : memref<4x1024x64xf16>
  %O = memref.alloc() : memref<4x1024x64xf32>
  %R = memref.alloc() : memref<4x1024x64xf32>
  %RC = memref.alloc() : memref<4x1024x64xf32>
  scf.for %h = %c0 to %c4 step %c1 {
    scf.for %i = %c0 to %c1024 step %c1 {
      scf.for %d = %c0 to %c64 step %c1 {
        %q = func.call @attention_input(%c0, %h, %i, %d) : (index, index, index, index) -> f16
        memref.store %q, %Q[%h, %i, %d] : memref<4x1024x64xf16>
        %k = func.call @attention_input(%c1, %h, %i, %d) : (index, index, index, index) -> f16
        memref.store %k, %K[%h, %i, %d] : memref<4x1024x64xf16>
        %v = func.call @attention_input(%c2, %h, %i, %d) : (index, index, index, index) -> f16
        memref.store %v, %V[%h, %i, %d] : memref<4x1024x64xf16>
      }
    }
  }
  // Blocks 0 and 13: head 0's first 128 queries, head 1's sixth 128.
  %blocks = arith.constant dense<[0, 13]> : vector<2xindex>
  scf.for %n = %c0 to %c2 step %c1 {
    %bid = vector.extract %blocks[%n] : index from vector<2xindex>
    %h = arith.divui %bid, %c8 : index
    %t = arith.remui %bid, %c8 : index
    %q0 = arith.muli %t, %c128 : index
    scf.for %i = %c0 to %c128 step %c1 {
      %row = arith.addi %q0, %i : index
      func.call @attention_reference_row(%Q, %K, %V, %R, %h, %row, %c1024) : (memref<4x1024x64xf16>, memref<4x1024x64xf16>, memref<4x1024x64xf16>, memref<4x1024x64xf32>, index, index, index) -> ()
      %seen = arith.addi %row, %c1 : index
      func.call @attention_reference_row(%Q, %K, %V, %RC, %h, %row, %seen) : (memref<4x1024x64xf16>, memref<4x1024x64xf16>, memref<4x1024x64xf16>, memref<4x1024x64xf32>, index, index, index) -> ()
    }
  }
  // The kernels' view: the heads one after the other, 4096 x 64.
  %Q2 = memref.collapse_shape %Q [[0, 1], [2]] : memref<4x1024x64xf16> into memref<4096x64xf16>
  %K2 = memref.collapse_shape %K [[0, 1], [2]] : memref<4x1024x64xf16> into memref<4096x64xf16>
  %V2 = memref.collapse_shape %V [[0, 1], [2]] : memref<4x1024x64xf16> into memref<4096x64xf16>
  %O2 = memref.collapse_shape %O [[0, 1], [2]] : memref<4x1024x64xf32> into memref<4096x64xf32>
  %zero = arith.constant 0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %tolerance = arith.constant 0.001 : f32
  // The full kernel, then the causal one, each in the three modes.
  scf.for %kernel = %c0 to %c2 step %c1 {
    scf.for %mode = %c0 to %c3 step %c1 {
      func.call @deferred_sim_configure(%mode) : (index) -> ()
      linalg.fill ins(%nan : f32) outs(%O : memref<4x1024x64xf32>)
      %worst = scf.for %n = %c0 to %c2 step %c1 iter_args(%w0 = %zero) -> (f32) {
        %bid = vector.extract %blocks[%n] : index from vector<2xindex>
        %causal = arith.cmpi eq, %kernel, %c1 : index
        %w = scf.if %causal -> (f32) {
          func.call @attention_causal(%Q2, %K2, %V2, %O2, %bid, %c0) : (memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf32>, index, index) -> ()
          %e = func.call @block_error(%O, %RC, %bid, %w0) : (memref<4x1024x64xf32>, memref<4x1024x64xf32>, index, f32) -> f32
          scf.yield %e : f32
        } else {
          func.call @attention(%Q2, %K2, %V2, %O2, %bid, %c0) : (memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf32>, index, index) -> ()
          %e = func.call @block_error(%O, %R, %bid, %w0) : (memref<4x1024x64xf32>, memref<4x1024x64xf32>, index, f32) -> f32
          scf.yield %e : f32
        }
        scf.yield %w : f32
      }
      func.call @printF32(%worst) : (f32) -> ()
      func.call @printNewline() : () -> ()
      %ok = arith.cmpf ole, %worst, %tolerance : f32
      %flag = arith.extui %ok : i1 to i64
      func.call @printI64(%flag) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  return
}
