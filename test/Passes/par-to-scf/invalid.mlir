// par-to-scf lowers the buffer form only.
// RUN: asyncpipe-opt %s -verify-diagnostics --par-to-scf
func.func @tensor(%C: tensor<8xf32>, %s: tensor<1xf32>) -> tensor<8xf32> {
  %c8 = arith.constant 8 : index
  // expected-error @below {{par-to-scf lowers 'par.foreach_thread' in buffer form: bufferize its results first (-one-shot-bufferize)}}
  %r = par.foreach_thread (%i) in (%c8) -> (tensor<8xf32>) {
    par.perform_concurrently {
      par.parallel_insert_slice %s into %C[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
