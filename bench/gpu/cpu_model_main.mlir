// The CPU model's side of bench/gpu: runs the kernel of
// examples/stream_dot.mlir (turned into a CPU function of (block, thread) by
// test/tools/gpu-kernel-to-cpu.sed, pipelined and lowered by prepare.sh) for
// every thread of its 64 blocks of 128, on the input that
// bench/gpu/stream_dot.py gives the GPU: x[i] = i mod 13 - 6,
// y[i] = i mod 7 - 3. Prints the 8192 partial sums; the GPU's must be equal.

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %n = arith.constant 4194304 : index
  %c13 = arith.constant 13 : index
  %c7 = arith.constant 7 : index
  %c6 = arith.constant 6 : index
  %c3 = arith.constant 3 : index
  %x = memref.alloc() : memref<4194304xf32>
  %y = memref.alloc() : memref<4194304xf32>
  scf.for %i = %c0 to %n step %c1 {
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
  scf.for %bid = %c0 to %c64 step %c1 {
    scf.for %tid = %c0 to %c128 step %c1 {
      func.call @stream_dot(%x, %y, %partial, %bid, %tid) : (memref<4194304xf32>, memref<4194304xf32>, memref<65536xf32>, index, index) -> ()
    }
  }
  %used = memref.subview %partial[0] [8192] [1] : memref<65536xf32> to memref<8192xf32, strided<[1]>>
  %u = memref.cast %used : memref<8192xf32, strided<[1]>> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
