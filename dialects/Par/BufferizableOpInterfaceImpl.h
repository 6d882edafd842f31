//===- BufferizableOpInterfaceImpl.h - par ops in One-Shot Bufferize -*- C++ -*-===//
#ifndef ASYNCPIPE_DIALECT_PAR_BUFFERIZABLEOPINTERFACEIMPL_H
#define ASYNCPIPE_DIALECT_PAR_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
namespace par {
/// Upstream's BufferizableOpInterface for par.foreach_thread,
/// par.perform_concurrently and par.parallel_insert_slice.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace par
} // namespace mlir

#endif // ASYNCPIPE_DIALECT_PAR_BUFFERIZABLEOPINTERFACEIMPL_H
