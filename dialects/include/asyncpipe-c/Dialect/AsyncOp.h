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

/// The parts of a handle type (`type` must be one: asyncopTypeIsAHandle).
MLIR_CAPI_EXPORTED intptr_t asyncopHandleTypeGetNumOperands(MlirType type);
MLIR_CAPI_EXPORTED MlirType asyncopHandleTypeGetOperand(MlirType type,
                                                        intptr_t pos);
MLIR_CAPI_EXPORTED intptr_t asyncopHandleTypeGetNumOutputs(MlirType type);
MLIR_CAPI_EXPORTED MlirType asyncopHandleTypeGetOutput(MlirType type,
                                                       intptr_t pos);
MLIR_CAPI_EXPORTED MlirType asyncopHandleTypeGetContext(MlirType type);

#ifdef __cplusplus
}
#endif

#endif
