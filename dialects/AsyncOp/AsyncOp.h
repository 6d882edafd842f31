//===- AsyncOp.h - asyncop dialect ------------------------------*- C++ -*-===//
#ifndef ASYNCPIPE_DIALECT_ASYNCOP_H
#define ASYNCPIPE_DIALECT_ASYNCOP_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "AsyncOp/AsyncOpDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "AsyncOp/AsyncOpTypes.h.inc"

#define GET_OP_CLASSES
#include "AsyncOp/AsyncOpOps.h.inc"

#endif // ASYNCPIPE_DIALECT_ASYNCOP_H
