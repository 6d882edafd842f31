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

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AsyncDma", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) { registry->insert<asyncdma::AsyncDmaDialect>(); }};
}
