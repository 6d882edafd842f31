//===- AsyncPasses.h - asyncpipe's C++ passes over the async dialect -*- C++ -*-===//
#ifndef ASYNCPIPE_PASSES_ASYNC_ASYNCPASSES_H
#define ASYNCPIPE_PASSES_ASYNC_ASYNCPASSES_H

namespace mlir::asyncpipe {
/// `asyncpipe-async-loop-types` (AsyncLoopTypes.cpp).
void registerAsyncLoopTypesPass();
} // namespace mlir::asyncpipe

#endif // ASYNCPIPE_PASSES_ASYNC_ASYNCPASSES_H
