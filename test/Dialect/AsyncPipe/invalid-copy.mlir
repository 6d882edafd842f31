// Verifier and type-constraint errors of asyncpipe.copy: element type, rank, shape, zero_fill rules, operand and result types.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @element_type(%a: memref<4xf32>, %b: memref<4xi32, 3>) {
  // expected-error @below {{source element type 'f32' differs from dest element type 'i32'}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xi32, 3>
  return
}

// -----

func.func @rank(%a: memref<4xf32>, %b: memref<4x1xf32, 3>) {
  // expected-error @below {{source rank 1 differs from dest rank 2}}
  asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4x1xf32, 3>
  return
}

// -----

func.func @shape_without_zero_fill(%a: memref<4x8xf32>, %b: memref<4x4xf32, 3>) {
  // expected-error @below {{source dimension 1 (8) differs from dest dimension (4); use 'zero_fill' to copy a partial tile}}
  asyncpipe.copy %a, %b queue 0 : memref<4x8xf32> to memref<4x4xf32, 3>
  return
}

// -----

// Without zero_fill a smaller source is also rejected (token form this time).
func.func @smaller_without_zero_fill(%a: memref<3x8xf32>, %b: memref<4x8xf32, 3>) -> !asyncpipe.group {
  // expected-error @below {{source dimension 0 (3) differs from dest dimension (4); use 'zero_fill' to copy a partial tile}}
  %t = asyncpipe.copy %a, %b : memref<3x8xf32> to memref<4x8xf32, 3> -> !asyncpipe.token
  %tg = asyncpipe.commit_group queue 0 (%t)
  return %tg : !asyncpipe.group
}

// -----

func.func @zero_fill_larger_source(%a: memref<4x8xf32>, %b: memref<4x4xf32, 3>) {
  // expected-error @below {{source dimension 1 (8) exceeds dest dimension (4)}}
  asyncpipe.copy %a, %b zero_fill queue 0 : memref<4x8xf32> to memref<4x4xf32, 3>
  return
}

// -----

func.func @zero_fill_dynamic_dest(%a: memref<4x8xf32>, %b: memref<?x8xf32, 3>) {
  // expected-error @below {{with 'zero_fill' needs a statically shaped dest}}
  asyncpipe.copy %a, %b zero_fill queue 0 : memref<4x8xf32> to memref<?x8xf32, 3>
  return
}

// -----

func.func @tensor_source(%a: tensor<4xf32>, %b: memref<4xf32, 3>) {
  // expected-error @below {{invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  asyncpipe.copy %a, %b queue 0 : tensor<4xf32> to memref<4xf32, 3>
  return
}

// -----

func.func @group_result(%a: memref<4xf32>, %b: memref<4xf32, 3>) {
  // expected-error @below {{result #0 must be completion token of one async operation, not yet committed, but got '!asyncpipe.group'}}
  %t = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.group
  return
}
