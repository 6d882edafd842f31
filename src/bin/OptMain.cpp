//===- OptMain.cpp - the mlir-opt driver for asyncpipe-opt ----------------===//
//
// asyncpipe-c/OptMain.h: what asyncpipe-opt.rs runs once the Rust passes are
// registered.
//
//===----------------------------------------------------------------------===//
#include "asyncpipe-c/OptMain.h"
#include "asyncpipe-c/Registration.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int asyncpipeOptMain(int argc, char **argv) {
  mlir::DialectRegistry registry;
  asyncpipeRegisterAllDialects(wrap(&registry));
  asyncpipeRegisterUpstreamPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "asyncpipe modular optimizer driver\n", registry));
}
