// Host code for Inputs/wgmma-two-accumulators.mlir on the block model:
// prints how many elements of C1 differ from 2 A B and of C2 from A B.
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @two_accumulators(memref<64x64xf16>, memref<64x64xf16>, memref<64x64xf32>, memref<64x64xf32>, !llvm.ptr, !llvm.ptr, index)

// A tensor map (for the model) of a 64 x 64 f16 matrix, boxes of 64 x 64.
func.func @tensor_map(%m: memref<64x64xf16>) -> !llvm.ptr {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %map = memref.alloc() : memref<4xi64>
  %base = memref.extract_aligned_pointer_as_index %m : memref<64x64xf16> -> index
  %b = arith.index_cast %base : index to i64
  %stride = arith.constant 128 : i64
  %box = arith.constant 64 : i64
  memref.store %b, %map[%c0] : memref<4xi64>
  memref.store %stride, %map[%c1] : memref<4xi64>
  memref.store %box, %map[%c2] : memref<4xi64>
  memref.store %box, %map[%c3] : memref<4xi64>
  %at = memref.extract_aligned_pointer_as_index %map : memref<4xi64> -> index
  %i = arith.index_cast %at : index to i64
  %p = llvm.inttoptr %i : i64 to !llvm.ptr
  return %p : !llvm.ptr
}

// How many elements of `c` differ from `scale` times `ref`.
func.func @wrong(%c: memref<64x64xf32>, %ref: memref<64x64xf32>, %scale: f32) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %n = scf.for %i = %c0 to %c64 step %c1 iter_args(%k = %c0) -> (index) {
    %m = scf.for %j = %c0 to %c64 step %c1 iter_args(%l = %k) -> (index) {
      %got = memref.load %c[%i, %j] : memref<64x64xf32>
      %r = memref.load %ref[%i, %j] : memref<64x64xf32>
      %want = arith.mulf %r, %scale : f32
      %same = arith.cmpf oeq, %got, %want : f32
      %one = arith.select %same, %c0, %c1 : index
      %l2 = arith.addi %l, %one : index
      scf.yield %l2 : index
    }
    scf.yield %m : index
  }
  %r = arith.index_cast %n : index to i64
  return %r : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c64 = arith.constant 64 : index
  %A = memref.alloc() : memref<64x64xf16>
  %B = memref.alloc() : memref<64x64xf16>
  %C1 = memref.alloc() : memref<64x64xf32>
  %C2 = memref.alloc() : memref<64x64xf32>
  %R = memref.alloc() : memref<64x64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c64 step %c1 {
      %i3 = arith.muli %i, %c3 : index
      %j5 = arith.muli %j, %c5 : index
      %x = arith.addi %i3, %j5 : index
      %xm = arith.remui %x, %c7 : index
      %xa = arith.subi %xm, %c3 : index
      %xi = arith.index_cast %xa : index to i64
      %xf = arith.sitofp %xi : i64 to f16
      memref.store %xf, %A[%i, %j] : memref<64x64xf16>
      %y = arith.addi %i, %j5 : index
      %ym = arith.remui %y, %c5 : index
      %yi = arith.index_cast %ym : index to i64
      %yf = arith.sitofp %yi : i64 to f16
      memref.store %yf, %B[%i, %j] : memref<64x64xf16>
    }
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%R : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%R : memref<64x64xf32>)
  %map_a = func.call @tensor_map(%A) : (memref<64x64xf16>) -> !llvm.ptr
  %map_b = func.call @tensor_map(%B) : (memref<64x64xf16>) -> !llvm.ptr
  %c2 = arith.constant 2 : index
  // Threads in order and in reverse, copies late.
  scf.for %order = %c0 to %c2 step %c1 {
    func.call @block_sim_configure(%order, %c0, %c0) : (index, index, index) -> ()
    func.call @two_accumulators(%A, %B, %C1, %C2, %map_a, %map_b, %c0) : (memref<64x64xf16>, memref<64x64xf16>, memref<64x64xf32>, memref<64x64xf32>, !llvm.ptr, !llvm.ptr, index) -> ()
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %w1 = func.call @wrong(%C1, %R, %two) : (memref<64x64xf32>, memref<64x64xf32>, f32) -> i64
    %w2 = func.call @wrong(%C2, %R, %one) : (memref<64x64xf32>, memref<64x64xf32>, f32) -> i64
    func.call @printI64(%w1) : (i64) -> ()
    func.call @printNewline() : () -> ()
    func.call @printI64(%w2) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
