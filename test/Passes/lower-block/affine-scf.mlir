// An affine loop around structured control flow in a kernel: the block
// model's pipeline runs convert-scf-to-cf, which leaves the affine.for in
// place with a region of several blocks (invalid IR). Its check says so at
// the affine op, before anything changes (a fuzzer finding, seed 9100:
// an scf.for wrapped inside an affine.for of test/Passes/lower-block/invalid.mlir).
// RUN: asyncpipe-opt %s --asyncpipe-lower-block=check-only=true -verify-diagnostics
// RUN: not asyncpipe-opt %s --asyncpipe-block-model -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: the asyncpipe-block-model pipeline runs convert-scf-to-cf on the whole module, which would break the single-block region of 'affine.for': lower it first (lower-affine)

gpu.module @kernels {
  gpu.func @affine_around_scf(%out: memref<256xi32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %v = arith.constant 7 : i32
    // expected-error @below {{the asyncpipe-block-model pipeline runs convert-scf-to-cf on the whole module, which would break the single-block region of 'affine.for': lower it first (lower-affine)}}
    affine.for %i = 0 to 256 {
      // expected-note @below {{the structured control flow in it}}
      scf.for %j = %c0 to %c3 step %c1 {
        memref.store %v, %out[%i] : memref<256xi32>
      }
    }
    gpu.return
  }
}
