//===- Diagnostics.cpp - diagnostics with notes from the C API -----------===//
//
// asyncpipe-c/Diagnostics.h, for passes/ir/diag.rs: MLIR's C API emits
// errors only, without notes.
//
//===----------------------------------------------------------------------===//
#include "asyncpipe-c/Diagnostics.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"

void asyncpipeEmitDiagnostic(MlirLocation loc, AsyncpipeSeverity severity,
                             MlirStringRef message, MlirLocation noteLoc,
                             MlirStringRef noteMessage) {
  mlir::Location location = unwrap(loc);
  mlir::InFlightDiagnostic diag = [&] {
    switch (severity) {
    case AsyncpipeWarning:
      return mlir::emitWarning(location);
    case AsyncpipeRemark:
      return mlir::emitRemark(location);
    case AsyncpipeError:
      break;
    }
    return mlir::emitError(location);
  }();
  diag << unwrap(message);
  if (noteMessage.data)
    diag.attachNote(unwrap(noteLoc)) << unwrap(noteMessage);
}
