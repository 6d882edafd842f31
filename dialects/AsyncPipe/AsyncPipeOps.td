//===- AsyncPipeOps.td - asyncpipe operations ----------------*- tablegen -*-===//

#ifndef ASYNCPIPE_OPS_TD
#define ASYNCPIPE_OPS_TD

include "AsyncPipe/AsyncPipeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "AsyncPipe/AsyncEffectOpInterface.td"

def AsyncPipe_Queue : ConfinedAttr<I64Attr, [IntNonNegative]>;

// The FIFO of groups of every queue, as a side-effect resource (not memory):
// an op that joins the open group or commits a group writes it, so that no
// upstream pass (canonicalize, CSE, DCE) erases or merges a commit whose
// group token is unused, or an empty group, which still takes a place in the
// FIFO and so changes what counting waits wait for. asyncpipeMemoryEffects
// reports memory only and leaves it out.
def AsyncPipe_QueueResource : Resource<"::mlir::asyncpipe::QueueResource">;
def AsyncPipe_WritesQueues : MemoryEffects<[MemWrite<AsyncPipe_QueueResource>]>;

//===----------------------------------------------------------------------===//
// Async operations
//===----------------------------------------------------------------------===//

def AsyncPipe_CopyOp : AsyncPipe_Op<"copy", [AsyncPipe_WritesQueues,
    DeclareOpInterfaceMethods<AsyncPipe_AsyncEffectOpInterface>]> {
  let summary = "asynchronous memref-to-memref copy (e.g. global to shared)";
  let description = [{
    Starts copying `source` into `dest` asynchronously. Both memrefs have the
    same rank and element type. Without `zero_fill` their static shapes agree;
    with `zero_fill`, `source` may be smaller than `dest` in any dimension (a
    partial tile): the elements of `dest` outside the source extent are set
    to zero, as `cp.async` does with its source-size operand.

    In token form the op yields a `!asyncpipe.token` that a
    `asyncpipe.commit_group` must commit. In counting form it yields nothing;
    it is committed by its enclosing `asyncpipe.commit_queue`, or, outside
    one, it names its `queue` and is committed by the next commit on that
    queue: an `asyncpipe.commit`, or a `commit_queue` or `commit_group` on it,
    whose group it joins (as PTX's `cp.async.commit_group` commits every copy
    the thread has issued).

    ```mlir
    %t = asyncpipe.copy %g, %s : memref<4x8xf32> to memref<4x8xf32, 3> -> !asyncpipe.token
    asyncpipe.copy %g, %s queue 0 : memref<4x8xf32> to memref<4x8xf32, 3>
    asyncpipe.copy %part, %s zero_fill : memref<?x8xf32> to memref<4x8xf32, 3>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "read", [MemRead]>:$source,
                       Arg<AnyMemRef, "written", [MemWrite]>:$dest,
                       UnitAttr:$zero_fill, OptionalAttr<AsyncPipe_Queue>:$queue);
  let results = (outs Optional<AsyncPipe_TokenType>:$token);
  let assemblyFormat = [{
    $source `,` $dest (`zero_fill` $zero_fill^)? (`queue` $queue^)? attr-dict
    `:` type($source) `to` type($dest) (`->` type($token)^)?
  }];
  let hasVerifier = 1;
}

// Tensor-core accumulator registers, as a side-effect resource that is not
// memory: what `asyncpipe.mma` writes asynchronously, and what
// `asyncpipe.accumulator_store` reads.
def AsyncPipe_AccumulatorResource : Resource<"::mlir::asyncpipe::AccumulatorResource">;

def AsyncPipe_MmaOp : AsyncPipe_Op<"mma", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<AsyncPipe_AsyncEffectOpInterface>]> {
  let summary = "asynchronous tensor-core tile multiply-accumulate (async compute)";
  let description = [{
    Starts `acc += a * b` asynchronously: `a` is an `M x K` tile, `b` a
    `K x N` tile (both usually in workgroup memory, where a TMA or cp.async
    copy put them), `acc` an `M x N` accumulator tile. The inputs are read
    and the accumulator written until the op completes: the tiles must not
    be overwritten, nor the accumulator read, before a wait covers it. MMAs
    on one queue into one accumulator are ordered by the hardware (PTX:
    "ordering is guaranteed by default" for wgmma into the same registers),
    so a chain of them needs no wait in between.

    The op is async compute on its own queue, with the queue rules of
    `asyncpipe.copy`: in token form it yields a `!asyncpipe.token`; in
    counting form it is committed by its enclosing `commit_queue` or names
    its `queue`. On sm_90 the queue is `wgmma`'s (`wgmma.commit_group`,
    `wgmma.wait_group N`). With no token, no `queue` and no enclosing
    commit region the op is synchronous: it completes before the next op
    (sm_80's `mma.sync`), and it is how a loop body says what the software
    pipeliner may make asynchronous (an MMA in an async stage).

    Inputs are f16 or bf16 (accumulated in f32, or f16 for f16) or f32
    (as tf32, into f32); which tile shapes a chip takes is checked where the
    op is lowered for it.

    `a` is a memref tile, or a tile of registers (an f16 or bf16
    `!asyncpipe.accumulator`, as `asyncpipe.accumulator_convert` writes
    one: wgmma's A operand from registers, attention's P). Registers are
    read like a tile in memory: until the op completes, so that overwriting
    them before a wait covers the MMA is a race (`asyncpipe-verify-sync`
    reports it at the write).

    With `transpose_b`, `b` is stored `N x K` (each row one column of the
    product's right factor, as attention's K tile sits in memory: `S = Q
    K^T`); the op computes `acc += a * transpose(b)`. Without it `b` is
    `K x N`.

    ```mlir
    asyncpipe.mma %a, %b, %acc queue 1 : memref<128x64xf16, 3>, memref<64x128xf16, 3> into !asyncpipe.accumulator<128x128xf32>
    asyncpipe.mma %q, %k, %s transpose_b : memref<128x64xf16, 3>, memref<128x64xf16, 3> into !asyncpipe.accumulator<128x128xf32>
    asyncpipe.mma %p, %v, %o : !asyncpipe.accumulator<128x128xf16>, memref<128x64xf16, 3> into !asyncpipe.accumulator<128x64xf32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyMemRef, AsyncPipe_AccumulatorType],
                                 "a memref tile or a tile of registers">:$a,
                       AnyMemRef:$b,
                       AsyncPipe_AccumulatorType:$acc,
                       OptionalAttr<AsyncPipe_Queue>:$queue,
                       UnitAttr:$transpose_b);
  let results = (outs Optional<AsyncPipe_TokenType>:$token);
  let extraClassDeclaration = [{
    /// Whether the op completes at issue: no token, no queue of its own and
    /// no enclosing commit region.
    bool isSynchronous();
  }];
  let assemblyFormat = [{
    $a `,` $b `,` $acc (`queue` $queue^)? (`transpose_b` $transpose_b^)? attr-dict
    `:` qualified(type($a)) `,` type($b) `into` qualified(type($acc)) (`->` type($token)^)?
  }];
  let hasVerifier = 1;
}

def AsyncPipe_AccumulatorInitOp : AsyncPipe_Op<"accumulator_init"> {
  let summary = "a new accumulator tile, zeroed";
  let description = [{
    Allocates an accumulator tile (registers) and sets it to zero. Two inits
    are two tiles: it is an allocation, never merged by CSE.

    ```mlir
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<64x64xf32>
    ```
  }];
  let results = (outs Res<AsyncPipe_AccumulatorType, "the new tile",
                          [MemAlloc<AsyncPipe_AccumulatorResource>, MemWrite<AsyncPipe_AccumulatorResource>]>:$acc);
  let assemblyFormat = "attr-dict `:` qualified(type($acc))";
}

def AsyncPipe_AccumulatorStoreOp : AsyncPipe_Op<"accumulator_store"> {
  let summary = "store an accumulator tile into memory (synchronous)";
  let description = [{
    Reads the tile, now, and stores it into `dest`, an `M x N` memref of the
    tile's element type. Reading it while an MMA into it may be in flight is
    a race: `asyncpipe-verify-sync` reports it.

    ```mlir
    asyncpipe.accumulator_store %acc, %C : !asyncpipe.accumulator<64x64xf32> to memref<64x64xf32, strided<[512, 1], offset: ?>>
    ```
  }];
  let arguments = (ins Arg<AsyncPipe_AccumulatorType, "read", [MemRead<AsyncPipe_AccumulatorResource>]>:$acc,
                       Arg<AnyMemRef, "written", [MemWrite]>:$dest);
  let assemblyFormat = "$acc `,` $dest attr-dict `:` qualified(type($acc)) `to` type($dest)";
  let hasVerifier = 1;
}

// Math on tiles of registers (issue 39): what attention's online softmax
// does between its two MMAs, in place on `!asyncpipe.accumulator` tiles, so
// that every access to registers an MMA may still read or write is an
// effect the synchronization passes see.

def AsyncPipe_AccumulatorMapOp : AsyncPipe_Op<"accumulator_map", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "elementwise math on a tile of registers, in place, with per-row operands";
  let description = [{
    Sets every element `dest[i][j]` of a register tile to what the region
    computes from it and from the `inputs` at the same place: an input
    with as many columns as `dest` gives its `[i][j]`, one with a single
    column (`M x 1`, a value per row: a row maximum, a row sum) its
    `[i][0]`. The region's arguments are the element of `dest`, one
    element of each input, and, when it asks for them, the row and
    column indices `i` and `j` (`index`, within the tile; a causal mask
    adds the tile's offsets); it yields the new element. Its ops are pure
    (arithmetic and `math`); the order in which elements are computed is
    unspecified.

    It reads `dest` and the inputs and writes `dest` now: reading a tile
    that an MMA may still be writing (attention's `O` rescaled before the
    MMA into it completes) is a race that `asyncpipe-verify-sync` reports.

    ```mlir
    // S = exp2(S * c - m * c): the softmax numerator, with m the row maxima.
    asyncpipe.accumulator_map %s(%m) : !asyncpipe.accumulator<128x128xf32>(!asyncpipe.accumulator<128x1xf32>) {
    ^bb0(%x: f32, %mi: f32):
      %d = arith.subf %x, %mi : f32
      %e = math.exp2 %d : f32
      asyncpipe.yield %e : f32
    }
    ```
  }];
  let arguments = (ins Arg<AsyncPipe_AccumulatorType, "updated in place",
                           [MemRead<AsyncPipe_AccumulatorResource>, MemWrite<AsyncPipe_AccumulatorResource>]>:$dest,
                       Arg<Variadic<AsyncPipe_AccumulatorType>, "read",
                           [MemRead<AsyncPipe_AccumulatorResource>]>:$inputs);
  let regions = (region SizedRegion<1>:$body);
  let extraClassDeclaration = [{
    /// Whether the region takes the row and column indices (after the
    /// elements).
    bool hasIndices();
  }];
  let assemblyFormat = [{
    $dest (`(` $inputs^ `)`)? attr-dict `:` qualified(type($dest)) (`(` qualified(type($inputs))^ `)`)? $body
  }];
  let hasVerifier = 1;
}

def AsyncPipe_AccumulatorReduceOp : AsyncPipe_Op<"accumulator_reduce", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "fold each row of a register tile into a value per row, in place";
  let description = [{
    Folds every element of row `i` of `source` (`M x N`) into `dest[i][0]`
    (`dest` is `M x 1`): `dest[i][0] = f(dest[i][0], source[i][j])` for
    each `j`, with `f` the region (arguments: the partial value and the
    element; it yields the new partial value). `f` must be associative and
    commutative (a maximum, a sum): the order of the folds is unspecified
    (on a GPU each thread folds its elements and the threads sharing a row
    combine theirs). `dest` keeps its own value as the first partial, which
    is how attention's running row maximum and row sum carry across steps.

    It reads `source` and `dest` and writes `dest` now (`asyncpipe-verify-sync`
    reports a read of a tile that an MMA may still be writing).

    ```mlir
    asyncpipe.accumulator_reduce %s into %m : !asyncpipe.accumulator<128x128xf32> into !asyncpipe.accumulator<128x1xf32> {
    ^bb0(%partial: f32, %x: f32):
      %r = arith.maximumf %partial, %x : f32
      asyncpipe.yield %r : f32
    }
    ```
  }];
  let arguments = (ins Arg<AsyncPipe_AccumulatorType, "read", [MemRead<AsyncPipe_AccumulatorResource>]>:$source,
                       Arg<AsyncPipe_AccumulatorType, "folded into",
                           [MemRead<AsyncPipe_AccumulatorResource>, MemWrite<AsyncPipe_AccumulatorResource>]>:$dest);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $source `into` $dest attr-dict `:` qualified(type($source)) `into` qualified(type($dest)) $body
  }];
  let hasVerifier = 1;
}

def AsyncPipe_AccumulatorConvertOp : AsyncPipe_Op<"accumulator_convert"> {
  let summary = "convert a tile of registers to another element type (an MMA's register operand)";
  let description = [{
    Writes `source`'s elements, rounded to `dest`'s element type (f32 to
    f16 or bf16, to nearest even; or the same type), into `dest`, a tile
    of the same shape. This is how attention's probabilities `P`, an f32
    accumulator, become the f16 or bf16 register operand of the next MMA
    (`asyncpipe.mma %p, %v, %o`): on sm_90a an accumulator fragment of
    wgmma is laid out as its A operand from registers, so the conversion
    moves no data between threads.

    It reads `source` and writes `dest` now: overwriting a register operand
    that an MMA may still be reading (the previous step's `P`) is a race
    that `asyncpipe-verify-sync` reports.

    ```mlir
    asyncpipe.accumulator_convert %s into %p : !asyncpipe.accumulator<128x128xf32> into !asyncpipe.accumulator<128x128xf16>
    ```
  }];
  let arguments = (ins Arg<AsyncPipe_AccumulatorType, "read", [MemRead<AsyncPipe_AccumulatorResource>]>:$source,
                       Arg<AsyncPipe_AccumulatorType, "written", [MemWrite<AsyncPipe_AccumulatorResource>]>:$dest);
  let assemblyFormat = "$source `into` $dest attr-dict `:` qualified(type($source)) `into` qualified(type($dest))";
  let hasVerifier = 1;
}

def AsyncPipe_AsyncScopeOp : AsyncPipe_Op<"async_scope", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects, AsyncPipe_WritesQueues,
    NoRegionArguments, DeclareOpInterfaceMethods<AsyncPipe_AsyncEffectOpInterface>]> {
  let summary = "a region executed asynchronously (async compute)";
  let description = [{
    The body runs asynchronously with respect to the issuing thread, as one
    async operation (the seed's `async_scope`). It must not contain other
    async operations or synchronization. Token form yields a
    `!asyncpipe.token`; counting form follows the same queue rules as
    `asyncpipe.copy`.

    ```mlir
    asyncpipe.commit_queue 0 {
      asyncpipe.async_scope {
        %v = memref.load %a[%i] : memref<16xf32>
        memref.store %v, %b[%i] : memref<2xf32>
      }
    }
    ```
  }];
  let arguments = (ins OptionalAttr<AsyncPipe_Queue>:$queue);
  let results = (outs Optional<AsyncPipe_TokenType>:$token);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`queue` $queue^)? (`->` type($token)^)? $body attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Token form
//===----------------------------------------------------------------------===//

def AsyncPipe_CommitGroupOp : AsyncPipe_Op<"commit_group", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects, AsyncPipe_WritesQueues,
    NoRegionArguments]> {
  let summary = "commit async operations to a queue as one group (token form)";
  let description = [{
    Commits, as one group on `queue`, either the async operations whose
    tokens are given, or the async operations of the region (which then do
    not yield tokens), and yields the group's token. Each token is committed
    exactly once. The group also holds every counting-form async operation
    issued to `queue` and not committed yet. An empty group is legal: it
    takes a place in the queue's FIFO order and completes at once.

    ```mlir
    %g = asyncpipe.commit_group queue 0 (%t0, %t1)
    %h = asyncpipe.commit_group queue 1 {
      asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3>
    }
    ```
  }];
  let arguments = (ins AsyncPipe_Queue:$queue, Variadic<AsyncPipe_TokenType>:$tokens);
  let results = (outs AsyncPipe_GroupType:$group);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = [{
    `queue` $queue (` ` `(` $tokens^ `)`)? ($body^)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def AsyncPipe_CompletedOp : AsyncPipe_Op<"completed", [Pure]> {
  let summary = "a group that has already completed";
  let description = [{
    Stands for "no group yet": a group that completed before anything else
    on any queue, so waiting for it returns at once. `asyncpipe-count-to-token`
    uses it where fewer groups than a window of recent groups have been
    committed (for example as the initial value of a loop-carried group).

    ```mlir
    %none = asyncpipe.completed
    ```
  }];
  let results = (outs AsyncPipe_GroupType:$group);
  let assemblyFormat = "attr-dict";
}

def AsyncPipe_WaitOp : AsyncPipe_Op<"wait", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "block until the given groups have completed (token form)";
  let description = [{
    Blocks the issuing thread until every given group, and so every async
    operation in it, has completed. Groups of one queue complete in FIFO
    order, so every group committed to the same queue before a given group
    has completed too. `asyncpipe-token-to-count` turns the wait into
    `asyncpipe.wait_queue` with the largest safe in-flight count;
    `asyncpipe-count-to-token` goes back.

    ```mlir
    asyncpipe.wait %g0, %g1
    ```
  }];
  let arguments = (ins Variadic<AsyncPipe_GroupType>:$groups);
  let assemblyFormat = "$groups attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Counting form
//===----------------------------------------------------------------------===//

def AsyncPipe_CommitQueueOp : AsyncPipe_Op<"commit_queue", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects, AsyncPipe_WritesQueues,
    NoRegionArguments]> {
  let summary = "commit the async operations of the region to a queue (counting form)";
  let description = [{
    The seed's `async_commit_queue(i)` scope: the async operations of the
    region (at any depth, outside nested `commit_queue`s, which are not
    allowed) form one group committed to `queue` when the region ends, with
    the counting-form async operations issued to `queue` before it and not
    committed yet. The
    region may also hold synchronous ops and waits (a stage that is both an
    async consumer and producer).

    ```mlir
    asyncpipe.commit_queue 1 {
      asyncpipe.wait_queue 0, 1
      asyncpipe.async_scope { ... }
    }
    ```
  }];
  let arguments = (ins AsyncPipe_Queue:$queue);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$queue $body attr-dict-with-keyword";
  let hasRegionVerifier = 1;
}

def AsyncPipe_CommitOp : AsyncPipe_Op<"commit", [
    MemoryEffects<[MemWrite]>]> {
  let summary = "commit point: close the open group of a queue (counting form)";
  let description = [{
    Commits, as one group on `queue`, every counting-form async operation
    issued to that queue since the previous commit (PTX
    `cp.async.commit_group`). With nothing issued, it commits an empty group.

    ```mlir
    asyncpipe.copy %a, %b queue 0 : memref<4xf32> to memref<4xf32, 3>
    asyncpipe.commit 0
    ```
  }];
  let arguments = (ins AsyncPipe_Queue:$queue);
  let assemblyFormat = "$queue attr-dict";
}

def AsyncPipe_WaitQueueOp : AsyncPipe_Op<"wait_queue", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "block until at most N groups are in flight on a queue";
  let description = [{
    The seed's `async_wait_queue(i, N)`: blocks until at most the `N` most
    recently committed groups of `queue` are still in flight, so every older
    group has completed. `N` is a constant attribute, never negative, or an
    `index` value; a value below 0 at run time waits as 0 does (every group
    completes). PTX requires a constant.

    ```mlir
    asyncpipe.wait_queue 0, 1
    asyncpipe.wait_queue 0, %n
    ```
  }];
  let arguments = (ins AsyncPipe_Queue:$queue,
                       OptionalAttr<I64Attr>:$count,
                       Optional<Index>:$dynamic_count);
  let assemblyFormat = [{
    $queue `,` custom<InFlightCount>($count, $dynamic_count) attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The constant in-flight count: the attribute, or the value of a constant
    /// `dynamic_count` operand (below 0: 0, as it waits). std::nullopt when
    /// it is not known statically.
    std::optional<int64_t> getConstantCount();
  }];
}

def AsyncPipe_YieldOp : AsyncPipe_Op<"yield", [
    Pure, Terminator,
    ParentOneOf<["AsyncScopeOp", "CommitGroupOp", "CommitQueueOp",
                 "AccumulatorMapOp", "AccumulatorReduceOp"]>]> {
  let summary = "terminator of asyncpipe regions";
  let description = [{
    Ends the region of an async scope or commit (no operands), or of an
    `asyncpipe.accumulator_map` or `asyncpipe.accumulator_reduce` (the new
    element or partial value).
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let hasVerifier = 1;
}

#endif // ASYNCPIPE_OPS_TD
