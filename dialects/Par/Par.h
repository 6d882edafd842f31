//===- Par.h - par dialect --------------------------------------*- C++ -*-===//
#ifndef ASYNCPIPE_DIALECT_PAR_H
#define ASYNCPIPE_DIALECT_PAR_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "Par/ParDialect.h.inc"

namespace mlir::par {
class ParallelInsertSliceOp;
}

#define GET_OP_CLASSES
#include "Par/ParOps.h.inc"

#endif // ASYNCPIPE_DIALECT_PAR_H
