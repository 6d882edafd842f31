//===- Par.h - C API for the par dialect -------------------------*- C -*-===//
#ifndef ASYNCPIPE_C_DIALECT_PAR_H
#define ASYNCPIPE_C_DIALECT_PAR_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Par, par);

#ifdef __cplusplus
}
#endif

#endif
