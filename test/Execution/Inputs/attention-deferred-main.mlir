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

// (@block_error, @fill, @references and @report: attention-reference.mlir.)

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
