//===- CAPI.cpp - C API for the asyncpipe dialect -------------------------===//
#include "asyncpipe-c/Dialect/AsyncPipe.h"
#include "AsyncPipe/AsyncPipe.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(AsyncPipe, asyncpipe,
                                      mlir::asyncpipe::AsyncPipeDialect)

bool asyncpipeTypeIsAToken(MlirType type) {
  return llvm::isa<mlir::asyncpipe::TokenType>(unwrap(type));
}
MlirType asyncpipeTokenTypeGet(MlirContext ctx) {
  return wrap(mlir::asyncpipe::TokenType::get(unwrap(ctx)));
}
bool asyncpipeTypeIsAGroup(MlirType type) {
  return llvm::isa<mlir::asyncpipe::GroupType>(unwrap(type));
}
MlirType asyncpipeGroupTypeGet(MlirContext ctx) {
  return wrap(mlir::asyncpipe::GroupType::get(unwrap(ctx)));
}

// The C enums are the C++ ones.
static_assert(static_cast<int>(mlir::asyncpipe::AsyncSync::Queue) == ASYNCPIPE_ASYNC_SYNC_QUEUE &&
              static_cast<int>(mlir::asyncpipe::AsyncSync::Token) == ASYNCPIPE_ASYNC_SYNC_TOKEN &&
              static_cast<int>(mlir::asyncpipe::AsyncSync::MBarrier) == ASYNCPIPE_ASYNC_SYNC_MBARRIER &&
              static_cast<int>(mlir::asyncpipe::AsyncSync::BlockBarrier) == ASYNCPIPE_ASYNC_SYNC_BLOCK_BARRIER);
static_assert(static_cast<int>(mlir::asyncpipe::AsyncScope::Thread) == ASYNCPIPE_ASYNC_SCOPE_THREAD &&
              static_cast<int>(mlir::asyncpipe::AsyncScope::Block) == ASYNCPIPE_ASYNC_SCOPE_BLOCK);
static_assert(mlir::asyncpipe::kEnclosingQueue == ASYNCPIPE_ENCLOSING_QUEUE &&
              mlir::asyncpipe::kTargetQueue == ASYNCPIPE_TARGET_QUEUE);

bool asyncpipeOperationHasAsyncEffects(MlirOperation op) {
  return llvm::isa<mlir::asyncpipe::AsyncEffectOpInterface>(unwrap(op));
}

intptr_t asyncpipeOperationWalkAsyncEffects(MlirOperation op,
                                            void (*callback)(AsyncpipeAsyncEffect, void *),
                                            void *userData) {
  auto interface = llvm::dyn_cast<mlir::asyncpipe::AsyncEffectOpInterface>(unwrap(op));
  if (!interface)
    return 0;
  llvm::SmallVector<mlir::asyncpipe::AsyncEffectGroup> groups;
  interface.getAsyncEffectGroups(groups);
  for (auto [index, group] : llvm::enumerate(groups)) {
    AsyncpipeAsyncEffect out;
    out.group = static_cast<intptr_t>(index);
    out.sync = static_cast<AsyncpipeAsyncSync>(group.sync);
    out.queue = group.queue;
    out.handle = wrap(group.handle);
    out.scope = static_cast<AsyncpipeAsyncScope>(group.scope);
    // A group with no effect still says how it is synchronized.
    out.write = false;
    out.value = MlirValue{nullptr};
    out.accessor = MlirOperation{nullptr};
    if (group.effects.empty())
      callback(out, userData);
    for (const mlir::asyncpipe::AsyncEffect &effect : group.effects) {
      out.write = effect.write;
      out.value = wrap(effect.value);
      out.accessor = wrap(effect.accessor);
      callback(out, userData);
    }
  }
  return static_cast<intptr_t>(groups.size());
}
