// The asyncpipe-block-model pipeline runs convert-scf-to-cf on the whole
// module: a host function's par.foreach_thread around an scf.for came out
// with a region of blocks, which does not verify (a fuzzer finding, 100k
// campaign). Its check now refuses such an op anywhere in the module, before
// anything changes; a par op without structured control flow inside is fine.
// RUN: not asyncpipe-opt %s --split-input-file --asyncpipe-block-model 2>&1 | FileCheck %s --implicit-check-not=error:

func.func @host_loop(%C: memref<64xf64>, %v: f64) {
  %c64 = arith.constant 64 : index
  // CHECK: :[[@LINE+1]]:3: error: the asyncpipe-block-model pipeline runs convert-scf-to-cf on the whole module, which would break the single-block region of 'par.foreach_thread'
  par.foreach_thread (%i) in (%c64) {
    %lb = arith.constant 0 : index
    %ub = arith.constant 3 : index
    %st = arith.constant 1 : index
    // CHECK: :[[@LINE+1]]:5: note: the structured control flow in it
    scf.for %k = %lb to %ub step %st {
      memref.store %v, %C[%i] : memref<64xf64>
    }
  }
  return
}

// -----

func.func @host_plain(%C: memref<64xf64>, %v: f64) {
  %c64 = arith.constant 64 : index
  par.foreach_thread (%i) in (%c64) {
    memref.store %v, %C[%i] : memref<64xf64>
  }
  return
}
