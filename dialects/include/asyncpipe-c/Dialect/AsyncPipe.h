//===- AsyncPipe.h - C API for the asyncpipe dialect -------------------------*- C -*-===//
#ifndef ASYNCPIPE_C_DIALECT_ASYNCPIPE_H
#define ASYNCPIPE_C_DIALECT_ASYNCPIPE_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(AsyncPipe, asyncpipe);

/// `!asyncpipe.token`: completion token of one async operation.
MLIR_CAPI_EXPORTED bool asyncpipeTypeIsAToken(MlirType type);
MLIR_CAPI_EXPORTED MlirType asyncpipeTokenTypeGet(MlirContext ctx);

/// `!asyncpipe.group`: token of a committed group.
MLIR_CAPI_EXPORTED bool asyncpipeTypeIsAGroup(MlirType type);
MLIR_CAPI_EXPORTED MlirType asyncpipeGroupTypeGet(MlirContext ctx);

#ifdef __cplusplus
}
#endif

#endif
