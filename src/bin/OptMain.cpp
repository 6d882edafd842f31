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
#include "llvm/ADT/StringRef.h"

#include <vector>

/// Whether the printer may skip verifying the module it prints: the driver
/// has verified it after parsing and after every pass, unless the command
/// line turns those verifications off or prints IR that may not verify
/// (during a pipeline, or after a failure).
static bool alreadyVerified(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    arg = arg.ltrim('-');
    if (arg.starts_with("verify-each=false") || arg.starts_with("verify-each=0") ||
        arg.starts_with("mlir-very-unsafe-disable-verifier-on-parsing") ||
        arg.starts_with("mlir-print-ir") || arg.starts_with("mlir-print-assume-verified") ||
        arg.starts_with("mlir-print-op-generic"))
      return false;
  }
  return true;
}

int asyncpipeOptMain(int argc, char **argv) {
  mlir::DialectRegistry registry;
  asyncpipeRegisterAllDialects(wrap(&registry));
  asyncpipeRegisterUpstreamPasses();
  // MlirOptMain verifies the module once more when it sets up printing,
  // which costs as much as a tenth of a large parse and print and can only
  // repeat the verification that already passed.
  std::vector<char *> args(argv, argv + argc);
  static char assumeVerified[] = "--mlir-print-assume-verified";
  if (alreadyVerified(argc, argv))
    args.insert(args.begin() + 1, assumeVerified);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      static_cast<int>(args.size()), args.data(), "asyncpipe modular optimizer driver\n", registry));
}
