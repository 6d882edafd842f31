// Host code for the plain-store kernel of
// test/Passes/eliminate-barriers/eliminate.mlir on the block model: @k(out,
// bid) over 128 threads, each storing 1.0 into its row of a workgroup tile
// and reading the next thread's, so every output must be 1.0. Prints the
// wrong outputs of each of 10 schedules (orders forward, reverse, 3 random;
// copies late, then early: the kernel has none).

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @k(memref<128xf32>, index)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c128 = arith.constant 128 : index
  %want = arith.constant 1.0 : f32
  %out = memref.alloc() : memref<128xf32>
  scf.for %copies = %c0 to %c2 step %c1 {
    scf.for %k = %c0 to %c5 step %c1 {
      %random = arith.cmpi uge, %k, %c2 : index
      %order = arith.select %random, %c2, %k : index
      func.call @block_sim_configure(%order, %k, %copies) : (index, index, index) -> ()
      func.call @k(%out, %c0) : (memref<128xf32>, index) -> ()
      %bad = scf.for %t = %c0 to %c128 step %c1 iter_args(%n = %c0) -> (index) {
        %got = memref.load %out[%t] : memref<128xf32>
        %same = arith.cmpf oeq, %got, %want : f32
        %one = arith.select %same, %c0, %c1 : index
        %n2 = arith.addi %n, %one : index
        scf.yield %n2 : index
      }
      %b = arith.index_cast %bad : index to i64
      func.call @printI64(%b) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  memref.dealloc %out : memref<128xf32>
  return
}
