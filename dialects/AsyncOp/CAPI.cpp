//===- CAPI.cpp - C API for the asyncop dialect ---------------------------===//
#include "asyncpipe-c/Dialect/AsyncOp.h"
#include "AsyncOp/AsyncOp.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(AsyncOp, asyncop,
                                      mlir::asyncop::AsyncOpDialect)

bool asyncopTypeIsAHandle(MlirType type) {
  return llvm::isa<mlir::asyncop::HandleType>(unwrap(type));
}

MlirType asyncopHandleTypeGet(MlirContext ctx, intptr_t numOperands,
                              const MlirType *operands, intptr_t numOutputs,
                              const MlirType *outputs, MlirType context) {
  llvm::SmallVector<mlir::Type> operandTypes, outputTypes;
  for (intptr_t i = 0; i < numOperands; ++i)
    operandTypes.push_back(unwrap(operands[i]));
  for (intptr_t i = 0; i < numOutputs; ++i)
    outputTypes.push_back(unwrap(outputs[i]));
  return wrap(mlir::asyncop::HandleType::get(unwrap(ctx), operandTypes,
                                             outputTypes, unwrap(context)));
}

intptr_t asyncopHandleTypeGetNumOperands(MlirType type) {
  return llvm::cast<mlir::asyncop::HandleType>(unwrap(type)).getOperands().size();
}

MlirType asyncopHandleTypeGetOperand(MlirType type, intptr_t pos) {
  return wrap(llvm::cast<mlir::asyncop::HandleType>(unwrap(type)).getOperands()[pos]);
}

intptr_t asyncopHandleTypeGetNumOutputs(MlirType type) {
  return llvm::cast<mlir::asyncop::HandleType>(unwrap(type)).getOutputs().size();
}

MlirType asyncopHandleTypeGetOutput(MlirType type, intptr_t pos) {
  return wrap(llvm::cast<mlir::asyncop::HandleType>(unwrap(type)).getOutputs()[pos]);
}

MlirType asyncopHandleTypeGetContext(MlirType type) {
  return wrap(llvm::cast<mlir::asyncop::HandleType>(unwrap(type)).getContextType());
}
