//===- Registration.h - register asyncpipe with MLIR -------------*- C -*-===//
//
// Entry points used by the Rust crate and by embedders: register every
// dialect (asyncpipe's and upstream's) into a registry, register passes that
// are implemented outside C++ into MLIR's global pass registry, and run the
// mlir-opt driver.
//
//===----------------------------------------------------------------------===//
#ifndef ASYNCPIPE_C_REGISTRATION_H
#define ASYNCPIPE_C_REGISTRATION_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Inserts asyncpipe's dialects into `registry`.
MLIR_CAPI_EXPORTED void asyncpipeRegisterDialects(MlirDialectRegistry registry);

/// Inserts every upstream dialect, extension and LLVM IR translation and
/// asyncpipe's dialects into `registry` (what asyncpipe-opt loads).
MLIR_CAPI_EXPORTED void
asyncpipeRegisterAllDialects(MlirDialectRegistry registry);

/// Registers every upstream pass and pipeline in the global registry.
MLIR_CAPI_EXPORTED void asyncpipeRegisterUpstreamPasses(void);

/// Registers asyncpipe's C++ passes and its pass pipelines (asyncpipe-to-ptx,
/// asyncpipe-attach-nvvm-target). The pipelines name asyncpipe's Rust passes,
/// which must be registered before a pipeline is built.
MLIR_CAPI_EXPORTED void asyncpipeRegisterPipelines(void);

/// Runs one pass implemented outside C++ on `op`. `optionValues` holds the
/// current textual value of each declared option, in declaration order.
/// Returns false when the pass failed (it has emitted its diagnostics).
typedef bool (*AsyncpipeRunPassFn)(void *userData, MlirOperation op,
                                   const MlirStringRef *optionValues,
                                   size_t numOptions);

/// A pass implemented outside C++ (asyncpipe's Rust passes). Strings are
/// copied at registration.
typedef struct {
  const char *argument;    /// command-line name, e.g. "asyncpipe-optimize-waits"
  const char *description;
  const char *anchor;      /// op name the pass runs on, or NULL for any op
  size_t numOptions;
  const char *const *optionNames;
  const char *const *optionDescriptions;
  const char *const *optionDefaults;
  AsyncpipeRunPassFn run;
  void *userData;
} AsyncpipeExternalPassInfo;

/// Registers the pass in MLIR's global pass registry, so it is usable from
/// `--<argument>`, `--pass-pipeline` and `mlir::parsePassPipeline`.
/// Registering the same argument twice is a no-op.
MLIR_CAPI_EXPORTED void
asyncpipeRegisterExternalPass(const AsyncpipeExternalPassInfo *info);

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

/// Runs the mlir-opt driver (MlirOptMain) with every dialect registered by
/// asyncpipeRegisterAllDialects and every pass in the global registry.
/// Returns the process exit code.
MLIR_CAPI_EXPORTED int asyncpipeOptMain(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif // ASYNCPIPE_C_REGISTRATION_H
