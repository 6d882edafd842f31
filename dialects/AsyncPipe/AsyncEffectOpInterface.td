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

    and is visible to the issuing thread only, or to every thread of the
    block that observes the completion (`AsyncScope`). Effects of the op that
    are in no group are synchronous.
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
  ];
}

#endif // ASYNCPIPE_ASYNC_EFFECT_OP_INTERFACE_TD
