//===- OptMain.h - the asyncpipe-opt driver -----------------------------*- C -*-===//
//
// MlirOptMain with asyncpipe's dialects and every registered pass.
//
//===----------------------------------------------------------------------===//
#ifndef ASYNCPIPE_C_OPTMAIN_H
#define ASYNCPIPE_C_OPTMAIN_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Runs the mlir-opt driver (MlirOptMain) with every dialect registered by
/// asyncpipeRegisterAllDialects and every pass in the global registry.
/// Returns the process exit code.
MLIR_CAPI_EXPORTED int asyncpipeOptMain(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif // ASYNCPIPE_C_OPTMAIN_H
