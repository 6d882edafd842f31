// What the roles cannot hold is an error at the op, before anything
// changes: each kernel below breaks one rule of asyncpipe-warp-specialize
// (passes/transform/warp_specialize.rs).
// RUN: asyncpipe-opt %s --asyncpipe-warp-specialize -split-input-file -verify-diagnostics
// A ring that does not fit, and budgets out of setmaxnreg's range:
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize=slots=8 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SLOTS
// SLOTS: error: a ring of 8 slot(s) of 32768 bytes (one of each tile) does not fit: a ring needs at least 2 slots (one filling while one is multiplied), and 232448 bytes of shared memory hold 7
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize=slots=1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: error: a ring of 1 slot(s)
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize=producer-registers=44 -o /dev/null 2>&1 | FileCheck %s --check-prefix=REGS
// REGS: error: setmaxnreg takes 24 to 256 registers in steps of 8; producer-registers is 44
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize=producer-registers=176 -o /dev/null 2>&1 | FileCheck %s --check-prefix=ABOVE
// ABOVE: error: the producer warpgroup would take registers (176) above the 168 each thread gets at launch in a block of 384 threads
// RUN: not asyncpipe-opt %examples/tensor_core_gemm_tma.mlir --asyncpipe-warp-specialize=chip=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: asyncpipe-warp-specialize: the roles' tensor-map copies, wgmma and setmaxnreg need sm_90a; chip is 'sm_80'

// A block that is not whole warpgroups.
gpu.module @kernels {
  // expected-error @below {{warp specialization needs the kernel's known_block_size = [128 G, 1, 1] with G = 1, 2 or 3 consumer warpgroups}}
  gpu.func @k(%A: memref<512x512xf16>, %B: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 96, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    scf.for %k = %c0 to %c8 step %c1 {
      %ga = memref.subview %A[0, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1]>>
      memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[512, 1]>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 1} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 2>}
    gpu.return
  }
}

// -----

// Other side effects in the loop: the producer or the consumers would
// have to run them, and the split gives each only its own.
gpu.module @kernels {
  gpu.func @k(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %out: memref<8xindex>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    scf.for %k = %c0 to %c8 step %c1 {
      %ga = memref.subview %A[0, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1]>>
      memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[512, 1]>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      // expected-error @below {{warp specialization splits the loop into copies (the producer's) and MMAs (the consumers'): the loop may hold nothing else with side effects}}
      memref.store %k, %out[%k] : memref<8xindex>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 1} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 2>}
    gpu.return
  }
}

// -----

// A tile that something else uses.
gpu.module @kernels {
  gpu.func @k(%A: memref<512x512xf16>, %B: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %f = arith.constant 0.0 : f16
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    // expected-error @below {{warp specialization gives this tile a ring of slots that only the loop's copy and MMAs may use}}
    memref.store %f, %As[%c0, %c0] : memref<128x64xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    scf.for %k = %c0 to %c8 step %c1 {
      %ga = memref.subview %A[0, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1]>>
      memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[512, 1]>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %gb = memref.subview %B[0, 0] [64, 128] [1, 1] : memref<512x512xf16> to memref<64x128xf16, strided<[512, 1]>>
      memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[512, 1]>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 2>}
    gpu.return
  }
}

// -----

// An op after the loop that the producer would have to run too.
gpu.module @kernels {
  gpu.func @k(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %out: memref<1xindex>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    scf.for %k = %c0 to %c8 step %c1 {
      %ga = memref.subview %A[0, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1]>>
      memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[512, 1]>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %gb = memref.subview %B[0, 0] [64, 128] [1, 1] : memref<512x512xf16> to memref<64x128xf16, strided<[512, 1]>>
      memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[512, 1]>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 2>}
    // expected-error @below {{after a warp-specialized loop come the accumulators' stores (and the index arithmetic they need): the consumer warpgroups run them, and this op would have to run in the producer too}}
    memref.store %c1, %out[%c0] : memref<1xindex>
    gpu.return
  }
}

// -----

// A loop nested in another: the split is at the kernel's body.
gpu.module @kernels {
  gpu.func @k(%A: memref<512x512xf16>, %B: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    scf.for %t = %c0 to %c8 step %c1 {
      // expected-error @below {{warp specialization splits the kernel at its staged loop: the loop must be an scf.for in the kernel's body (not nested in another loop or branch)}}
      scf.for %k = %c0 to %c8 step %c1 {
        %ga = memref.subview %A[0, 0] [128, 64] [1, 1] : memref<512x512xf16> to memref<128x64xf16, strided<[512, 1]>>
        memref.copy %ga, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16, strided<[512, 1]>> to memref<128x64xf16, #gpu.address_space<workgroup>>
        asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 1} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
      } {asyncpipe.async_stages = array<i64: 0, 2>}
    }
    gpu.return
  }
}

// -----

// A copy whose source a tensor map cannot describe (not a view of a
// kernel argument).
gpu.module @kernels {
  gpu.func @k(%B: memref<512x512xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %G = memref.alloc() : memref<128x64xf16>
    %As = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
    %Bs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    scf.for %k = %c0 to %c8 step %c1 {
      // expected-error @below {{warp specialization makes this copy a tensor-map copy: a tensor-map copy reads a tile of a kernel argument: the source must be a memref.subview of one}}
      memref.copy %G, %As {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<128x64xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
      %gb = memref.subview %B[0, 0] [64, 128] [1, 1] : memref<512x512xf16> to memref<64x128xf16, strided<[512, 1]>>
      memref.copy %gb, %Bs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[512, 1]>> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.mma %As, %Bs, %acc {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
    } {asyncpipe.async_stages = array<i64: 0, 2>}
    gpu.return
  }
}
