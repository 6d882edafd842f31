// The block-scope issue's kernel (Passes/software-pipeline/cooperative.mlir)
// on the block model of asyncpipe-lower-block, against sums computed here:
// 128 threads, each reading the row the next thread copied, run one at a
// time between barriers in 5 orders (forward, reverse, 3 seeded random) and
// 5 starving schedules (order 3),
// with copies landing late (at their thread's covering wait) and early (at
// issue). Each line is one run's count of wrong outputs.

func.func private @printI64(i64)
func.func private @printNewline()
// The block driver asyncpipe-lower-block makes of the kernel.
func.func private @cooperative(memref<64x128x8xf32>, memref<128xf32>, index)

// One run of the block (order, seed, copies): how many outputs differ from
// the sums computed here.
func.func @run(%a: memref<64x128x8xf32>, %order: index, %seed: index, %copies: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<128xf32>
  func.call @block_sim_configure(%order, %seed, %copies) : (index, index, index) -> ()
  func.call @cooperative(%a, %out, %c0) : (memref<64x128x8xf32>, memref<128xf32>, index) -> ()
  %bad = scf.for %tid = %c0 to %c128 step %c1 iter_args(%n = %c0) -> (index) {
    %t1 = arith.addi %tid, %c1 : index
    %next = arith.remui %t1, %c128 : index
    %sum = scf.for %t = %c0 to %c64 step %c1 iter_args(%s = %zero) -> (f32) {
      %row = scf.for %j = %c0 to %c8 step %c1 iter_args(%r = %s) -> (f32) {
        %v = memref.load %a[%t, %next, %j] : memref<64x128x8xf32>
        %r2 = arith.addf %r, %v : f32
        scf.yield %r2 : f32
      }
      scf.yield %row : f32
    }
    %got = memref.load %out[%tid] : memref<128xf32>
    %same = arith.cmpf oeq, %got, %sum : f32
    %one = arith.select %same, %c0, %c1 : index
    %n2 = arith.addi %n, %one : index
    scf.yield %n2 : index
  }
  memref.dealloc %out : memref<128xf32>
  %r = arith.index_cast %bad : index to i64
  return %r : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a = memref.alloc() : memref<64x128x8xf32>
  scf.for %t = %c0 to %c64 step %c1 {
    scf.for %r = %c0 to %c128 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %t7 = arith.muli %t, %c7 : index
        %r3 = arith.muli %r, %c3 : index
        %x = arith.addi %t7, %r3 : index
        %x2 = arith.addi %x, %j : index
        %m = arith.remui %x2, %c11 : index
        %v = arith.subi %m, %c5 : index
        %vi = arith.index_cast %v : index to i64
        %vf = arith.sitofp %vi : i64 to f32
        memref.store %vf, %a[%t, %r, %j] : memref<64x128x8xf32>
      }
    }
  }
  // Orders forward, reverse, two seeded random; copies late, then early.
  scf.for %copies = %c0 to %c2 step %c1 {
    scf.for %k = %c0 to %c5 step %c1 {
      %random = arith.cmpi uge, %k, %c2 : index
      %order = arith.select %random, %c2, %k : index
      %bad = func.call @run(%a, %order, %k, %copies) : (memref<64x128x8xf32>, index, index, index) -> i64
      func.call @printI64(%bad) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  // The starving order (3) with 5 seeds, copies late then early: warps sit
  // rounds out and threads freeze after their copies.
  scf.for %copies = %c0 to %c2 step %c1 {
    scf.for %k = %c0 to %c5 step %c1 {
      %bad = func.call @run(%a, %c3, %k, %copies) : (memref<64x128x8xf32>, index, index, index) -> i64
      func.call @printI64(%bad) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  return
}
