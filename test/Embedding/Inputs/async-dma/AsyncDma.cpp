//===- AsyncDma.cpp - a dialect plugin with async effects -----------------===//
//
// The op's AsyncEffectOpInterface: one group, read the source and write the
// destination, on the logical queue of its engine (or of its enclosing
// commit region), seen by the thread that started it. Nothing else of asyncpipe is needed: its passes ask the
// interface.
//
//===----------------------------------------------------------------------===//
#include "AsyncPipe/AsyncEffects.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Config/llvm-config.h"

#include "AsyncDmaDialect.h.inc"
#define GET_OP_CLASSES
#include "AsyncDmaOps.h.inc"

#include "AsyncDmaDialect.cpp.inc"
#define GET_OP_CLASSES
#include "AsyncDmaOps.cpp.inc"

using namespace mlir;

void asyncdma::AsyncDmaDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "AsyncDmaOps.cpp.inc"
      >();
}

void asyncdma::StartOp::getAsyncEffectGroups(llvm::SmallVectorImpl<asyncpipe::AsyncEffectGroup> &groups) {
  asyncpipe::AsyncEffectGroup group;
  group.effects.push_back({false, getSource(), getOperation()});
  group.effects.push_back({true, getDest(), getOperation()});
  group.sync = asyncpipe::AsyncSync::Queue;
  group.queue = getEngine() ? static_cast<int64_t>(*getEngine()) : asyncpipe::kEnclosingQueue;
  group.scope = asyncpipe::AsyncScope::Thread;
  groups.push_back(group);
}

// The transfer's one group completes through its semaphore, a limited,
// numbered resource: the interface's builders are the engine's own ops.
void asyncdma::TransferOp::getAsyncEffectGroups(llvm::SmallVectorImpl<asyncpipe::AsyncEffectGroup> &groups) {
  asyncpipe::AsyncEffectGroup group;
  group.effects.push_back({false, getSource(), getOperation()});
  group.effects.push_back({true, getDest(), getOperation()});
  group.sync = asyncpipe::AsyncSync::BarrierSlot;
  group.queue = getSemaphore() ? static_cast<int64_t>(*getSemaphore()) : asyncpipe::kUnassignedSlot;
  group.scope = asyncpipe::AsyncScope::Thread;
  groups.push_back(group);
}

Operation *asyncdma::TransferOp::createInit(unsigned group, int64_t resource, OpBuilder &builder) {
  if (group != 0 || resource < 0)
    return nullptr;
  setSemaphore(resource);
  return builder.create<SemaphoreInitOp>(getLoc(), resource);
}

/// Whether `other` is a semaphore op `Op` on this transfer's semaphore.
template <typename Op>
static bool onSemaphore(asyncdma::TransferOp transfer, Operation *other) {
  auto op = llvm::dyn_cast_or_null<Op>(other);
  return op && transfer.getSemaphore() && op.getSemaphore() == *transfer.getSemaphore();
}

bool asyncdma::TransferOp::doesInitialize(unsigned group, Operation *other) {
  return group == 0 && onSemaphore<SemaphoreInitOp>(*this, other);
}

Operation *asyncdma::TransferOp::createWait(unsigned group, OpBuilder &builder) {
  if (group != 0 || !getSemaphore())
    return nullptr;
  return builder.create<SemaphoreWaitOp>(getLoc(), *getSemaphore());
}

bool asyncdma::TransferOp::doesSync(unsigned group, Operation *other) {
  return group == 0 && onSemaphore<SemaphoreWaitOp>(*this, other);
}

Operation *asyncdma::TransferOp::createFill(unsigned group, OpBuilder &builder) {
  if (group != 0 || !getSemaphore())
    return nullptr;
  return builder.create<SemaphoreSignalOp>(getLoc(), *getSemaphore());
}

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AsyncDma", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) { registry->insert<asyncdma::AsyncDmaDialect>(); }};
}
