// Runs attention's kernels (examples/attention.mlir, as CPU functions of
// their block id: 4 heads x 1024 queries and keys, f16 in, f32 out; the full
// and the causal kernel at head dim 64, the full one at head dim 128) for
// two of their 32 blocks, once per landing mode of the deferred model
// (late, reads early, early), against softmax(Q K^T / sqrt(d)) V computed
// here in f32 (math.exp, two passes over each row). Prints, per kernel and
// mode, the largest |O - reference| over those blocks' rows, then 1 when it
// is at most 0.001 and 0 otherwise. The tolerance: the kernel rounds each
// numerator p_j = exp2((s_j - m) c) to f16 (P, wgmma's register operand)
// before P V, a relative error of at most 2^-11, so that O = sum p_j v_j / l
// moves by at most 2^-11 max|v| = 2^-10 (V's entries are at most 2 in
// magnitude, and sum p_j / l = 1), plus f32 rounding. (The inputs and the
// reference: attention-reference.mlir.)

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

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  // Head dim 64 (scale 1/8) and 128 (scale 1/sqrt(128)).
  %Q = memref.alloc() : memref<4x1024x64xf16>
  %K = memref.alloc() : memref<4x1024x64xf16>
  %V = memref.alloc() : memref<4x1024x64xf16>
  %O = memref.alloc() : memref<4x1024x64xf32>
  %R = memref.alloc() : memref<4x1024x64xf32>
  %RC = memref.alloc() : memref<4x1024x64xf32>
  %Qw = memref.alloc() : memref<4x1024x128xf16>
  %Kw = memref.alloc() : memref<4x1024x128xf16>
  %Vw = memref.alloc() : memref<4x1024x128xf16>
  %Ow = memref.alloc() : memref<4x1024x128xf32>
  %Rw = memref.alloc() : memref<4x1024x128xf32>
  %RCw = memref.alloc() : memref<4x1024x128xf32>
  %Qd = memref.cast %Q : memref<4x1024x64xf16> to memref<4x1024x?xf16>
  %Kd = memref.cast %K : memref<4x1024x64xf16> to memref<4x1024x?xf16>
  %Vd = memref.cast %V : memref<4x1024x64xf16> to memref<4x1024x?xf16>
  %Od = memref.cast %O : memref<4x1024x64xf32> to memref<4x1024x?xf32>
  %Rd = memref.cast %R : memref<4x1024x64xf32> to memref<4x1024x?xf32>
  %RCd = memref.cast %RC : memref<4x1024x64xf32> to memref<4x1024x?xf32>
  %Qwd = memref.cast %Qw : memref<4x1024x128xf16> to memref<4x1024x?xf16>
  %Kwd = memref.cast %Kw : memref<4x1024x128xf16> to memref<4x1024x?xf16>
  %Vwd = memref.cast %Vw : memref<4x1024x128xf16> to memref<4x1024x?xf16>
  %Owd = memref.cast %Ow : memref<4x1024x128xf32> to memref<4x1024x?xf32>
  %Rwd = memref.cast %Rw : memref<4x1024x128xf32> to memref<4x1024x?xf32>
  %RCwd = memref.cast %RCw : memref<4x1024x128xf32> to memref<4x1024x?xf32>
  func.call @fill(%Qd, %Kd, %Vd) : (memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf16>) -> ()
  func.call @fill(%Qwd, %Kwd, %Vwd) : (memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf16>) -> ()
  // Blocks 0 and 13: head 0's first 128 queries, head 1's sixth 128.
  %blocks = arith.constant dense<[0, 13]> : vector<2xindex>
  %scale = arith.constant 0.125 : f32
  %scale_w = arith.constant 0.0883883476 : f32
  scf.for %n = %c0 to %c2 step %c1 {
    %bid = vector.extract %blocks[%n] : index from vector<2xindex>
    func.call @references(%Qd, %Kd, %Vd, %Rd, %RCd, %bid, %scale) : (memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf32>, memref<4x1024x?xf32>, index, f32) -> ()
    func.call @references(%Qwd, %Kwd, %Vwd, %Rwd, %RCwd, %bid, %scale_w) : (memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf32>, memref<4x1024x?xf32>, index, f32) -> ()
  }
  // The kernels' view: the heads one after the other, 4096 x d.
  %Q2 = memref.collapse_shape %Q [[0, 1], [2]] : memref<4x1024x64xf16> into memref<4096x64xf16>
  %K2 = memref.collapse_shape %K [[0, 1], [2]] : memref<4x1024x64xf16> into memref<4096x64xf16>
  %V2 = memref.collapse_shape %V [[0, 1], [2]] : memref<4x1024x64xf16> into memref<4096x64xf16>
  %O2 = memref.collapse_shape %O [[0, 1], [2]] : memref<4x1024x64xf32> into memref<4096x64xf32>
  %Qw2 = memref.collapse_shape %Qw [[0, 1], [2]] : memref<4x1024x128xf16> into memref<4096x128xf16>
  %Kw2 = memref.collapse_shape %Kw [[0, 1], [2]] : memref<4x1024x128xf16> into memref<4096x128xf16>
  %Vw2 = memref.collapse_shape %Vw [[0, 1], [2]] : memref<4x1024x128xf16> into memref<4096x128xf16>
  %Ow2 = memref.collapse_shape %Ow [[0, 1], [2]] : memref<4x1024x128xf32> into memref<4096x128xf32>
  %zero = arith.constant 0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  // The full kernel, the causal one, the full one at head dim 128, each in
  // the three modes.
  scf.for %kernel = %c0 to %c3 step %c1 {
    scf.for %mode = %c0 to %c3 step %c1 {
      func.call @deferred_sim_configure(%mode) : (index) -> ()
      linalg.fill ins(%nan : f32) outs(%O : memref<4x1024x64xf32>)
      linalg.fill ins(%nan : f32) outs(%Ow : memref<4x1024x128xf32>)
      %worst = scf.for %n = %c0 to %c2 step %c1 iter_args(%w0 = %zero) -> (f32) {
        %bid = vector.extract %blocks[%n] : index from vector<2xindex>
        %w = scf.index_switch %kernel -> f32
        case 0 {
          func.call @attention(%Q2, %K2, %V2, %O2, %bid, %c0) : (memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf32>, index, index) -> ()
          %e = func.call @block_error(%Od, %Rd, %bid, %w0) : (memref<4x1024x?xf32>, memref<4x1024x?xf32>, index, f32) -> f32
          scf.yield %e : f32
        }
        case 1 {
          func.call @attention_causal(%Q2, %K2, %V2, %O2, %bid, %c0) : (memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf32>, index, index) -> ()
          %e = func.call @block_error(%Od, %RCd, %bid, %w0) : (memref<4x1024x?xf32>, memref<4x1024x?xf32>, index, f32) -> f32
          scf.yield %e : f32
        }
        default {
          func.call @attention_hd128(%Qw2, %Kw2, %Vw2, %Ow2, %bid, %c0) : (memref<4096x128xf16>, memref<4096x128xf16>, memref<4096x128xf16>, memref<4096x128xf32>, index, index) -> ()
          %e = func.call @block_error(%Owd, %Rwd, %bid, %w0) : (memref<4x1024x?xf32>, memref<4x1024x?xf32>, index, f32) -> f32
          scf.yield %e : f32
        }
        scf.yield %w : f32
      }
      func.call @report(%worst) : (f32) -> ()
    }
  }
  return
}
