//===- AsyncEffects.h - async effect groups ---------------------*- C++ -*-===//
//
// What AsyncEffectOpInterface (AsyncEffectOpInterface.td) reports: groups of
// effects that complete after the op returns, each with its sync resource
// and the threads that see it complete. The external models for upstream
// ops (nvgpu's cp.async, NVVM's bulk copy) are registered with the
// dialects (registerAsyncEffectExternalModels).
//
//===----------------------------------------------------------------------===//
#ifndef ASYNCPIPE_DIALECT_ASYNCEFFECTS_H
#define ASYNCPIPE_DIALECT_ASYNCEFFECTS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace mlir::asyncpipe {

/// What completes a group of async effects (AsyncEffectOpInterface.td).
enum class AsyncSync : uint32_t { Queue = 0, Token = 1, MBarrier = 2, BlockBarrier = 3, BarrierSlot = 4 };

/// Which threads see a group complete: the issuing thread, or every thread
/// of the block that observes the completion.
enum class AsyncScope : uint32_t { Thread = 0, Block = 1 };

/// `AsyncEffectGroup::queue` of a counting-form op that names no queue: the
/// queue of its enclosing commit region.
constexpr int64_t kEnclosingQueue = -1;
/// `AsyncEffectGroup::queue` of the target's one hardware group queue
/// (PTX's cp.async queue, which every cp.async of a thread shares).
constexpr int64_t kTargetQueue = -2;
/// `AsyncEffectGroup::queue` of a `BarrierSlot` group whose slot a pass is
/// to choose.
constexpr int64_t kUnassignedSlot = -1;

/// One asynchronous read or write: of `value`, by `accessor` (the op, or an
/// op nested in its region).
struct AsyncEffect {
  bool write;
  Value value;
  Operation *accessor;
};

/// Effects that complete together.
struct AsyncEffectGroup {
  llvm::SmallVector<AsyncEffect, 2> effects;
  AsyncSync sync = AsyncSync::Queue;
  /// For `Queue`: the logical queue, kEnclosingQueue or kTargetQueue; for
  /// `BarrierSlot`: the slot, or kUnassignedSlot.
  int64_t queue = kEnclosingQueue;
  /// For `Token`: the value a wait names; for `MBarrier`: the barrier.
  Value handle;
  AsyncScope scope = AsyncScope::Thread;
};

/// Attaches AsyncEffectOpInterface to the ops asyncpipe models outside its
/// own dialect's ODS (nvgpu.device_async_copy,
/// nvvm.cp.async.bulk.shared.cluster.global, asyncop.start, and memref.copy
/// into workgroup memory in SPMD code), when their dialects load.
void registerAsyncEffectExternalModels(DialectRegistry &registry);

/// AsyncEffectOpInterface's default createWait: `asyncpipe.wait_queue q, 0`
/// for a group on logical queue q, `gpu.barrier` for a block barrier's,
/// null for the others.
Operation *createDefaultAsyncWait(Operation *op, unsigned group, OpBuilder &builder);
/// AsyncEffectOpInterface's default doesSync: a wait that drains the
/// group's logical queue, or a block barrier for a block barrier's group.
bool doesDefaultAsyncSync(Operation *op, unsigned group, Operation *other);

} // namespace mlir::asyncpipe

#include "AsyncPipe/AsyncEffectOpInterface.h.inc"

#endif // ASYNCPIPE_DIALECT_ASYNCEFFECTS_H
