//===- Diagnostics.h - diagnostics with notes ---------------------------*- C -*-===//
//
// Errors, warnings and remarks at a location, with an optional note: MLIR's
// C API emits errors only.
//
//===----------------------------------------------------------------------===//
#ifndef ASYNCPIPE_C_DIAGNOSTICS_H
#define ASYNCPIPE_C_DIAGNOSTICS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Severity of a diagnostic emitted through asyncpipeEmitDiagnostic.
typedef enum {
  AsyncpipeError = 0,
  AsyncpipeWarning = 1,
  AsyncpipeRemark = 2,
} AsyncpipeSeverity;

/// Emits a diagnostic at `loc`, with an optional note (set `noteMessage.data`
/// to NULL for none) at `noteLoc`.
MLIR_CAPI_EXPORTED void
asyncpipeEmitDiagnostic(MlirLocation loc, AsyncpipeSeverity severity,
                        MlirStringRef message, MlirLocation noteLoc,
                        MlirStringRef noteMessage);

#ifdef __cplusplus
}
#endif

#endif // ASYNCPIPE_C_DIAGNOSTICS_H
