// One head of attention (128 queries, 256 keys, head dim 64, f16 in, f32
// out) with both MMAs asynchronous on queue 1 and FlashAttention-3's
// overlap within a warpgroup, written by hand in counting form: step i
// issues S = Q K_i^T and then O += P V_{i-1} (P, the previous step's
// probabilities, in registers), waits for S alone (wait_queue 1, 1: the
// P V MMA stays in flight) and computes the row maxima, the numerators and
// the row sums while P V runs; only then waits for P V (wait_queue 1, 0),
// because rescaling O reads it and converting S into P overwrites the
// registers P V reads. test/Execution/attention-async-mma-cpu.mlir runs it.
func.func @attention_async(%Q: memref<128x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<128x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
  %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
  %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
  %l = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
  %alpha = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
  asyncpipe.accumulator_map %m : !asyncpipe.accumulator<128x1xf32> {
  ^bb0(%x: f32):
    %ninf = arith.constant 0xFF800000 : f32
    asyncpipe.yield %ninf : f32
  }
  scf.for %step = %c0 to %c4 step %c1 {
    %kv0 = arith.muli %step, %c64 : index
    %k = memref.subview %K[%kv0, 0] [64, 64] [1, 1] : memref<256x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>>
    // S = Q K_i^T, async (S's registers are free: the last step converted
    // them into P after its wait).
    asyncpipe.accumulator_map %s : !asyncpipe.accumulator<128x64xf32> {
    ^bb0(%x: f32):
      %zero = arith.constant 0.0 : f32
      asyncpipe.yield %zero : f32
    }
    asyncpipe.mma %Q, %k, %s queue 1 transpose_b : memref<128x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>> into !asyncpipe.accumulator<128x64xf32>
    asyncpipe.commit 1
    // O += P V_{i-1}, async, from the second step on.
    %later = arith.cmpi ugt, %step, %c0 : index
    scf.if %later {
      %prev = arith.subi %kv0, %c64 : index
      %v = memref.subview %V[%prev, 0] [64, 64] [1, 1] : memref<256x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>>
      asyncpipe.mma %p, %v, %o queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>> into !asyncpipe.accumulator<128x64xf32>
    }
    asyncpipe.commit 1
    // S is done; P V may still run.
    asyncpipe.wait_queue 1, 1
    asyncpipe.accumulator_map %alpha(%m) : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
    ^bb0(%old: f32, %mi: f32):
      asyncpipe.yield %mi : f32
    }
    asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
    ^bb0(%partial: f32, %x: f32):
      %r = arith.maximumf %partial, %x : f32
      asyncpipe.yield %r : f32
    }
    asyncpipe.accumulator_map %s(%m) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
    ^bb0(%x: f32, %mi: f32):
      %c = arith.constant 0.180336878 : f32
      %d = arith.subf %x, %mi : f32
      %e = arith.mulf %d, %c : f32
      %y = math.exp2 %e : f32
      asyncpipe.yield %y : f32
    }
    asyncpipe.accumulator_map %alpha(%m) : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
    ^bb0(%old: f32, %mi: f32):
      %c = arith.constant 0.180336878 : f32
      %d = arith.subf %old, %mi : f32
      %e = arith.mulf %d, %c : f32
      %y = math.exp2 %e : f32
      asyncpipe.yield %y : f32
    }
    asyncpipe.accumulator_map %l(%alpha) : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
    ^bb0(%x: f32, %a: f32):
      %y = arith.mulf %x, %a : f32
      asyncpipe.yield %y : f32
    }
    asyncpipe.accumulator_reduce %s into %l : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
    ^bb0(%partial: f32, %x: f32):
      %r = arith.addf %partial, %x : f32
      asyncpipe.yield %r : f32
    }
    // P V is done: O may be rescaled and P overwritten.
    asyncpipe.wait_queue 1, 0
    asyncpipe.accumulator_map %o(%alpha) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
    ^bb0(%x: f32, %a: f32):
      %y = arith.mulf %x, %a : f32
      asyncpipe.yield %y : f32
    }
    asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
  }
  // The last step's P V.
  %v = memref.subview %V[192, 0] [64, 64] [1, 1] : memref<256x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 12288>>
  asyncpipe.mma %p, %v, %o queue 1 : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, strided<[64, 1], offset: 12288>> into !asyncpipe.accumulator<128x64xf32>
  asyncpipe.commit 1
  asyncpipe.wait_queue 1, 0
  asyncpipe.accumulator_map %o(%l) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
  ^bb0(%x: f32, %sum: f32):
    %y = arith.divf %x, %sum : f32
    asyncpipe.yield %y : f32
  }
  asyncpipe.accumulator_store %o, %O : !asyncpipe.accumulator<128x64xf32> to memref<128x64xf32>
  return
}
