// scf-forall-to-par's errors: a forall that is not normalized, an output
// inserted into twice, an output inserted into by no slice.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics --scf-forall-to-par

func.func @not_normalized(%C: memref<8xf32>, %v: f32) {
  // expected-error @below {{scf-forall-to-par: lower bounds must be 0 and steps 1 (normalize the loop first); the thread ids of par.foreach_thread count from 0 by 1}}
  scf.forall (%i) = (1) to (8) step (2) {
    memref.store %v, %C[%i] : memref<8xf32>
  }
  return
}

// -----

func.func @twice(%C: tensor<8xf32>, %s: tensor<2xf32>) -> tensor<8xf32> {
  // expected-error @below {{scf-forall-to-par: shared output #0 is inserted into by more than one slice; par.foreach_thread ties each result to exactly one}}
  %r = scf.forall (%i) in (2) shared_outs(%o = %C) -> (tensor<8xf32>) {
    %a = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %b = affine.apply affine_map<(d0) -> (d0 * 4 + 2)>(%i)
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%a] [2] [1] : tensor<2xf32> into tensor<8xf32>
      tensor.parallel_insert_slice %s into %o[%b] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @never(%C: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{scf-forall-to-par: shared output #0 is inserted into by no slice; par.foreach_thread ties each result to exactly one}}
  %r = scf.forall (%i) in (2) shared_outs(%o = %C) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<8xf32>
}
