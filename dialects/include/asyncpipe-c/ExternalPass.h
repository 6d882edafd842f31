//===- ExternalPass.h - passes implemented outside C++ ------------------*- C -*-===//
//
// The bridge that puts passes written in another language (asyncpipe's Rust
// passes) into MLIR's global pass registry, with real pass options.
//
//===----------------------------------------------------------------------===//
#ifndef ASYNCPIPE_C_EXTERNALPASS_H
#define ASYNCPIPE_C_EXTERNALPASS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

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

/// The description of option `option` of the registered external pass
/// `argument`, or NULL when there is none. The string lives as long as the
/// process: pipelines that forward an option to a Rust pass describe it in
/// the pass's own words.
MLIR_CAPI_EXPORTED const char *
asyncpipeExternalPassOptionDescription(const char *argument, const char *option);

#ifdef __cplusplus
}
#endif

#endif // ASYNCPIPE_C_EXTERNALPASS_H
