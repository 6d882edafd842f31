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
bool asyncpipeTypeIsAAccumulator(MlirType type) {
  return llvm::isa<mlir::asyncpipe::AccumulatorType>(unwrap(type));
}
MlirType asyncpipeAccumulatorTypeGet(MlirContext ctx, intptr_t rank, const int64_t *shape, MlirType element) {
  mlir::MLIRContext *context = unwrap(ctx);
  return wrap(mlir::asyncpipe::AccumulatorType::getChecked(
      [&] { return mlir::emitError(mlir::UnknownLoc::get(context)); }, context,
      llvm::ArrayRef<int64_t>(shape, rank < 0 ? 0 : rank), unwrap(element)));
}
int64_t asyncpipeAccumulatorTypeGetRows(MlirType type) {
  return llvm::cast<mlir::asyncpipe::AccumulatorType>(unwrap(type)).getRows();
}
int64_t asyncpipeAccumulatorTypeGetColumns(MlirType type) {
  return llvm::cast<mlir::asyncpipe::AccumulatorType>(unwrap(type)).getColumns();
}
MlirType asyncpipeAccumulatorTypeGetElementType(MlirType type) {
  return wrap(llvm::cast<mlir::asyncpipe::AccumulatorType>(unwrap(type)).getElementType());
}

// The C enums are the C++ ones.
static_assert(static_cast<int>(mlir::asyncpipe::AsyncSync::Queue) == ASYNCPIPE_ASYNC_SYNC_QUEUE &&
              static_cast<int>(mlir::asyncpipe::AsyncSync::Token) == ASYNCPIPE_ASYNC_SYNC_TOKEN &&
              static_cast<int>(mlir::asyncpipe::AsyncSync::MBarrier) == ASYNCPIPE_ASYNC_SYNC_MBARRIER &&
              static_cast<int>(mlir::asyncpipe::AsyncSync::BlockBarrier) == ASYNCPIPE_ASYNC_SYNC_BLOCK_BARRIER &&
              static_cast<int>(mlir::asyncpipe::AsyncSync::BarrierSlot) == ASYNCPIPE_ASYNC_SYNC_BARRIER_SLOT);
static_assert(static_cast<int>(mlir::asyncpipe::AsyncScope::Thread) == ASYNCPIPE_ASYNC_SCOPE_THREAD &&
              static_cast<int>(mlir::asyncpipe::AsyncScope::Block) == ASYNCPIPE_ASYNC_SCOPE_BLOCK);
static_assert(mlir::asyncpipe::kEnclosingQueue == ASYNCPIPE_ENCLOSING_QUEUE &&
              mlir::asyncpipe::kTargetQueue == ASYNCPIPE_TARGET_QUEUE &&
              mlir::asyncpipe::kUnassignedSlot == ASYNCPIPE_UNASSIGNED_SLOT);

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

namespace {
/// Calls `build(interface, group, builder)` with a builder before `before`;
/// null when `op` does not implement the interface or `group` is out of
/// range (the builders' groups are the ones getAsyncEffectGroups reports).
template <typename Build>
MlirOperation buildFor(MlirOperation op, intptr_t group, MlirOperation before, Build build) {
  auto interface = llvm::dyn_cast<mlir::asyncpipe::AsyncEffectOpInterface>(unwrap(op));
  if (!interface || group < 0 || !before.ptr)
    return MlirOperation{nullptr};
  llvm::SmallVector<mlir::asyncpipe::AsyncEffectGroup> groups;
  interface.getAsyncEffectGroups(groups);
  if (static_cast<size_t>(group) >= groups.size())
    return MlirOperation{nullptr};
  mlir::OpBuilder builder(unwrap(before));
  return wrap(build(interface, static_cast<unsigned>(group), builder));
}

/// Asks `ask(interface, group, other)`; false when `op` does not implement
/// the interface.
template <typename Ask>
bool askFor(MlirOperation op, intptr_t group, MlirOperation other, Ask ask) {
  auto interface = llvm::dyn_cast<mlir::asyncpipe::AsyncEffectOpInterface>(unwrap(op));
  if (!interface || group < 0)
    return false;
  return ask(interface, static_cast<unsigned>(group), other.ptr ? unwrap(other) : nullptr);
}
} // namespace

MlirOperation asyncpipeOperationCreateAsyncInit(MlirOperation op, intptr_t group, int64_t resource,
                                                MlirOperation before) {
  return buildFor(op, group, before, [&](auto interface, unsigned g, mlir::OpBuilder &b) {
    return interface.createInit(g, resource, b);
  });
}

MlirOperation asyncpipeOperationCreateAsyncWait(MlirOperation op, intptr_t group, MlirOperation before) {
  return buildFor(op, group, before,
                  [](auto interface, unsigned g, mlir::OpBuilder &b) { return interface.createWait(g, b); });
}

MlirOperation asyncpipeOperationCreateAsyncFill(MlirOperation op, intptr_t group, MlirOperation before) {
  return buildFor(op, group, before,
                  [](auto interface, unsigned g, mlir::OpBuilder &b) { return interface.createFill(g, b); });
}

bool asyncpipeOperationDoesAsyncInitialize(MlirOperation op, intptr_t group, MlirOperation other) {
  return askFor(op, group, other, [](auto interface, unsigned g, mlir::Operation *o) {
    return interface.doesInitialize(g, o);
  });
}

bool asyncpipeOperationDoesAsyncSync(MlirOperation op, intptr_t group, MlirOperation other) {
  return askFor(op, group, other,
                [](auto interface, unsigned g, mlir::Operation *o) { return interface.doesSync(g, o); });
}
