// asyncpipe.accumulator_map, accumulator_reduce and accumulator_convert:
// each misuse is an error at the op that says what is allowed.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

func.func @map_input_shape() {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  %r = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x2xf32>
  // expected-error @below {{maps a 64x32 tile with an input of 64x2: an input has the same shape, or 64x1 (a value per row)}}
  asyncpipe.accumulator_map %s(%r) : !asyncpipe.accumulator<64x32xf32>(!asyncpipe.accumulator<64x2xf32>) {
  ^bb0(%x: f32, %y: f32):
    asyncpipe.yield %x : f32
  }
  return
}

// -----

func.func @map_arguments() {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  // expected-error @below {{has a region of 2 arguments; it takes the element of 'dest', one of each input, then optionally the row and column (index)}}
  asyncpipe.accumulator_map %s : !asyncpipe.accumulator<64x32xf32> {
  ^bb0(%x: f32, %y: f32):
    asyncpipe.yield %x : f32
  }
  return
}

// -----

func.func @map_argument_type() {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  // expected-error @below {{region argument #1 is 'i32'; it takes the element of 'dest', one of each input, then optionally the row and column (index)}}
  asyncpipe.accumulator_map %s : !asyncpipe.accumulator<64x32xf32> {
  ^bb0(%x: f32, %i: i32, %j: index):
    asyncpipe.yield %x : f32
  }
  return
}

// -----

func.func @map_yield() {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  asyncpipe.accumulator_map %s : !asyncpipe.accumulator<64x32xf32> {
  ^bb0(%x: f32):
    %h = arith.truncf %x : f32 to f16
    // expected-error @below {{yields one 'f32' (the new element) in 'asyncpipe.accumulator_map'}}
    asyncpipe.yield %h : f16
  }
  return
}

// -----

func.func @map_effect(%m: memref<4xf32>) {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  asyncpipe.accumulator_map %s : !asyncpipe.accumulator<64x32xf32> {
  ^bb0(%x: f32):
    %c0 = arith.constant 0 : index
    // expected-error @below {{'memref.store' op cannot appear in 'asyncpipe.accumulator_map': its region computes an element from elements, with no memory effect}}
    memref.store %x, %m[%c0] : memref<4xf32>
    asyncpipe.yield %x : f32
  }
  return
}

// -----

func.func @reduce_shape() {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<32x1xf32>
  // expected-error @below {{folds the rows of a 64x32 tile into a 32x1 tile; it takes 64x1}}
  asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<64x32xf32> into !asyncpipe.accumulator<32x1xf32> {
  ^bb0(%p: f32, %x: f32):
    asyncpipe.yield %p : f32
  }
  return
}

// -----

func.func @reduce_self() {
  %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x1xf32>
  // expected-error @below {{folds a tile into itself: 'dest' is another tile, of one column}}
  asyncpipe.accumulator_reduce %m into %m : !asyncpipe.accumulator<64x1xf32> into !asyncpipe.accumulator<64x1xf32> {
  ^bb0(%p: f32, %x: f32):
    asyncpipe.yield %p : f32
  }
  return
}

// -----

func.func @reduce_types() {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf16>
  %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x1xf32>
  // expected-error @below {{folds 'f16' elements into 'f32'; both tiles hold the same type}}
  asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<64x32xf16> into !asyncpipe.accumulator<64x1xf32> {
  ^bb0(%p: f32, %x: f32):
    asyncpipe.yield %p : f32
  }
  return
}

// -----

func.func @convert_widen() {
  %h = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf16>
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  // expected-error @below {{converts 'f16' to 'f32'; it rounds f32 to f16 or bf16 (or copies)}}
  asyncpipe.accumulator_convert %h into %s : !asyncpipe.accumulator<64x32xf16> into !asyncpipe.accumulator<64x32xf32>
  return
}

// -----

func.func @convert_shape() {
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x32xf32>
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x16xf16>
  // expected-error @below {{converts a 64x32 tile into a 64x16 one; the shapes agree}}
  asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<64x32xf32> into !asyncpipe.accumulator<64x16xf16>
  return
}
