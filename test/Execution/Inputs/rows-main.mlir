// Harness for test/Execution/par-to-gpu-rows-cpu.mlir: the kernel par-to-gpu
// makes of the cooperative rows example (test/Passes/par-to-gpu/
// block-threads.mlir), run by the CPU block model over its 4 blocks in 5
// orders (forward, reverse, 3 seeded random), with copies landing late (at
// the copying thread's wait) and early. Each line is one run's count of
// wrong outputs: out[b][t] must be the sum of row (t + 1) mod 32 of slab b.
func.func private @printI64(i64)
func.func private @printNewline()
// The block driver asyncpipe-lower-block makes of the kernel.
func.func private @rows_par_kernel_0(memref<4x32x8xf32>, memref<4x32xf32>, index)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4x32x8xf32>
  %out = memref.alloc() : memref<4x32xf32>
  scf.for %b = %c0 to %c4 step %c1 {
    scf.for %r = %c0 to %c32 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %x = arith.muli %b, %c5 : index
        %y = arith.addi %x, %r : index
        %z = arith.addi %y, %j : index
        %m = arith.remui %z, %c11 : index
        %v = arith.subi %m, %c5 : index
        %vi = arith.index_cast %v : index to i64
        %vf = arith.sitofp %vi : i64 to f32
        memref.store %vf, %a[%b, %r, %j] : memref<4x32x8xf32>
      }
    }
  }
  scf.for %copies = %c0 to %c2 step %c1 {
    scf.for %k = %c0 to %c5 step %c1 {
      %random = arith.cmpi uge, %k, %c2 : index
      %order = arith.select %random, %c2, %k : index
      linalg.fill ins(%zero : f32) outs(%out : memref<4x32xf32>)
      scf.for %bid = %c0 to %c4 step %c1 {
        func.call @block_sim_configure(%order, %k, %copies) : (index, index, index) -> ()
        func.call @rows_par_kernel_0(%a, %out, %bid) : (memref<4x32x8xf32>, memref<4x32xf32>, index) -> ()
      }
      %bad = scf.for %b = %c0 to %c4 step %c1 iter_args(%n = %c0) -> (index) {
        %nb = scf.for %t = %c0 to %c32 step %c1 iter_args(%n2 = %n) -> (index) {
          %t1 = arith.addi %t, %c1 : index
          %next = arith.remui %t1, %c32 : index
          %sum = scf.for %j = %c0 to %c8 step %c1 iter_args(%s = %zero) -> (f32) {
            %v = memref.load %a[%b, %next, %j] : memref<4x32x8xf32>
            %s2 = arith.addf %s, %v : f32
            scf.yield %s2 : f32
          }
          %got = memref.load %out[%b, %t] : memref<4x32xf32>
          %same = arith.cmpf oeq, %got, %sum : f32
          %one = arith.select %same, %c0, %c1 : index
          %n3 = arith.addi %n2, %one : index
          scf.yield %n3 : index
        }
        scf.yield %nb : index
      }
      %r = arith.index_cast %bad : index to i64
      func.call @printI64(%r) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  return
}
