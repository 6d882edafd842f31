//===- AsyncOp.h - C API for the asyncop dialect -------------------------*- C -*-===//
#ifndef ASYNCPIPE_C_DIALECT_ASYNCOP_H
#define ASYNCPIPE_C_DIALECT_ASYNCOP_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(AsyncOp, asyncop);

/// `!asyncop.handle<(operands), (outputs), context>`.
MLIR_CAPI_EXPORTED bool asyncopTypeIsAHandle(MlirType type);
MLIR_CAPI_EXPORTED MlirType asyncopHandleTypeGet(MlirContext ctx,
                                                 intptr_t numOperands,
                                                 const MlirType *operands,
                                                 intptr_t numOutputs,
                                                 const MlirType *outputs,
                                                 MlirType context);

#ifdef __cplusplus
}
#endif

#endif
