//===- AsyncPipe.h - asyncpipe dialect --------------------------*- C++ -*-===//
#ifndef ASYNCPIPE_DIALECT_ASYNCPIPE_H
#define ASYNCPIPE_DIALECT_ASYNCPIPE_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "AsyncPipe/AsyncEffects.h"
#include "AsyncPipe/AsyncPipeDialect.h.inc"

namespace mlir::asyncpipe {
/// The FIFO of groups of every asyncpipe queue, as a side-effect resource:
/// ops that join or commit groups write it (AsyncPipeOps.td says why).
struct QueueResource : public SideEffects::Resource::Base<QueueResource> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(QueueResource)
  StringRef getName() final { return "asyncpipe.queues"; }
};

/// Tensor-core accumulator registers (`!asyncpipe.accumulator`), as a
/// side-effect resource that is not memory: `asyncpipe.mma` writes them
/// asynchronously, `asyncpipe.accumulator_store` reads them. The
/// synchronization passes track them like buffers (asyncpipeMemoryEffects
/// reports them); upstream passes see effects on this resource, which
/// never alias ordinary memory.
struct AccumulatorResource : public SideEffects::Resource::Base<AccumulatorResource> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AccumulatorResource)
  StringRef getName() final { return "asyncpipe.accumulators"; }
};
} // namespace mlir::asyncpipe

#define GET_TYPEDEF_CLASSES
#include "AsyncPipe/AsyncPipeTypes.h.inc"

#define GET_OP_CLASSES
#include "AsyncPipe/AsyncPipeOps.h.inc"

#endif // ASYNCPIPE_DIALECT_ASYNCPIPE_H
