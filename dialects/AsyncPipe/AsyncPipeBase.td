//===- AsyncPipeBase.td - asyncpipe dialect and types -------*- tablegen -*-===//
//
// The `asyncpipe` dialect expresses asynchronous operations inside device
// code and their two synchronization models (tvm-async-pipeline-rfc):
//
//  * explicit (token) form: async ops yield `!asyncpipe.token`s, which
//    `asyncpipe.commit_group` commits to a queue as one group, yielding a
//    `!asyncpipe.group`; `asyncpipe.wait` waits for *these* groups.
//  * counting form: `asyncpipe.commit_queue` / `asyncpipe.commit` push groups
//    on a queue; `asyncpipe.wait_queue q, N` blocks until at most N groups are
//    still in flight on queue q (PTX `cp.async.wait_group N`).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_BASE_TD
#define ASYNCPIPE_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def AsyncPipe_Dialect : Dialect {
  let name = "asyncpipe";
  let cppNamespace = "::mlir::asyncpipe";
  let summary = "Asynchronous operations and their synchronization in device code";
  let description = [{
    Async operations (`asyncpipe.copy`, `asyncpipe.async_scope`) run
    asynchronously with respect to the issuing thread. Their completion is
    observed in one of two forms.

    **Token form.** Each async op yields a `!asyncpipe.token`.
    `asyncpipe.commit_group` commits tokens (or the async ops of its region)
    as one *group* to a queue and yields a `!asyncpipe.group`;
    `asyncpipe.wait` blocks until the given groups have completed.
    Groups of one queue complete in FIFO order in both forms: once a group has
    completed, so has every group committed to its queue before it.

    **Counting form.** `asyncpipe.commit_queue q { ... }` commits the async
    ops of its region as one group to queue `q`; `asyncpipe.commit q` commits
    every async op issued to `q` since the previous commit. Groups committed
    to one queue complete in FIFO order. `asyncpipe.wait_queue q, N` blocks
    until at most the `N` most recently committed groups of queue `q` are
    still in flight. `N` is an in-flight count, not a finished count, so
    `wait_queue q, 0` drains the queue.

    Queues are non-negative integers. A backend maps logical queues onto its
    hardware: PTX has a single `cp.async` group queue, onto which
    `asyncpipe-to-nvgpu` recounts them, and on sm_90 mbarriers, on which it
    gives each bulk queue a ring of its own.
  }];
  let useDefaultTypePrinterParser = 1;

  // The software pipeliner's schedule, set on the ops of an scf.for body
  // (`asyncpipe.stage`, `asyncpipe.order`) and on the loop
  // (`asyncpipe.async_stages`, `asyncpipe.first_queue`); see
  // docs/design/software-pipeline.md. Declared here so that the C++ and the
  // Rust passes (ir::ods::asyncpipe::attrs) share one set of names.
  let discardableAttrs = (ins
    "::mlir::IntegerAttr":$stage,
    "::mlir::IntegerAttr":$order,
    "::mlir::DenseI64ArrayAttr":$async_stages,
    "::mlir::IntegerAttr":$first_queue,
    // On a gpu.func whose workgroup buffers asyncpipe-workgroup-attributions
    // placed in dynamic shared memory: the bytes a launch must give it.
    "::mlir::IntegerAttr":$dynamic_shared_bytes,
    // On a workgroup memref.alloc whose tiles asyncpipe-lower-mma reads with
    // wgmma (sm_90a): the swizzle, in bytes (128), in which the tiles are
    // laid out, so that asyncpipe-to-nvgpu fills them with tensor-map copies
    // (cp.async.bulk.tensor) that write that layout.
    "::mlir::IntegerAttr":$swizzle,
    // On a gpu.func to which asyncpipe-to-nvgpu appended tensor-map
    // arguments (one per global buffer and box its tensor-map copies read):
    // for each, in argument order, [the argument it describes, box rows,
    // box columns, swizzle bytes], what the host encodes it from
    // (cuTensorMapEncodeTiled) once per buffer.
    "::mlir::ArrayAttr":$tensor_maps
  );
}

class AsyncPipe_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<AsyncPipe_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def AsyncPipe_TokenType : AsyncPipe_Type<"Token", "token"> {
  let summary = "completion token of one async operation, not yet committed";
  let description = [{
    Yielded by an async op in token form. A token must be committed by
    exactly one `asyncpipe.commit_group` before it can be waited on: the wait
    ops take group tokens only, because hardware queues track groups.
  }];
}

def AsyncPipe_GroupType : AsyncPipe_Type<"Group", "group"> {
  let summary = "token of a group of async operations committed to a queue";
  let description = [{
    Yielded by `asyncpipe.commit_group`. It may flow through control flow
    (e.g. `scf.for` iter_args) and is consumed by `asyncpipe.wait`.
  }];
}

def AsyncPipe_AccumulatorType : AsyncPipe_Type<"Accumulator", "accumulator"> {
  let summary = "a tile of tensor-core accumulator registers";
  let description = [{
    An `M x N` tile of accumulators that `asyncpipe.mma` adds products into:
    registers, not memory. On a GPU the tile is spread over the registers of
    the threads that issue the MMAs together (a warp for `mma.sync`, a
    warpgroup for `wgmma`); on a CPU it is the thread's own. A value of this
    type names the tile, as a memref names a buffer: `asyncpipe.mma`
    accumulates into it in place, so a pipelined loop needs no loop-carried
    value for it. Its accesses are effects on
    `mlir::asyncpipe::AccumulatorResource` (not memory), which the
    synchronization passes track like buffers: an asynchronous MMA writes
    the tile until a wait completes it.

    ```mlir
    %acc = asyncpipe.accumulator_init : !asyncpipe.accumulator<128x128xf32>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRows() const { return getShape()[0]; }
    int64_t getColumns() const { return getShape()[1]; }
  }];
}

class AsyncPipe_Op<string mnemonic, list<Trait> traits = []>
    : Op<AsyncPipe_Dialect, mnemonic, traits>;

#endif // ASYNCPIPE_BASE_TD
