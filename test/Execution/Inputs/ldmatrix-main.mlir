// Host code for Inputs/ldmatrix-kernel.mlir: runs the block under orders
// forward, reverse and three seeded random ones and the starving order with
// three seeds, and prints, per run, how many of the 256 loaded elements
// differ from PTX's ldmatrix .x4 layout (lane t gets, of matrix i, row t/4
// and columns 2 (t%4), 2 (t%4) + 1; matrix i is rows 8 (i%2) and columns
// 8 (i/2) on: value 16 row + column).
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @ldmatrix_then_write(memref<32x8xf16>, index)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %out = memref.alloc() : memref<32x8xf16>
  %c5 = arith.constant 5 : index
  %c8r = arith.constant 8 : index
  scf.for %run = %c0 to %c8r step %c1 {
    // Runs 0-4: orders 0, 1, 2, 2, 2; runs 5-7: order 3.
    %random = arith.cmpi uge, %run, %c2 : index
    %o2 = arith.select %random, %c2, %run : index
    %starve = arith.cmpi uge, %run, %c5 : index
    %order = arith.select %starve, %c3, %o2 : index
    func.call @block_sim_configure(%order, %run, %c0) : (index, index, index) -> ()
    func.call @ldmatrix_then_write(%out, %c0) : (memref<32x8xf16>, index) -> ()
    %bad = scf.for %t = %c0 to %c32 step %c1 iter_args(%n = %c0) -> (index) {
      %inner = scf.for %k = %c0 to %c8 step %c1 iter_args(%m = %n) -> (index) {
        %i = arith.divui %k, %c2 : index
        %j = arith.remui %k, %c2 : index
        %ilo = arith.remui %i, %c2 : index
        %ihi = arith.divui %i, %c2 : index
        %t4 = arith.divui %t, %c4 : index
        %rbase = arith.muli %ilo, %c8 : index
        %r = arith.addi %rbase, %t4 : index
        %tq = arith.remui %t, %c4 : index
        %c2t = arith.muli %tq, %c2 : index
        %cb = arith.muli %ihi, %c8 : index
        %cc = arith.addi %cb, %c2t : index
        %col = arith.addi %cc, %j : index
        %r16 = arith.muli %r, %c16 : index
        %want = arith.addi %r16, %col : index
        %got = memref.load %out[%t, %k] : memref<32x8xf16>
        %gi = arith.fptosi %got : f16 to i32
        %g = arith.index_cast %gi : i32 to index
        %same = arith.cmpi eq, %g, %want : index
        %one = arith.select %same, %c0, %c1 : index
        %m2 = arith.addi %m, %one : index
        scf.yield %m2 : index
      }
      scf.yield %inner : index
    }
    %b = arith.index_cast %bad : index to i64
    func.call @printI64(%b) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
