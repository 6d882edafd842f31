//===- AttachNVVMTarget.cpp - asyncpipe-attach-nvvm-target ---------------===//
//
// Runs upstream `nvvm-attach-target` on exactly the gpu.modules that have no
// target yet, so a module that already names its target keeps it (and gets
// one binary).
//
//===----------------------------------------------------------------------===//
#include "passes/nvvm/NVVMPasses.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

struct AttachNVVMTargetWhereMissing
    : public PassWrapper<AttachNVVMTargetWhereMissing, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AttachNVVMTargetWhereMissing)

  AttachNVVMTargetWhereMissing() = default;
  AttachNVVMTargetWhereMissing(const AttachNVVMTargetWhereMissing &other)
      : PassWrapper(other) {}

  StringRef getArgument() const override { return "asyncpipe-attach-nvvm-target"; }
  StringRef getDescription() const override {
    return "Run nvvm-attach-target on the gpu.modules that have no target yet";
  }

  Option<std::string> chip{*this, "chip", llvm::cl::desc("Target SM (sm_80, sm_90, ...)"),
                           llvm::cl::init("sm_80")};
  Option<std::string> features{*this, "features",
                               llvm::cl::desc("Target features, e.g. +ptx80 (empty: LLVM's default for the chip)"),
                               llvm::cl::init("")};
  Option<unsigned> optLevel{*this, "O", llvm::cl::desc("LLVM optimization level"), llvm::cl::init(3)};

  // The nested nvvm-attach-target creates #nvvm.target attributes: their
  // dialect must be loaded before this pass runs (a dynamic pipeline cannot
  // load dialects), also when no op of the module is an NVVM op yet.
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<NVVM::NVVMDialect, gpu::GPUDialect>();
  }

  void runOnOperation() override {
    SmallVector<std::string> names;
    SmallVector<gpu::GPUModuleOp> attached;
    for (auto module : getOperation().getOps<gpu::GPUModuleOp>()) {
      ArrayAttr targets = module.getTargetsAttr();
      if (!targets || targets.empty()) {
        names.push_back(llvm::Regex::escape(module.getName()));
        attached.push_back(module);
      }
    }
    if (names.empty())
      return;
    std::string pipeline;
    llvm::raw_string_ostream os(pipeline);
    os << "nvvm-attach-target{module=^(" << llvm::join(names, "|") << ")$ chip=" << chip
       << " O=" << optLevel;
    if (!features.empty())
      os << " features=" << features;
    os << "}";
    OpPassManager pm(ModuleOp::getOperationName());
    if (failed(parsePassPipeline(pipeline, pm, llvm::errs())) ||
        failed(runPipeline(pm, getOperation()))) {
      signalPassFailure();
      return;
    }
    // NVVM's ops check the chip of their module's target (wgmma needs
    // sm_90a): a module that already holds ops the chosen chip lacks does
    // not verify once the target is attached. Say so here, at the module,
    // after the op's own error, rather than leave IR that does not verify.
    for (auto module : attached) {
      if (failed(verify(module))) {
        module.emitError() << "asyncpipe-attach-nvvm-target: this module does not verify with the attached target (chip="
                           << chip << (features.empty() ? "" : " features=") << features
                           << "): see the errors above (an NVVM op the chip lacks needs another chip)";
        signalPassFailure();
      }
    }
  }
};

} // namespace

void mlir::asyncpipe::registerAttachNVVMTargetPass() { PassRegistration<AttachNVVMTargetWhereMissing>(); }
