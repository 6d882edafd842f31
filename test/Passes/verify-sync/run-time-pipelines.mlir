// The pipeliner's output for run-time trip counts, proven for every value of
// the bound (no instantiation): an i32 loop of step 2 whose bound is an i32
// argument, and a loop of run-time trip count nested in a loop of 3 trips.
// Both were fuzzer findings that verify-sync could not prove before it split
// run-time arguments into cases.
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline | asyncpipe-opt --asyncpipe-verify-sync > /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize | asyncpipe-opt --asyncpipe-verify-sync > /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --canonicalize --asyncpipe-token-to-count | asyncpipe-opt --asyncpipe-verify-sync > /dev/null
// RUN: asyncpipe-opt %s --asyncpipe-software-pipeline --asyncpipe-count-to-token | asyncpipe-opt --asyncpipe-verify-sync > /dev/null

func.func @i32_step_2(%src: memref<64x8xf32>, %out: memref<64x8xf32>, %m: i32) {
  %buf3 = memref.alloc() : memref<8xf32, 3>
  %buf5 = memref.alloc() : memref<8xf32, 3>
  %buf7 = memref.alloc() : memref<8xf32, 3>
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i1 = %c0 to %m step %c2 : i32 {
    %ii2 = arith.index_cast %i1 : i32 to index
    %src4 = memref.subview %src[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src4, %buf3 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    memref.copy %src4, %buf5 {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    memref.copy %src4, %buf7 {asyncpipe.stage = 1, asyncpipe.order = 2} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %dst9 = memref.subview %out[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    linalg.add {asyncpipe.stage = 2, asyncpipe.order = 3} ins(%buf3, %buf5 : memref<8xf32, 3>, memref<8xf32, 3>) outs(%dst9 : memref<8xf32, strided<[1], offset: ?>>)
  } {asyncpipe.async_stages = array<i64: 0, 1>}
  return
}

func.func @nested_run_time(%src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {
  %buf2 = memref.alloc() : memref<8xf32, 3>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %o = %c0 to %c3 step %c1 {
    scf.for %i1 = %c0 to %n step %c1 {
      %src3 = memref.subview %src[%i1, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      memref.copy %src3, %buf2 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
      %dst4 = memref.subview %out[%i1, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      memref.copy %buf2, %dst4 {asyncpipe.stage = 3, asyncpipe.order = 1} : memref<8xf32, 3> to memref<8xf32, strided<[1], offset: ?>>
    } {asyncpipe.async_stages = array<i64: 0>}
  }
  return
}

// A step of 2^62: the trip count ceil(n / 2^62) takes three values, too
// large a divisor to split n by residue, so the case is split where the
// quotient changes (a fuzzer finding).
func.func @huge_step(%src: memref<64x8xf32>, %out: memref<64x8xf32>, %n: index) {
  %buf2 = memref.alloc() : memref<8xf32, 3>
  %buf4 = memref.alloc() : memref<8xf32, 3>
  %buf6 = memref.alloc() : memref<8xf32, 3>
  %c0 = arith.constant 0 : index
  %step = arith.constant 4611686018427387904 : index
  scf.for %i1 = %c0 to %n step %step {
    %src3 = memref.subview %src[%i1, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src3, %buf2 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    memref.copy %src3, %buf4 {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    memref.copy %src3, %buf6 {asyncpipe.stage = 1, asyncpipe.order = 2} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %dst8 = memref.subview %out[%i1, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    linalg.add {asyncpipe.stage = 2, asyncpipe.order = 3} ins(%buf2, %buf4 : memref<8xf32, 3>, memref<8xf32, 3>) outs(%dst8 : memref<8xf32, strided<[1], offset: ?>>)
  } {asyncpipe.async_stages = array<i64: 0, 1>}
  return
}

// A run-time lower bound: the pipelined loop runs from %m + 2 to 64, its
// induction variable is affine in %m, and the slot (i - %m) rem 3 is not
// (a fuzzer finding). Its 62 - %m trips reach 2^31 only where %m is lowest,
// where i - %m still fits in i32.
func.func @lower_bound_argument(%src: memref<64x8xf32>, %out: memref<64x8xf32>, %m: i32) {
  %buf3 = memref.alloc() : memref<8xf32, 3>
  %buf5 = memref.alloc() : memref<8xf32, 3>
  %c64 = arith.constant 64 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i1 = %m to %c64 step %c1 : i32 {
    %ii2 = arith.index_cast %i1 : i32 to index
    %src4 = memref.subview %src[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src4, %buf3 {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    memref.copy %src4, %buf5 {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, 3>
    %dst9 = memref.subview %out[%ii2, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf3, %dst9 {asyncpipe.stage = 2, asyncpipe.order = 2} : memref<8xf32, 3> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %buf5, %dst9 {asyncpipe.stage = 2, asyncpipe.order = 3} : memref<8xf32, 3> to memref<8xf32, strided<[1], offset: ?>>
  } {asyncpipe.async_stages = array<i64: 0>}
  return
}
