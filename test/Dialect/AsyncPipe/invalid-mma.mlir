// Verifier errors of asyncpipe.mma, asyncpipe.accumulator_store and the
// !asyncpipe.accumulator type: what tile shapes and element types an MMA
// takes, and the queue rules it shares with asyncpipe.copy.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{an accumulator tile has 2 dimensions (rows x columns), not 3}}
func.func private @rank(!asyncpipe.accumulator<4x4x4xf32>)

// -----

// expected-error @below {{an accumulator tile's dimensions are positive, not 0}}
func.func private @empty(!asyncpipe.accumulator<0x4xf32>)

// -----

// expected-error @below {{register tiles hold f32, f16 or bf16, not 'i32'}}
func.func private @integer(!asyncpipe.accumulator<4x4xi32>)

// -----

func.func @rank(%a: memref<4x4x4xf16>, %b: memref<4x4xf16>, %acc: !asyncpipe.accumulator<4x4xf32>) {
  // expected-error @below {{multiplies 2-d tiles; 'a' has rank 3}}
  asyncpipe.mma %a, %b, %acc : memref<4x4x4xf16>, memref<4x4xf16> into !asyncpipe.accumulator<4x4xf32>
  return
}

// -----

func.func @dynamic(%a: memref<?x16xf16>, %b: memref<16x8xf16>, %acc: !asyncpipe.accumulator<16x8xf32>) {
  // expected-error @below {{needs statically shaped tiles: the tensor-core instructions' shapes are fixed}}
  asyncpipe.mma %a, %b, %acc : memref<?x16xf16>, memref<16x8xf16> into !asyncpipe.accumulator<16x8xf32>
  return
}

// -----

func.func @mixed(%a: memref<16x16xf16>, %b: memref<16x8xbf16>, %acc: !asyncpipe.accumulator<16x8xf32>) {
  // expected-error @below {{'a' holds 'f16' and 'b' 'bf16'; both tiles hold the same type}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xf16>, memref<16x8xbf16> into !asyncpipe.accumulator<16x8xf32>
  return
}

// -----

func.func @accumulate(%a: memref<16x16xbf16>, %b: memref<16x8xbf16>, %acc: !asyncpipe.accumulator<16x8xf16>) {
  // expected-error @below {{cannot accumulate 'bf16' products in 'f16': f16 inputs accumulate in f32 or f16, bf16 and f32 (tf32) inputs in f32}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xbf16>, memref<16x8xbf16> into !asyncpipe.accumulator<16x8xf16>
  return
}

// -----

func.func @integers(%a: memref<16x16xi8>, %b: memref<16x8xi8>, %acc: !asyncpipe.accumulator<16x8xf32>) {
  // expected-error @below {{cannot accumulate 'i8' products in 'f32'}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xi8>, memref<16x8xi8> into !asyncpipe.accumulator<16x8xf32>
  return
}

// -----

func.func @inner(%a: memref<16x16xf16>, %b: memref<8x8xf16>, %acc: !asyncpipe.accumulator<16x8xf32>) {
  // expected-error @below {{'a' is 16x16 and 'b' 8x8 (K x N): the inner dimensions differ}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xf16>, memref<8x8xf16> into !asyncpipe.accumulator<16x8xf32>
  return
}

// -----

func.func @product(%a: memref<16x16xf16>, %b: memref<16x8xf16>, %acc: !asyncpipe.accumulator<16x16xf32>) {
  // expected-error @below {{the product is 16x8 but the accumulator is 16x16}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xf16>, memref<16x8xf16> into !asyncpipe.accumulator<16x16xf32>
  return
}

// -----

func.func @token_and_queue(%a: memref<16x16xf16>, %b: memref<16x8xf16>, %acc: !asyncpipe.accumulator<16x8xf32>) {
  // expected-error @below {{in token form takes its queue from the asyncpipe.commit_group that commits its token; remove 'queue'}}
  %t = asyncpipe.mma %a, %b, %acc queue 1 : memref<16x16xf16>, memref<16x8xf16> into !asyncpipe.accumulator<16x8xf32> -> !asyncpipe.token
  %g = asyncpipe.commit_group queue 1 (%t)
  return
}

// -----

func.func @other_queue(%a: memref<16x16xf16>, %b: memref<16x8xf16>, %acc: !asyncpipe.accumulator<16x8xf32>) {
  asyncpipe.commit_queue 1 {
    // expected-error @below {{queue}}
    asyncpipe.mma %a, %b, %acc queue 2 : memref<16x16xf16>, memref<16x8xf16> into !asyncpipe.accumulator<16x8xf32>
  }
  return
}

// -----

func.func @store_type(%acc: !asyncpipe.accumulator<16x8xf32>, %c: memref<16x8xf16>) {
  // expected-error @below {{stores 'f32' accumulators into a memref of 'f16'}}
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<16x8xf16>
  return
}

// -----

func.func @store_shape(%acc: !asyncpipe.accumulator<16x8xf32>, %c: memref<8x16xf32>) {
  // expected-error @below {{stores a 16x8 tile into a memref of shape 8x16; the shapes agree}}
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<8x16xf32>
  return
}

// -----

func.func @store_dynamic(%acc: !asyncpipe.accumulator<16x8xf32>, %c: memref<?x8xf32>) {
  // expected-error @below {{stores a 16x8 tile into a memref of that static shape, not 'memref<?x8xf32>'}}
  asyncpipe.accumulator_store %acc, %c : !asyncpipe.accumulator<16x8xf32> to memref<?x8xf32>
  return
}

// -----

// A register operand 'a' is f16 or bf16 (wgmma's A from registers).
func.func @register_a_f32(%b: memref<16x8xf32>) {
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x16xf32>
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  // expected-error @below {{takes a register operand 'a' of f16 or bf16 (wgmma's A from registers), not 'f32'}}
  asyncpipe.mma %p, %b, %acc : !asyncpipe.accumulator<16x16xf32>, memref<16x8xf32> into !asyncpipe.accumulator<16x8xf32>
  return
}

// -----

func.func @register_a_is_acc() {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x16xf16>
  %b = memref.alloc() : memref<16x16xf16>
  // expected-error @below {{reads its register operand 'a' from the accumulator it writes}}
  asyncpipe.mma %acc, %b, %acc : !asyncpipe.accumulator<16x16xf16>, memref<16x16xf16> into !asyncpipe.accumulator<16x16xf16>
  return
}

// -----

// transpose_b: 'b' is N x K.
func.func @transpose_b_inner(%a: memref<16x32xf16>, %b: memref<8x16xf16>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xf32>
  // expected-error @below {{'a' is 16x32 and 'b' 8x16 (N x K, transpose_b): the inner dimensions differ}}
  asyncpipe.mma %a, %b, %acc transpose_b : memref<16x32xf16>, memref<8x16xf16> into !asyncpipe.accumulator<16x8xf32>
  return
}

// -----

// bf16 registers are an operand, never an accumulator.
func.func @bf16_accumulator(%a: memref<16x16xbf16>, %b: memref<16x8xbf16>) {
  %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<16x8xbf16>
  // expected-error @below {{cannot accumulate 'bf16' products in 'bf16'}}
  asyncpipe.mma %a, %b, %acc : memref<16x16xbf16>, memref<16x8xbf16> into !asyncpipe.accumulator<16x8xbf16>
  return
}
