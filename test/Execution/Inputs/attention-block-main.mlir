// Host code for attention's kernels (examples/attention.mlir) lowered for
// sm_90a and run on the CPU block model (asyncpipe-lower-block): 4 heads x
// 1024 queries and keys, f16 in, f32 out, the inputs and the reference of
// attention-reference.mlir (softmax(Q K^T / sqrt(d)) V in f32). The three
// tensor maps each kernel takes (for the model: the source's address, its
// row stride in bytes, the box's rows and columns; block_sim_tensor_copy):
// Q in boxes of 128 rows x 64 columns, K and V in boxes of 64 x 64.
//
// @main runs the full kernel (head dim 64), the causal one and the full
// one at head dim 128 (the first `%kernels` of them), each for blocks 0 and
// 13 (head 0's first 128 queries, head 1's sixth: the causal kernel's
// shortest and a longer walk over the keys) in the first `%schedules`
// schedules of @schedule, and prints per run the largest |O - reference|
// over those blocks' rows, then 1 when it is at most 0.001 (the tolerance
// of attention-deferred-main.mlir: P rounded to f16 moves O by at most
// 2^-10; the GPU's ex2.approx is the CPU's exp2 here). A test substitutes
// its own counts for `%kernels = arith.constant 3` and `%schedules =
// arith.constant 8`.

func.func private @attention(memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf32>, !llvm.ptr, !llvm.ptr, !llvm.ptr, index)
func.func private @attention_causal(memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf32>, !llvm.ptr, !llvm.ptr, !llvm.ptr, index)
func.func private @attention_hd128(memref<4096x128xf16>, memref<4096x128xf16>, memref<4096x128xf16>, memref<4096x128xf32>, !llvm.ptr, !llvm.ptr, !llvm.ptr, index)

// A tensor map of `m` (4096 x d f16) with boxes of `rows` x 64.
func.func private @tensor_map(%m: memref<4096x?xf16>, %rows: i64) -> !llvm.ptr {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %map = memref.alloc() : memref<4xi64>
  %base = memref.extract_aligned_pointer_as_index %m : memref<4096x?xf16> -> index
  %b = arith.index_cast %base : index to i64
  %d = memref.dim %m, %c1 : memref<4096x?xf16>
  %d64 = arith.index_cast %d : index to i64
  %two = arith.constant 2 : i64
  %stride = arith.muli %d64, %two : i64
  %columns = arith.constant 64 : i64
  memref.store %b, %map[%c0] : memref<4xi64>
  memref.store %stride, %map[%c1] : memref<4xi64>
  memref.store %rows, %map[%c2] : memref<4xi64>
  memref.store %columns, %map[%c3] : memref<4xi64>
  %at = memref.extract_aligned_pointer_as_index %map : memref<4xi64> -> index
  %i = arith.index_cast %at : index to i64
  %p = llvm.inttoptr %i : i64 to !llvm.ptr
  return %p : !llvm.ptr
}

// The schedule of run `k` (order, seed, copies; block-sim.mlir's orders):
// threads in order with copies late, in reverse with copies early, random
// and starving orders with copies late and early, and warpgroup 1 held back
// while warpgroup 0 can run (order 4) with copies late and early.
func.func private @schedule(%k: index) -> (index, index, index) {
  %orders = arith.constant dense<[0, 1, 2, 3, 2, 3, 4, 4]> : vector<8xindex>
  %seeds = arith.constant dense<[0, 0, 7, 11, 5, 3, 13, 17]> : vector<8xindex>
  %copies = arith.constant dense<[0, 1, 0, 0, 1, 1, 0, 1]> : vector<8xindex>
  %o = vector.extract %orders[%k] : index from vector<8xindex>
  %s = vector.extract %seeds[%k] : index from vector<8xindex>
  %c = vector.extract %copies[%k] : index from vector<8xindex>
  return %o, %s, %c : index, index, index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %kernels = arith.constant 3 : index
  %schedules = arith.constant 8 : index
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
  %blocks = arith.constant dense<[0, 13]> : vector<2xindex>
  %scale = arith.constant 0.125 : f32
  %scale_w = arith.constant 0.0883883476 : f32
  scf.for %n = %c0 to %c2 step %c1 {
    %bid = vector.extract %blocks[%n] : index from vector<2xindex>
    func.call @references(%Qd, %Kd, %Vd, %Rd, %RCd, %bid, %scale) : (memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf32>, memref<4x1024x?xf32>, index, f32) -> ()
    %wide = arith.cmpi uge, %kernels, %c3 : index
    scf.if %wide {
      func.call @references(%Qwd, %Kwd, %Vwd, %Rwd, %RCwd, %bid, %scale_w) : (memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf16>, memref<4x1024x?xf32>, memref<4x1024x?xf32>, index, f32) -> ()
    }
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
  %rows_q = arith.constant 128 : i64
  %rows_kv = arith.constant 64 : i64
  %Q2d = memref.cast %Q2 : memref<4096x64xf16> to memref<4096x?xf16>
  %K2d = memref.cast %K2 : memref<4096x64xf16> to memref<4096x?xf16>
  %V2d = memref.cast %V2 : memref<4096x64xf16> to memref<4096x?xf16>
  %Qw2d = memref.cast %Qw2 : memref<4096x128xf16> to memref<4096x?xf16>
  %Kw2d = memref.cast %Kw2 : memref<4096x128xf16> to memref<4096x?xf16>
  %Vw2d = memref.cast %Vw2 : memref<4096x128xf16> to memref<4096x?xf16>
  %map_q = func.call @tensor_map(%Q2d, %rows_q) : (memref<4096x?xf16>, i64) -> !llvm.ptr
  %map_k = func.call @tensor_map(%K2d, %rows_kv) : (memref<4096x?xf16>, i64) -> !llvm.ptr
  %map_v = func.call @tensor_map(%V2d, %rows_kv) : (memref<4096x?xf16>, i64) -> !llvm.ptr
  %map_qw = func.call @tensor_map(%Qw2d, %rows_q) : (memref<4096x?xf16>, i64) -> !llvm.ptr
  %map_kw = func.call @tensor_map(%Kw2d, %rows_kv) : (memref<4096x?xf16>, i64) -> !llvm.ptr
  %map_vw = func.call @tensor_map(%Vw2d, %rows_kv) : (memref<4096x?xf16>, i64) -> !llvm.ptr
  %zero = arith.constant 0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  // Each kernel in each schedule.
  scf.for %kernel = %c0 to %kernels step %c1 {
    scf.for %k = %c0 to %schedules step %c1 {
      %order, %seed, %copies = func.call @schedule(%k) : (index) -> (index, index, index)
      func.call @block_sim_configure(%order, %seed, %copies) : (index, index, index) -> ()
      linalg.fill ins(%nan : f32) outs(%O : memref<4x1024x64xf32>)
      linalg.fill ins(%nan : f32) outs(%Ow : memref<4x1024x128xf32>)
      %worst = scf.for %n = %c0 to %c2 step %c1 iter_args(%w0 = %zero) -> (f32) {
        %bid = vector.extract %blocks[%n] : index from vector<2xindex>
        %w = scf.index_switch %kernel -> f32
        case 0 {
          func.call @attention(%Q2, %K2, %V2, %O2, %map_q, %map_k, %map_v, %bid) : (memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf32>, !llvm.ptr, !llvm.ptr, !llvm.ptr, index) -> ()
          %e = func.call @block_error(%Od, %Rd, %bid, %w0) : (memref<4x1024x?xf32>, memref<4x1024x?xf32>, index, f32) -> f32
          scf.yield %e : f32
        }
        case 1 {
          func.call @attention_causal(%Q2, %K2, %V2, %O2, %map_q, %map_k, %map_v, %bid) : (memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf16>, memref<4096x64xf32>, !llvm.ptr, !llvm.ptr, !llvm.ptr, index) -> ()
          %e = func.call @block_error(%Od, %RCd, %bid, %w0) : (memref<4x1024x?xf32>, memref<4x1024x?xf32>, index, f32) -> f32
          scf.yield %e : f32
        }
        default {
          func.call @attention_hd128(%Qw2, %Kw2, %Vw2, %Ow2, %map_qw, %map_kw, %map_vw, %bid) : (memref<4096x128xf16>, memref<4096x128xf16>, memref<4096x128xf16>, memref<4096x128xf32>, !llvm.ptr, !llvm.ptr, !llvm.ptr, index) -> ()
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
