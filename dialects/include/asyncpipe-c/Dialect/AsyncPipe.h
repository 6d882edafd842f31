//===- AsyncPipe.h - C API for the asyncpipe dialect -------------------------*- C -*-===//
#ifndef ASYNCPIPE_C_DIALECT_ASYNCPIPE_H
#define ASYNCPIPE_C_DIALECT_ASYNCPIPE_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(AsyncPipe, asyncpipe);

/// `!asyncpipe.token`: completion token of one async operation.
MLIR_CAPI_EXPORTED bool asyncpipeTypeIsAToken(MlirType type);
MLIR_CAPI_EXPORTED MlirType asyncpipeTokenTypeGet(MlirContext ctx);

/// `!asyncpipe.group`: token of a committed group.
MLIR_CAPI_EXPORTED bool asyncpipeTypeIsAGroup(MlirType type);
MLIR_CAPI_EXPORTED MlirType asyncpipeGroupTypeGet(MlirContext ctx);

/// `!asyncpipe.accumulator<RxCxT>`: a tile of tensor-core accumulator
/// registers.
MLIR_CAPI_EXPORTED bool asyncpipeTypeIsAAccumulator(MlirType type);
/// A tile of `shape` (`rank` sizes: rows, columns) of `element` (f32 or
/// f16), the type's ODS parameters in order, arrays as a count and a
/// pointer; a null type, with the verifier's error on the context, when the
/// type is invalid.
MLIR_CAPI_EXPORTED MlirType asyncpipeAccumulatorTypeGet(MlirContext ctx, intptr_t rank, const int64_t *shape,
                                                       MlirType element);
MLIR_CAPI_EXPORTED int64_t asyncpipeAccumulatorTypeGetRows(MlirType type);
MLIR_CAPI_EXPORTED int64_t asyncpipeAccumulatorTypeGetColumns(MlirType type);
MLIR_CAPI_EXPORTED MlirType asyncpipeAccumulatorTypeGetElementType(MlirType type);

//===----------------------------------------------------------------------===//
// AsyncEffectOpInterface (AsyncPipe/AsyncEffectOpInterface.td)
//===----------------------------------------------------------------------===//

/// What completes a group of async effects.
typedef enum AsyncpipeAsyncSync {
  /// Counted groups on a per-thread queue (commit, then wait for at most N).
  ASYNCPIPE_ASYNC_SYNC_QUEUE = 0,
  /// A wait on a value (the op's token, or a group committing it).
  ASYNCPIPE_ASYNC_SYNC_TOKEN = 1,
  /// The phase of a barrier object that counts arrivals and bytes.
  ASYNCPIPE_ASYNC_SYNC_MBARRIER = 2,
  /// The next block barrier, for every thread.
  ASYNCPIPE_ASYNC_SYNC_BLOCK_BARRIER = 3,
  /// A numbered sync object from a limited set, initialized before use and
  /// waited on once per completion (`queue`: its number, or
  /// ASYNCPIPE_UNASSIGNED_SLOT).
  ASYNCPIPE_ASYNC_SYNC_BARRIER_SLOT = 4,
} AsyncpipeAsyncSync;

/// Which threads see a group complete.
typedef enum AsyncpipeAsyncScope {
  ASYNCPIPE_ASYNC_SCOPE_THREAD = 0,
  ASYNCPIPE_ASYNC_SCOPE_BLOCK = 1,
} AsyncpipeAsyncScope;

/// `AsyncpipeAsyncEffect.queue` of an op committed by its enclosing commit
/// region, and of the target's one hardware group queue (PTX's cp.async).
enum AsyncpipeAsyncQueue { ASYNCPIPE_ENCLOSING_QUEUE = -1, ASYNCPIPE_TARGET_QUEUE = -2 };
/// `AsyncpipeAsyncEffect.queue` of a barrier-slot group with no slot yet.
enum AsyncpipeAsyncSlot { ASYNCPIPE_UNASSIGNED_SLOT = -1 };

/// One asynchronous read or write of an op: of `value`, by `accessor` (the
/// op or an op nested in it), in group `group` of the op, with that group's
/// sync resource (`queue` for ASYNCPIPE_ASYNC_SYNC_QUEUE; `handle`: the
/// token a commit or wait names, or the mbarrier) and scope.
typedef struct AsyncpipeAsyncEffect {
  intptr_t group;
  bool write;
  MlirValue value;
  MlirOperation accessor;
  AsyncpipeAsyncSync sync;
  int64_t queue;
  MlirValue handle;
  AsyncpipeAsyncScope scope;
} AsyncpipeAsyncEffect;

/// Whether `op` implements AsyncEffectOpInterface (itself or through an
/// external model).
MLIR_CAPI_EXPORTED bool asyncpipeOperationHasAsyncEffects(MlirOperation op);

/// Calls `callback(effect, userData)` for each async effect of `op`, group
/// by group, in the op's order (a group with no effect once, with a null
/// `value` and `accessor`, for its sync resource and scope); returns the
/// number of groups (0 when `op` does not implement the interface).
MLIR_CAPI_EXPORTED intptr_t asyncpipeOperationWalkAsyncEffects(
    MlirOperation op, void (*callback)(AsyncpipeAsyncEffect effect, void *userData), void *userData);

/// The interface's builders, for group `group` of `op`, inserting before
/// `before`: createInit (for sync resource `resource`), createWait and
/// createFill return the op created, or a null operation when the group
/// needs none (or, for a wait, when the op cannot say).
MLIR_CAPI_EXPORTED MlirOperation asyncpipeOperationCreateAsyncInit(MlirOperation op, intptr_t group,
                                                                   int64_t resource, MlirOperation before);
MLIR_CAPI_EXPORTED MlirOperation asyncpipeOperationCreateAsyncWait(MlirOperation op, intptr_t group,
                                                                   MlirOperation before);
MLIR_CAPI_EXPORTED MlirOperation asyncpipeOperationCreateAsyncFill(MlirOperation op, intptr_t group,
                                                                   MlirOperation before);
/// Whether `other` (may be null) initializes, or is certain to complete,
/// group `group` of `op`.
MLIR_CAPI_EXPORTED bool asyncpipeOperationDoesAsyncInitialize(MlirOperation op, intptr_t group, MlirOperation other);
MLIR_CAPI_EXPORTED bool asyncpipeOperationDoesAsyncSync(MlirOperation op, intptr_t group, MlirOperation other);

#ifdef __cplusplus
}
#endif

#endif
