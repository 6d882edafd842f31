//===- CAPI.cpp - C API for the par dialect -------------------------------===//
#include "asyncpipe-c/Dialect/Par.h"
#include "Par/Par.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Par, par, mlir::par::ParDialect)
