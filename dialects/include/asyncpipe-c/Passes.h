//===- Passes.h - asyncpipe's Rust passes for C and C++ hosts ----*- C -*-===//
//
// asyncpipe's passes are written in Rust and live in libasyncpipe.so (CMake
// target AsyncPipe::Passes). A host that shares asyncpipe's MLIR (the same
// libMLIR.so) registers them once, next to its own passes.
//
//===----------------------------------------------------------------------===//
#ifndef ASYNCPIPE_C_PASSES_H
#define ASYNCPIPE_C_PASSES_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers every asyncpipe pass (`asyncpipe-*`) and pipeline
/// (`asyncpipe-to-ptx`) in MLIR's global pass registry; upstream passes are
/// the host's to register (asyncpipeRegisterUpstreamPasses). Idempotent.
MLIR_CAPI_EXPORTED void asyncpipeRegisterPasses(void);

#ifdef __cplusplus
}
#endif

#endif // ASYNCPIPE_C_PASSES_H
