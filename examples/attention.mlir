// Attention's forward pass, FlashAttention's way, for Hopper (sm_90a):
// O = softmax(Q K^T / sqrt(d)) V for 4 heads (batch x heads) of 1024
// queries and keys, head dim d = 64 (and 128: @attention_hd128), f16
// inputs, f32 accumulation and output;
// each of Q, K, V and O holds the heads one after the other (4096 x 64: rows
// 1024 h .. 1024 h + 1023 are head h, the 2-D buffers a tensor map takes);
// a causal kernel (query i sees keys 0 .. i) beside the full one.
//
// Each block of 256 threads (two warpgroups) takes 128 queries of one head:
// its Q tile stays in workgroup memory while it walks the keys 64 at a time.
// A step of the loop is, in the order of its math:
//   K, V tiles             copies (stage 0, async: queue 0)
//   S = Q K^T              asyncpipe.mma, K as stored (transpose_b; stage 1,
//                          async: queue 1)
//   m_new = max(m, rowmax S)  the running row maximum (accumulator_reduce)
//   S = exp2((S - m_new) c)   the softmax's numerators, c = log2(e) / sqrt(d)
//   alpha = exp2((m - m_new) c)   how much the old rows shrink
//   l = l alpha + rowsum S, O = O alpha
//   P = S as f16           accumulator_convert: wgmma's A operand from
//                          registers; then S = 0 for the next step
//                          (all of this stage 2, synchronous)
//   O += P V               asyncpipe.mma with a register operand (stage 3,
//                          async: queue 3)
// and at the end O / l. Every value lives in registers (!asyncpipe.accumulator
// tiles, M x 1 for the per-row ones) and is updated in place, so that each
// read and write of registers that an MMA may still use is an effect that
// asyncpipe-verify-sync checks (test/Passes/verify-sync/register-operands.mlir).
//
// The stages and orders are FlashAttention-3's overlap within a warpgroup,
// which the software pipeliner places: its loop body issues step i's P V
// first, computes step i+1's softmax while P V runs (S was waited for),
// waits for P V only before rescaling O and overwriting P, and issues step
// i+2's S = Q K^T last, once the softmax has read S; the next copies
// overlap all of it. K gets 3 versions in workgroup memory, V 5 (read by
// an MMA three stages after its copy, and while the MMA is in flight).
//
//   asyncpipe-opt attention.mlir --asyncpipe-software-pipeline --asyncpipe-verify-sync
//
// The CPU models run the kernels against softmax(Q K^T / sqrt(d)) V in f32:
// pipelined (test/Execution/attention-deferred-cpu.mlir), and lowered for
// sm_90a, each thread of the block in adversarial schedules
// (test/Execution/attention-block-cpu.mlir, where every barrier and wait of
// the lowered kernels is shown needed). scripts/attention_ptx.sh writes
// their PTX (wgmma, P from registers). Not yet: warp-specialized K and V
// rings, ping-pong between the two consumer warpgroups (issue 39).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @attention(%Q: memref<4096x64xf16>, %K: memref<4096x64xf16>, %V: memref<4096x64xf16>, %O: memref<4096x64xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      // Key tiles: 1024 / 64.
      %steps = arith.constant 16 : index
      // Blocks: 8 query tiles of each of 4 heads.
      %bid = gpu.block_id x
      %head = arith.divui %bid, %c8 : index
      %tile = arith.remui %bid, %c8 : index
      %q0 = arith.muli %tile, %c128 : index
      // The head's rows: head h's queries, keys and values are rows 1024 h ..
      // 1024 h + 1023 of Q, K and V.
      %c1024 = arith.constant 1024 : index
      %head_row = arith.muli %head, %c1024 : index
      %q_row = arith.addi %head_row, %q0 : index
      %Qs = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
      %Ks = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %Vs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
      %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
      %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
      // The running row maximum and row sum, and the rows' rescale factor.
      %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      %l = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      %alpha = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      asyncpipe.accumulator_map %m : !asyncpipe.accumulator<128x1xf32> {
      ^bb0(%x: f32):
        %ninf = arith.constant 0xFF800000 : f32
        asyncpipe.yield %ninf : f32
      }
      %gq = memref.subview %Q[%q_row, 0] [128, 64] [1, 1] : memref<4096x64xf16> to memref<128x64xf16, strided<[64, 1], offset: ?>>
      // Q: one copy on a queue of its own (4), waited for before the loop.
      asyncpipe.copy %gq, %Qs queue 4 : memref<128x64xf16, strided<[64, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit 4
      asyncpipe.wait_queue 4, 0
      scf.for %step = %c0 to %steps step %c1 {
        %kv0 = arith.muli %step, %c64 : index
        %kv_row = arith.addi %head_row, %kv0 : index
        // Stage 0 (async): this step's K and V tiles.
        %gk = memref.subview %K[%kv_row, 0] [64, 64] [1, 1] : memref<4096x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>>
        memref.copy %gk, %Ks {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<64x64xf16, strided<[64, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %gv = memref.subview %V[%kv_row, 0] [64, 64] [1, 1] : memref<4096x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>>
        memref.copy %gv, %Vs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x64xf16, strided<[64, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        // Stage 1 (async): S = Q K^T, into S zeroed by the step before
        // (issued last in the pipelined body, once the softmax has read S).
        asyncpipe.mma %Qs, %Ks, %s transpose_b {asyncpipe.stage = 1, asyncpipe.order = 12} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x64xf32>
        // Stage 2: the online softmax, while the step before's P V runs.
        // alpha = m (the old maximum), then m = max(m, rowmax S).
        asyncpipe.accumulator_map %alpha(%m) {asyncpipe.stage = 2, asyncpipe.order = 3} : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%old: f32, %mi: f32):
          asyncpipe.yield %mi : f32
        }
        asyncpipe.accumulator_reduce %s into %m {asyncpipe.stage = 2, asyncpipe.order = 4} : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
        ^bb0(%partial: f32, %x: f32):
          %r = arith.maximumf %partial, %x : f32
          asyncpipe.yield %r : f32
        }
        // S = exp2((S - m) c); alpha = exp2((m_old - m) c).
        asyncpipe.accumulator_map %s(%m) {asyncpipe.stage = 2, asyncpipe.order = 5} : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%x: f32, %mi: f32):
          %c = arith.constant 0.180336878 : f32
          %d = arith.subf %x, %mi : f32
          %e = arith.mulf %d, %c : f32
          %y = math.exp2 %e : f32
          asyncpipe.yield %y : f32
        }
        asyncpipe.accumulator_map %alpha(%m) {asyncpipe.stage = 2, asyncpipe.order = 6} : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%old: f32, %mi: f32):
          %c = arith.constant 0.180336878 : f32
          %d = arith.subf %old, %mi : f32
          %e = arith.mulf %d, %c : f32
          %y = math.exp2 %e : f32
          asyncpipe.yield %y : f32
        }
        // l = l alpha + rowsum S; O = O alpha (once the last P V is done).
        asyncpipe.accumulator_map %l(%alpha) {asyncpipe.stage = 2, asyncpipe.order = 7} : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%x: f32, %a: f32):
          %y = arith.mulf %x, %a : f32
          asyncpipe.yield %y : f32
        }
        asyncpipe.accumulator_reduce %s into %l {asyncpipe.stage = 2, asyncpipe.order = 8} : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
        ^bb0(%partial: f32, %x: f32):
          %r = arith.addf %partial, %x : f32
          asyncpipe.yield %r : f32
        }
        asyncpipe.accumulator_map %o(%alpha) {asyncpipe.stage = 2, asyncpipe.order = 9} : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%x: f32, %a: f32):
          %y = arith.mulf %x, %a : f32
          asyncpipe.yield %y : f32
        }
        // P = S as f16 (wgmma's A from registers), then S = 0 for the next
        // step's Q K^T.
        asyncpipe.accumulator_convert %s into %p {asyncpipe.stage = 2, asyncpipe.order = 10} : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
        asyncpipe.accumulator_map %s {asyncpipe.stage = 2, asyncpipe.order = 11} : !asyncpipe.accumulator<128x64xf32> {
        ^bb0(%x: f32):
          %zero = arith.constant 0.0 : f32
          asyncpipe.yield %zero : f32
        }
        // Stage 3 (async): O += P V, issued first in the pipelined body.
        asyncpipe.mma %p, %Vs, %o {asyncpipe.stage = 3, asyncpipe.order = 2} : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x64xf32>
      } {asyncpipe.async_stages = array<i64: 0, 1, 3>}
      asyncpipe.accumulator_map %o(%l) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
      ^bb0(%x: f32, %sum: f32):
        %y = arith.divf %x, %sum : f32
        asyncpipe.yield %y : f32
      }
      %go = memref.subview %O[%q_row, 0] [128, 64] [1, 1] : memref<4096x64xf32> to memref<128x64xf32, strided<[64, 1], offset: ?>>
      asyncpipe.accumulator_store %o, %go : !asyncpipe.accumulator<128x64xf32> to memref<128x64xf32, strided<[64, 1], offset: ?>>
      gpu.return
    }

    gpu.func @attention_causal(%Q: memref<4096x64xf16>, %K: memref<4096x64xf16>, %V: memref<4096x64xf16>, %O: memref<4096x64xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      // Blocks: 8 query tiles of each of 4 heads.
      %bid = gpu.block_id x
      %head = arith.divui %bid, %c8 : index
      %tile = arith.remui %bid, %c8 : index
      %q0 = arith.muli %tile, %c128 : index
      // The head's rows: head h's queries, keys and values are rows 1024 h ..
      // 1024 h + 1023 of Q, K and V.
      %c1024 = arith.constant 1024 : index
      %head_row = arith.muli %head, %c1024 : index
      %q_row = arith.addi %head_row, %q0 : index
      // Key tiles up to the block's last query: (q0 + 128) / 64 (a trip
      // count known at run time, from the block id).
      %q_end = arith.addi %q0, %c128 : index
      %steps = arith.divui %q_end, %c64 : index
      %Qs = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
      %Ks = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %Vs = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
      %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
      %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
      // The running row maximum and row sum, and the rows' rescale factor.
      %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      %l = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      %alpha = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      asyncpipe.accumulator_map %m : !asyncpipe.accumulator<128x1xf32> {
      ^bb0(%x: f32):
        %ninf = arith.constant 0xFF800000 : f32
        asyncpipe.yield %ninf : f32
      }
      %gq = memref.subview %Q[%q_row, 0] [128, 64] [1, 1] : memref<4096x64xf16> to memref<128x64xf16, strided<[64, 1], offset: ?>>
      // Q: one copy on a queue of its own (4), waited for before the loop.
      asyncpipe.copy %gq, %Qs queue 4 : memref<128x64xf16, strided<[64, 1], offset: ?>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit 4
      asyncpipe.wait_queue 4, 0
      scf.for %step = %c0 to %steps step %c1 {
        %kv0 = arith.muli %step, %c64 : index
        %kv_row = arith.addi %head_row, %kv0 : index
        // Stage 0 (async): this step's K and V tiles.
        %gk = memref.subview %K[%kv_row, 0] [64, 64] [1, 1] : memref<4096x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>>
        memref.copy %gk, %Ks {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<64x64xf16, strided<[64, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %gv = memref.subview %V[%kv_row, 0] [64, 64] [1, 1] : memref<4096x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>>
        memref.copy %gv, %Vs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x64xf16, strided<[64, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        // Stage 1 (async): S = Q K^T, into S zeroed by the step before
        // (issued last in the pipelined body, once the softmax has read S).
        asyncpipe.mma %Qs, %Ks, %s transpose_b {asyncpipe.stage = 1, asyncpipe.order = 13} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x64xf32>
        // Stage 2: the online softmax, while the step before's P V runs.
        // The causal mask: query q0 + i sees key kv0 + j when kv0 + j <= q0 + i.
        asyncpipe.accumulator_map %s {asyncpipe.stage = 2, asyncpipe.order = 3} : !asyncpipe.accumulator<128x64xf32> {
        ^bb0(%x: f32, %i: index, %j: index):
          %query = arith.addi %q0, %i : index
          %key = arith.addi %kv0, %j : index
          %hidden = arith.cmpi ugt, %key, %query : index
          %ninf = arith.constant 0xFF800000 : f32
          %y = arith.select %hidden, %ninf, %x : f32
          asyncpipe.yield %y : f32
        }
        // alpha = m (the old maximum), then m = max(m, rowmax S).
        asyncpipe.accumulator_map %alpha(%m) {asyncpipe.stage = 2, asyncpipe.order = 4} : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%old: f32, %mi: f32):
          asyncpipe.yield %mi : f32
        }
        asyncpipe.accumulator_reduce %s into %m {asyncpipe.stage = 2, asyncpipe.order = 5} : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
        ^bb0(%partial: f32, %x: f32):
          %r = arith.maximumf %partial, %x : f32
          asyncpipe.yield %r : f32
        }
        // S = exp2((S - m) c); alpha = exp2((m_old - m) c).
        asyncpipe.accumulator_map %s(%m) {asyncpipe.stage = 2, asyncpipe.order = 6} : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%x: f32, %mi: f32):
          %c = arith.constant 0.180336878 : f32
          %d = arith.subf %x, %mi : f32
          %e = arith.mulf %d, %c : f32
          %y = math.exp2 %e : f32
          asyncpipe.yield %y : f32
        }
        asyncpipe.accumulator_map %alpha(%m) {asyncpipe.stage = 2, asyncpipe.order = 7} : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%old: f32, %mi: f32):
          %c = arith.constant 0.180336878 : f32
          %d = arith.subf %old, %mi : f32
          %e = arith.mulf %d, %c : f32
          %y = math.exp2 %e : f32
          asyncpipe.yield %y : f32
        }
        // l = l alpha + rowsum S; O = O alpha (once the last P V is done).
        asyncpipe.accumulator_map %l(%alpha) {asyncpipe.stage = 2, asyncpipe.order = 8} : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%x: f32, %a: f32):
          %y = arith.mulf %x, %a : f32
          asyncpipe.yield %y : f32
        }
        asyncpipe.accumulator_reduce %s into %l {asyncpipe.stage = 2, asyncpipe.order = 9} : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
        ^bb0(%partial: f32, %x: f32):
          %r = arith.addf %partial, %x : f32
          asyncpipe.yield %r : f32
        }
        asyncpipe.accumulator_map %o(%alpha) {asyncpipe.stage = 2, asyncpipe.order = 10} : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%x: f32, %a: f32):
          %y = arith.mulf %x, %a : f32
          asyncpipe.yield %y : f32
        }
        // P = S as f16 (wgmma's A from registers), then S = 0 for the next
        // step's Q K^T.
        asyncpipe.accumulator_convert %s into %p {asyncpipe.stage = 2, asyncpipe.order = 11} : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
        asyncpipe.accumulator_map %s {asyncpipe.stage = 2, asyncpipe.order = 12} : !asyncpipe.accumulator<128x64xf32> {
        ^bb0(%x: f32):
          %zero = arith.constant 0.0 : f32
          asyncpipe.yield %zero : f32
        }
        // Stage 3 (async): O += P V, issued first in the pipelined body.
        asyncpipe.mma %p, %Vs, %o {asyncpipe.stage = 3, asyncpipe.order = 2} : !asyncpipe.accumulator<128x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x64xf32>
      } {asyncpipe.async_stages = array<i64: 0, 1, 3>}
      asyncpipe.accumulator_map %o(%l) : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
      ^bb0(%x: f32, %sum: f32):
        %y = arith.divf %x, %sum : f32
        asyncpipe.yield %y : f32
      }
      %go = memref.subview %O[%q_row, 0] [128, 64] [1, 1] : memref<4096x64xf32> to memref<128x64xf32, strided<[64, 1], offset: ?>>
      asyncpipe.accumulator_store %o, %go : !asyncpipe.accumulator<128x64xf32> to memref<128x64xf32, strided<[64, 1], offset: ?>>
      gpu.return
    }

    // Head dim 128: the full kernel with Q, K, V and O of 128 columns (Q
    // and K read in two swizzle regions; O 128 x 128 in registers).
    gpu.func @attention_hd128(%Q: memref<4096x128xf16>, %K: memref<4096x128xf16>, %V: memref<4096x128xf16>, %O: memref<4096x128xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      // Key tiles: 1024 / 64.
      %steps = arith.constant 16 : index
      // Blocks: 8 query tiles of each of 4 heads.
      %bid = gpu.block_id x
      %head = arith.divui %bid, %c8 : index
      %tile = arith.remui %bid, %c8 : index
      %q0 = arith.muli %tile, %c128 : index
      // The head's rows: head h's queries, keys and values are rows 1024 h ..
      // 1024 h + 1023 of Q, K and V.
      %c1024 = arith.constant 1024 : index
      %head_row = arith.muli %head, %c1024 : index
      %q_row = arith.addi %head_row, %q0 : index
      %Qs = memref.alloc() : memref<128x128xf16, #gpu.address_space<workgroup>>
      %Ks = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %Vs = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %s = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf32>
      %p = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x64xf16>
      %o = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
      // The running row maximum and row sum, and the rows' rescale factor.
      %m = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      %l = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      %alpha = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x1xf32>
      asyncpipe.accumulator_map %m : !asyncpipe.accumulator<128x1xf32> {
      ^bb0(%x: f32):
        %ninf = arith.constant 0xFF800000 : f32
        asyncpipe.yield %ninf : f32
      }
      %gq = memref.subview %Q[%q_row, 0] [128, 128] [1, 1] : memref<4096x128xf16> to memref<128x128xf16, strided<[128, 1], offset: ?>>
      // Q: one copy on a queue of its own (4), waited for before the loop.
      asyncpipe.copy %gq, %Qs queue 4 : memref<128x128xf16, strided<[128, 1], offset: ?>> to memref<128x128xf16, #gpu.address_space<workgroup>>
      asyncpipe.commit 4
      asyncpipe.wait_queue 4, 0
      scf.for %step = %c0 to %steps step %c1 {
        %kv0 = arith.muli %step, %c64 : index
        %kv_row = arith.addi %head_row, %kv0 : index
        // Stage 0 (async): this step's K and V tiles.
        %gk = memref.subview %K[%kv_row, 0] [64, 128] [1, 1] : memref<4096x128xf16> to memref<64x128xf16, strided<[128, 1], offset: ?>>
        memref.copy %gk, %Ks {asyncpipe.stage = 0, asyncpipe.order = 0} : memref<64x128xf16, strided<[128, 1], offset: ?>> to memref<64x128xf16, #gpu.address_space<workgroup>>
        %gv = memref.subview %V[%kv_row, 0] [64, 128] [1, 1] : memref<4096x128xf16> to memref<64x128xf16, strided<[128, 1], offset: ?>>
        memref.copy %gv, %Vs {asyncpipe.stage = 0, asyncpipe.order = 1} : memref<64x128xf16, strided<[128, 1], offset: ?>> to memref<64x128xf16, #gpu.address_space<workgroup>>
        // Stage 1 (async): S = Q K^T, into S zeroed by the step before
        // (issued last in the pipelined body, once the softmax has read S).
        asyncpipe.mma %Qs, %Ks, %s transpose_b {asyncpipe.stage = 1, asyncpipe.order = 12} : memref<128x128xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x64xf32>
        // Stage 2: the online softmax, while the step before's P V runs.
        // alpha = m (the old maximum), then m = max(m, rowmax S).
        asyncpipe.accumulator_map %alpha(%m) {asyncpipe.stage = 2, asyncpipe.order = 3} : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%old: f32, %mi: f32):
          asyncpipe.yield %mi : f32
        }
        asyncpipe.accumulator_reduce %s into %m {asyncpipe.stage = 2, asyncpipe.order = 4} : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
        ^bb0(%partial: f32, %x: f32):
          %r = arith.maximumf %partial, %x : f32
          asyncpipe.yield %r : f32
        }
        // S = exp2((S - m) c); alpha = exp2((m_old - m) c).
        asyncpipe.accumulator_map %s(%m) {asyncpipe.stage = 2, asyncpipe.order = 5} : !asyncpipe.accumulator<128x64xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%x: f32, %mi: f32):
          %c = arith.constant 0.127517432 : f32
          %d = arith.subf %x, %mi : f32
          %e = arith.mulf %d, %c : f32
          %y = math.exp2 %e : f32
          asyncpipe.yield %y : f32
        }
        asyncpipe.accumulator_map %alpha(%m) {asyncpipe.stage = 2, asyncpipe.order = 6} : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%old: f32, %mi: f32):
          %c = arith.constant 0.127517432 : f32
          %d = arith.subf %old, %mi : f32
          %e = arith.mulf %d, %c : f32
          %y = math.exp2 %e : f32
          asyncpipe.yield %y : f32
        }
        // l = l alpha + rowsum S; O = O alpha (once the last P V is done).
        asyncpipe.accumulator_map %l(%alpha) {asyncpipe.stage = 2, asyncpipe.order = 7} : !asyncpipe.accumulator<128x1xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%x: f32, %a: f32):
          %y = arith.mulf %x, %a : f32
          asyncpipe.yield %y : f32
        }
        asyncpipe.accumulator_reduce %s into %l {asyncpipe.stage = 2, asyncpipe.order = 8} : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x1xf32> {
        ^bb0(%partial: f32, %x: f32):
          %r = arith.addf %partial, %x : f32
          asyncpipe.yield %r : f32
        }
        asyncpipe.accumulator_map %o(%alpha) {asyncpipe.stage = 2, asyncpipe.order = 9} : !asyncpipe.accumulator<128x128xf32>(!asyncpipe.accumulator<128x1xf32>) {
        ^bb0(%x: f32, %a: f32):
          %y = arith.mulf %x, %a : f32
          asyncpipe.yield %y : f32
        }
        // P = S as f16 (wgmma's A from registers), then S = 0 for the next
        // step's Q K^T.
        asyncpipe.accumulator_convert %s into %p {asyncpipe.stage = 2, asyncpipe.order = 10} : !asyncpipe.accumulator<128x64xf32> into !asyncpipe.accumulator<128x64xf16>
        asyncpipe.accumulator_map %s {asyncpipe.stage = 2, asyncpipe.order = 11} : !asyncpipe.accumulator<128x64xf32> {
        ^bb0(%x: f32):
          %zero = arith.constant 0.0 : f32
          asyncpipe.yield %zero : f32
        }
        // Stage 3 (async): O += P V, issued first in the pipelined body.
        asyncpipe.mma %p, %Vs, %o {asyncpipe.stage = 3, asyncpipe.order = 2} : !asyncpipe.accumulator<128x64xf16>, memref<64x128xf16, #gpu.address_space<workgroup>> into !asyncpipe.accumulator<128x128xf32>
      } {asyncpipe.async_stages = array<i64: 0, 1, 3>}
      asyncpipe.accumulator_map %o(%l) : !asyncpipe.accumulator<128x128xf32>(!asyncpipe.accumulator<128x1xf32>) {
      ^bb0(%x: f32, %sum: f32):
        %y = arith.divf %x, %sum : f32
        asyncpipe.yield %y : f32
      }
      %go = memref.subview %O[%q_row, 0] [128, 128] [1, 1] : memref<4096x128xf32> to memref<128x128xf32, strided<[128, 1], offset: ?>>
      asyncpipe.accumulator_store %o, %go : !asyncpipe.accumulator<128x128xf32> to memref<128x128xf32, strided<[128, 1], offset: ?>>
      gpu.return
    }

  }
}
