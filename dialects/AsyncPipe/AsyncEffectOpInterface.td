//===- AsyncEffectOpInterface.td - ops whose effects finish later -*- tablegen -*-===//
//
// The async-side-effects document's interface (mlir-async-side-effects):
// an op says which of its side effects complete after it returns, grouped
// by what completes them, and which threads see the completion. Every
// synchronization pass asks it rather than naming op kinds.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_ASYNC_EFFECT_OP_INTERFACE_TD
#define ASYNCPIPE_ASYNC_EFFECT_OP_INTERFACE_TD

include "mlir/IR/OpBase.td"

def AsyncPipe_AsyncEffectOpInterface : OpInterface<"AsyncEffectOpInterface"> {
  let cppNamespace = "::mlir::asyncpipe";
  let description = [{
    An op whose side effects may complete after it returns (an offloaded or
    DMA-like operation: `cp.async`, a bulk copy, async compute). Its
    asynchronous effects come in groups; each group completes at once,
    through one sync resource (`AsyncSync`):

    - `Queue`: counted groups on a per-thread FIFO. A commit closes the
      group; a wait that leaves at most N groups in flight completes every
      group older than the N newest. `queue` names the queue: a logical
      queue number, `kEnclosingQueue` (the queue of the enclosing commit
      region), or `kTargetQueue` (the target's one hardware group queue,
      PTX's `cp.async` queue).
    - `Token`: a value names the group (`handle`: the op's token); a wait on
      it, or on a group that commits it, completes it.
    - `MBarrier`: the group completes with the phase of a barrier object
      (`handle`) that counts arrivals and transferred bytes.
    - `BlockBarrier`: the effects are complete in every thread after the
      next block barrier (a cooperative operation in SPMD code).
    - `BarrierSlot`: one of a limited set of numbered sync objects (a DMA
      semaphore, an mbarrier slot) that must be initialized before use and
      is waited on once per completion: a second wait with nothing pending
      hangs. `queue` is its number, `kUnassignedSlot` while a pass is to
      choose one (createInit binds it).

    and is visible to the issuing thread only, or to every thread of the
    block that observes the completion (`AsyncScope`). Effects of the op that
    are in no group are synchronous.

    The builders (the document's createInit, doesInitialize, createWait,
    doesSync, and the fill it asks for in its loose ends) say how a group is
    synchronized, so that `asyncpipe-synchronize` can synchronize an op it
    does not know: the group is its index in `getAsyncEffectGroups`. Their
    defaults follow the group's sync resource: no init; a drained logical
    queue (`asyncpipe.wait_queue q, 0`) or a block barrier (`gpu.barrier`)
    as the wait; none for the others, whose op must say (a token's or a
    barrier object's wait depends on the op).
  }];
  let methods = [
    InterfaceMethod<[{
        Appends the op's groups of asynchronous effects: for each, the values
        (memrefs, pointers, or registers such as an accumulator) it reads or
        writes until it completes, with the op that accesses each (the op
        itself, or an op nested in its region), its sync resource and its
        scope.
      }],
      "void", "getAsyncEffectGroups",
      (ins "::llvm::SmallVectorImpl<::mlir::asyncpipe::AsyncEffectGroup> &":$groups)>,
    InterfaceMethod<[{
        Creates at the builder's insertion point what prepares sync resource
        `resource` (a slot number, for `BarrierSlot`) for group `group`, and
        binds the op to it; returns one of the ops created, or null when the
        group needs no initialization.
      }],
      "::mlir::Operation *", "createInit",
      (ins "unsigned":$group, "int64_t":$resource, "::mlir::OpBuilder &":$builder), [{}],
      [{ return nullptr; }]>,
    InterfaceMethod<[{
        Whether `other` initializes the sync resource of group `group` (true
        for what `createInit` returned; for null when the group needs none).
      }],
      "bool", "doesInitialize",
      (ins "unsigned":$group, "::mlir::Operation *":$other), [{}],
      [{ return other == nullptr; }]>,
    InterfaceMethod<[{
        Creates at the builder's insertion point an op that blocks until
        group `group` is complete, and returns it; null when the op cannot
        say (the caller reports it).
      }],
      "::mlir::Operation *", "createWait",
      (ins "unsigned":$group, "::mlir::OpBuilder &":$builder), [{}],
      [{ return ::mlir::asyncpipe::createDefaultAsyncWait($_op, group, builder); }]>,
    InterfaceMethod<[{
        Whether `other` is certain to complete group `group` once the group
        is issued (true for what `createWait` returned).
      }],
      "bool", "doesSync",
      (ins "unsigned":$group, "::mlir::Operation *":$other), [{}],
      [{ return ::mlir::asyncpipe::doesDefaultAsyncSync($_op, group, other); }]>,
    InterfaceMethod<[{
        Creates at the builder's insertion point what completes the group's
        sync resource with no work (the document's "manually fill the
        resource"), so that a wait moved to the top of a loop passes on the
        first iteration; null when a wait with nothing pending passes anyway
        (a counted queue, a block barrier).
      }],
      "::mlir::Operation *", "createFill",
      (ins "unsigned":$group, "::mlir::OpBuilder &":$builder), [{}],
      [{ return nullptr; }]>,
  ];
}

#endif // ASYNCPIPE_ASYNC_EFFECT_OP_INTERFACE_TD
