//===- Registration.cpp - dialect and upstream registration ---------------===//
//
// asyncpipe-c/Registration.h: asyncpipe's dialects, and every upstream
// dialect, extension, translation and pass, into registries.
//
//===----------------------------------------------------------------------===//
#include "asyncpipe-c/Registration.h"

#include "AsyncOp/AsyncOp.h"
#include "AsyncPipe/AsyncPipe.h"
#include "Par/BufferizableOpInterfaceImpl.h"
#include "Par/Par.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void asyncpipeRegisterDialects(MlirDialectRegistry registry) {
  unwrap(registry)->insert<mlir::asyncpipe::AsyncPipeDialect,
                           mlir::par::ParDialect,
                           mlir::asyncop::AsyncOpDialect>();
  // The async effects of the upstream ops asyncpipe models, for when their
  // dialects load.
  mlir::asyncpipe::registerAsyncEffectExternalModels(*unwrap(registry));
  // One-Shot Bufferize takes par.foreach_thread on tensors to buffers.
  mlir::par::registerBufferizableOpInterfaceExternalModels(*unwrap(registry));
}

void asyncpipeRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::DialectRegistry &r = *unwrap(registry);
  mlir::registerAllDialects(r);
  mlir::registerAllExtensions(r);
  mlir::registerAllToLLVMIRTranslations(r);
  asyncpipeRegisterDialects(registry);
}

void asyncpipeRegisterUpstreamPasses(void) {
  static bool once = [] {
    mlir::registerAllPasses();
    return true;
  }();
  (void)once;
}
