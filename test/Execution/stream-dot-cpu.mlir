// The meaning of the main example through asyncpipe-to-nvgpu, on the CPU:
// examples/stream_dot.mlir as a CPU function of (block, thread), pipelined,
// lowered to nvgpu cp.async ops with the two queues recounted on the single
// hardware queue (proven by asyncpipe-verify-sync), then run with every
// cp.async as loads and stores (asyncpipe-lower-sequential) next to the
// unpipelined kernel for 4 blocks of 128 threads.
// RUN: %gpu-kernel-to-cpu %examples/stream_dot.mlir > %t.kernel.mlir
// RUN: sed -e 's/@stream_dot/@reference/' -e 's/asyncpipe.async_stages/unpipelined/' %t.kernel.mlir > %t.reference.mlir
// RUN: cat %t.kernel.mlir %t.reference.mlir %s | asyncpipe-opt --asyncpipe-software-pipeline --asyncpipe-to-nvgpu --asyncpipe-verify-sync --asyncpipe-lower-sequential %lower-to-llvm | %run-cpu | FileCheck %s

// Mismatching partial sums, then the total: sum over i < 262144 of
// (i mod 13 - 6) * (i mod 7 - 3).
// CHECK: [0,  -23]

func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %used = arith.constant 262144 : index
  %c13 = arith.constant 13 : index
  %c7 = arith.constant 7 : index
  %c6 = arith.constant 6 : index
  %c3 = arith.constant 3 : index
  %x = memref.alloc() : memref<4194304xf32>
  %y = memref.alloc() : memref<4194304xf32>
  scf.for %i = %c0 to %used step %c1 {
    %a = arith.remui %i, %c13 : index
    %b = arith.remui %i, %c7 : index
    %a6 = arith.subi %a, %c6 : index
    %b3 = arith.subi %b, %c3 : index
    %ai = arith.index_cast %a6 : index to i64
    %bi = arith.index_cast %b3 : index to i64
    %af = arith.sitofp %ai : i64 to f32
    %bf = arith.sitofp %bi : i64 to f32
    memref.store %af, %x[%i] : memref<4194304xf32>
    memref.store %bf, %y[%i] : memref<4194304xf32>
  }
  %partial = memref.alloc() : memref<65536xf32>
  %expect = memref.alloc() : memref<65536xf32>
  scf.for %bid = %c0 to %c4 step %c1 {
    scf.for %tid = %c0 to %c128 step %c1 {
      func.call @stream_dot(%x, %y, %partial, %bid, %tid) : (memref<4194304xf32>, memref<4194304xf32>, memref<65536xf32>, index, index) -> ()
      func.call @reference(%x, %y, %expect, %bid, %tid) : (memref<4194304xf32>, memref<4194304xf32>, memref<65536xf32>, index, index) -> ()
    }
  }
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %result:2 = scf.for %i = %c0 to %c512 step %c1 iter_args(%bad = %zero, %sum = %zero) -> (f64, f64) {
    %p = memref.load %partial[%i] : memref<65536xf32>
    %e = memref.load %expect[%i] : memref<65536xf32>
    %same = arith.cmpf oeq, %p, %e : f32
    %inc = arith.select %same, %zero, %one : f64
    %bad2 = arith.addf %bad, %inc : f64
    %pd = arith.extf %p : f32 to f64
    %sum2 = arith.addf %sum, %pd : f64
    scf.yield %bad2, %sum2 : f64, f64
  }
  %report = memref.alloc() : memref<2xf64>
  memref.store %result#0, %report[%c0] : memref<2xf64>
  memref.store %result#1, %report[%c1] : memref<2xf64>
  %u = memref.cast %report : memref<2xf64> to memref<*xf64>
  func.call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
