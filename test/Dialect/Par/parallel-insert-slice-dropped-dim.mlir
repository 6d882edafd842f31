// Regression: par.parallel_insert_slice rejects a source that drops non-unit slice dimensions (tensor<4xf32> for sizes [4, 4] or [4, 7]).
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @non_unit_dim_dropped(%n: index, %c: tensor<8x8xf32>, %s: tensor<4xf32>) -> tensor<8x8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8x8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{source type 'tensor<4xf32>' does not match the slice type 'tensor<4x4xf32>' (unit dimensions may be dropped)}}
      par.parallel_insert_slice %s into %c[%i, 0] [4, 4] [1, 1] : tensor<4xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}
