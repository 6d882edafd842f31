// Host code for the one-tile kernels of
// test/Passes/eliminate-barriers/eliminate.mlir on the block model: @k(a,
// out, bid) over 128 threads, whose thread t must write a[t + SHIFT][COLUMN]
// (row numbers mod 128; SHIFT and COLUMN are replaced by the test). Prints the wrong
// outputs of each of 10 schedules (orders forward, reverse, 3 random; copies
// late, then early).

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @k(memref<128x8xf32>, memref<128xf32>, index)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %shift = arith.constant SHIFT : index
  %column = arith.constant COLUMN : index
  %a = memref.alloc() : memref<128x8xf32>
  %out = memref.alloc() : memref<128xf32>
  scf.for %r = %c0 to %c128 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %r8 = arith.muli %r, %c8 : index
      %x = arith.addi %r8, %j : index
      %xi = arith.index_cast %x : index to i64
      %xf = arith.sitofp %xi : i64 to f32
      memref.store %xf, %a[%r, %j] : memref<128x8xf32>
    }
  }
  scf.for %copies = %c0 to %c2 step %c1 {
    scf.for %k = %c0 to %c5 step %c1 {
      %random = arith.cmpi uge, %k, %c2 : index
      %order = arith.select %random, %c2, %k : index
      func.call @block_sim_configure(%order, %k, %copies) : (index, index, index) -> ()
      func.call @k(%a, %out, %c0) : (memref<128x8xf32>, memref<128xf32>, index) -> ()
      %bad = scf.for %t = %c0 to %c128 step %c1 iter_args(%n = %c0) -> (index) {
        %ts = arith.addi %t, %shift : index
        %row = arith.remui %ts, %c128 : index
        %want = memref.load %a[%row, %column] : memref<128x8xf32>
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
  return
}
