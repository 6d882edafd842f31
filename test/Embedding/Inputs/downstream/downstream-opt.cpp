//===- downstream-opt.cpp - an mlir-opt with asyncpipe, built downstream --===//
//
// What a compiler team's own tool does to take asyncpipe in: upstream
// dialects and passes as usual, asyncpipe's dialects as C++ classes, and
// asyncpipe's (Rust) passes through one C call.
//
//===----------------------------------------------------------------------===//
#include "AsyncOp/AsyncOp.h"
#include "AsyncPipe/AsyncPipe.h"
#include "Par/Par.h"
#include "asyncpipe-c/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::asyncpipe::AsyncPipeDialect, mlir::par::ParDialect,
                  mlir::asyncop::AsyncOpDialect>();
  mlir::registerTransformsPasses(); // canonicalize, cse, ...
  asyncpipeRegisterPasses();        // asyncpipe-*, asyncpipe-to-ptx
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "an MLIR tool with asyncpipe\n", registry));
}
