//===- Registration.h - register asyncpipe with MLIR -------------*- C -*-===//
//
// Entry points used by the Rust crate and by embedders: register every
// dialect (asyncpipe's and upstream's) into a registry, and upstream's and
// asyncpipe's C++ passes and pipelines into the global registry. The Rust
// pass bridge is ExternalPass.h, diagnostics Diagnostics.h, the driver
// OptMain.h.
//
//===----------------------------------------------------------------------===//
#ifndef ASYNCPIPE_C_REGISTRATION_H
#define ASYNCPIPE_C_REGISTRATION_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Inserts asyncpipe's dialects into `registry`, and the external models of
/// AsyncEffectOpInterface for the upstream ops asyncpipe knows (attached when
/// their dialects load).
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

#ifdef __cplusplus
}
#endif

#endif // ASYNCPIPE_C_REGISTRATION_H
