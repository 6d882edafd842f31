// Errors of par.parallel_insert_slice: parent, element type, source vs slice shape (rank reduction), destination above the foreach_thread, offset/size/stride counts.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @outside_perform_concurrently(%c: tensor<8xf32>, %s: tensor<2xf32>, %i: index) {
  // expected-error @below {{'par.parallel_insert_slice' op expects parent op 'par.perform_concurrently'}}
  par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
  return
}

// -----

func.func @in_foreach_body(%n: index, %c: tensor<8xf32>, %s: tensor<2xf32>) {
  par.foreach_thread (%i) in (%n) {
    // expected-error @below {{'par.parallel_insert_slice' op expects parent op 'par.perform_concurrently'}}
    par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
  }
  return
}

// -----

func.func @element_type(%n: index, %c: tensor<8xf32>, %s: tensor<2xi32>) -> tensor<8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{'par.parallel_insert_slice' op source element type 'i32' differs from dest element type 'f32'}}
      par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xi32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @size_mismatch(%n: index, %c: tensor<8xf32>, %s: tensor<3xf32>) -> tensor<8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{'par.parallel_insert_slice' op source type 'tensor<3xf32>' does not match the slice type 'tensor<2xf32>' (unit dimensions may be dropped)}}
      par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<3xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

// Only unit dimensions may be dropped: 4x1 is not a rank reduction of 4x4.
func.func @not_a_unit_dim(%n: index, %c: tensor<8x8xf32>, %s: tensor<4x1xf32>) -> tensor<8x8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8x8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{'par.parallel_insert_slice' op source type 'tensor<4x1xf32>' does not match the slice type 'tensor<4x4xf32>' (unit dimensions may be dropped)}}
      par.parallel_insert_slice %s into %c[%i, 0] [4, 4] [1, 1] : tensor<4x1xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}

// -----

// A dynamic slice size needs a dynamic source dimension.
func.func @static_source_dynamic_size(%n: index, %c: tensor<8xf32>, %s: tensor<4xf32>) -> tensor<8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{'par.parallel_insert_slice' op source type 'tensor<4xf32>' does not match the slice type 'tensor<?xf32>' (unit dimensions may be dropped)}}
      par.parallel_insert_slice %s into %c[%i] [%n] [1] : tensor<4xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @source_rank_too_high(%n: index, %c: tensor<8xf32>, %s: tensor<4x?xf32>) -> tensor<8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{'par.parallel_insert_slice' op source type 'tensor<4x?xf32>' does not match the slice type 'tensor<4xf32>' (unit dimensions may be dropped)}}
      par.parallel_insert_slice %s into %c[%i] [4] [1] : tensor<4x?xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @dest_defined_in_body(%n: index, %s: tensor<2xf32>) -> tensor<8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8xf32>) {
    %c = tensor.empty() : tensor<8xf32>
    par.perform_concurrently {
      // expected-error @below {{'par.parallel_insert_slice' op destination must be defined above the enclosing 'par.foreach_thread': threads insert into a tensor they share}}
      par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

// Also when the destination is defined deeper in the body.
func.func @dest_defined_in_nested_region(%n: index, %s: tensor<2xf32>) -> tensor<8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8xf32>) {
    %c = scf.execute_region -> tensor<8xf32> {
      %e = tensor.empty() : tensor<8xf32>
      scf.yield %e : tensor<8xf32>
    }
    par.perform_concurrently {
      // expected-error @below {{destination must be defined above the enclosing 'par.foreach_thread'}}
      par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @offset_count(%n: index, %c: tensor<8x8xf32>, %s: tensor<2xf32>) -> tensor<8x8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8x8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{expected 2 offset values, got 1}}
      par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}

// -----

func.func @stride_count(%n: index, %c: tensor<8xf32>, %s: tensor<2xf32>) -> tensor<8xf32> {
  %r = par.foreach_thread (%i) in (%n) -> (tensor<8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{expected mixed sizes rank to match mixed strides rank (1 vs 2) so the rank of the result type is well-formed.}}
      par.parallel_insert_slice %s into %c[%i] [2] [1, 1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @memref_dest(%n: index, %c: memref<8xf32>, %s: tensor<2xf32>) {
  par.foreach_thread (%i) in (%n) {
    par.perform_concurrently {
      // expected-error @below {{custom op 'par.parallel_insert_slice' invalid kind of type specified: expected builtin.tensor, but found 'memref<8xf32>'}}
      par.parallel_insert_slice %s into %c[%i] [2] [1] : tensor<2xf32> into memref<8xf32>
    }
  }
  return
}

// -----

// Static offsets, sizes and strides stay inside the destination, as
// tensor.insert_slice's do: One-Shot Bufferize made an out-of-bounds
// memref.subview of this one, which did not verify (a fuzzer finding).
func.func @out_of_bounds(%c: tensor<8xf32>, %s: tensor<2xf32>) -> tensor<8xf32> {
  %c4 = arith.constant 4 : index
  %r = par.foreach_thread (%t) in (%c4) -> (tensor<8xf32>) {
    par.perform_concurrently {
      // expected-error @below {{'par.parallel_insert_slice' op slice along dimension 0 runs out-of-bounds: 8 >= 8 of the destination}}
      par.parallel_insert_slice %s into %c[7] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
