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
