//===- Transforms.h - C++ transforms and analyses for Rust passes -*- C -*-===//
//
// What asyncpipe's Rust passes need from MLIR's C++ side and the C API does
// not offer: memory effects through MemoryEffectOpInterface, multi-buffering
// of an allocation inside a loop, and which attributes a registered op
// declares.
//
//===----------------------------------------------------------------------===//
#ifndef ASYNCPIPE_C_TRANSFORMS_H
#define ASYNCPIPE_C_TRANSFORMS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kind of one memory effect reported by asyncpipeMemoryEffects.
typedef enum {
  AsyncpipeEffectRead = 0,
  AsyncpipeEffectWrite = 1,
  AsyncpipeEffectAllocate = 2,
  AsyncpipeEffectFree = 3,
} AsyncpipeEffectKind;

/// Receives one memory effect; `value` is null when the effect is on no
/// particular value (e.g. "writes some memory").
typedef void (*AsyncpipeEffectFn)(void *userData, AsyncpipeEffectKind kind,
                                  MlirValue value);

/// Reports every memory effect of `op` and of the ops nested in it
/// (mlir::getEffectsRecursively), leaving out effects on asyncpipe's queue
/// FIFOs (mlir::asyncpipe::QueueResource), which are not memory; effects on
/// accumulator registers (mlir::asyncpipe::AccumulatorResource) are reported,
/// on their `!asyncpipe.accumulator` value, as storage. Returns false, reporting nothing, when
/// some op's effects are unknown (it implements no effect interface).
MLIR_CAPI_EXPORTED bool asyncpipeMemoryEffects(MlirOperation op,
                                               AsyncpipeEffectFn fn,
                                               void *userData);

/// Receives a message (e.g. why a transform does not apply).
typedef void (*AsyncpipeMessageFn)(void *userData, MlirStringRef message);

/// Multi-buffers `alloc` (a `memref.alloc` or `memref.alloca` with identity
/// layout, outside `loop`, an `scf.for`) into `versions` versions: a new
/// allocation with a leading dimension of `versions`, and, at the start of
/// the loop body, a subview of version `((iv - lb) / step) mod versions`
/// that replaces every use of `alloc` inside the loop, at any depth, with
/// the types of derived subviews updated. A `memref.dealloc` after the loop
/// frees the new allocation. Unlike upstream `memref::multiBuffer`, uses in
/// nested loops are allowed (a pipelined loop reads its buffers in inner
/// loops).
///
/// With `apply` false, only checks. Returns false and calls `why` when the
/// rewrite does not apply; nothing is changed then. When applied, the new
/// allocation is stored in `*newAlloc` (if not null).
MLIR_CAPI_EXPORTED bool asyncpipeMultiBuffer(MlirOperation alloc,
                                             MlirOperation loop,
                                             unsigned versions, bool apply,
                                             MlirOperation *newAlloc,
                                             AsyncpipeMessageFn why,
                                             void *userData);

/// Whether the op registered as `opName` in `context` declares an inherent
/// attribute (or property) named `attrName` (false for an unregistered op).
MLIR_CAPI_EXPORTED bool asyncpipeOperationDeclaresAttribute(MlirContext context,
                                                            MlirStringRef opName,
                                                            MlirStringRef attrName);

#ifdef __cplusplus
}
#endif

#endif // ASYNCPIPE_C_TRANSFORMS_H
