// The chip option: tensor cores need sm_80 or newer, and a name the pass can
// read.
// RUN: asyncpipe-opt %s --asyncpipe-lower-mma=chip=sm_75 -verify-diagnostics
// RUN: not asyncpipe-opt %s --asyncpipe-lower-mma=chip=ampere 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: error: asyncpipe-lower-mma: chip 'ampere' is not an SM name such as sm_80 or sm_90a

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @old_chip(%a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
      // expected-error @below {{tensor-core MMAs need sm_80 or newer (mma.sync m16n8k16); the chip is sm_75}}
      asyncpipe.mma %a, %b, %acc : memref<16x16xf16, 3>, memref<16x8xf16, 3> into !asyncpipe.accumulator<16x8xf32>
      gpu.return
    }
  }
}
