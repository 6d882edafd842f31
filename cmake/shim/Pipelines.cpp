//===- Pipelines.cpp - registered pass pipelines ---------------------------===//
//
// `asyncpipe-to-ptx`: from a module whose gpu.module kernels use asyncpipe
// (or upstream nvgpu) async copies to gpu.binary ops holding PTX. asyncpipe's
// own steps are Rust passes found in the global registry by name; the rest is
// upstream's NVVM path. `asyncpipe-attach-nvvm-target` runs upstream
// `nvvm-attach-target` on exactly the gpu.modules that have no target yet, so
// a module that already names its target keeps it (and gets one binary).
//
//===----------------------------------------------------------------------===//
#include "asyncpipe-c/Registration.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
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

  void runOnOperation() override {
    SmallVector<std::string> names;
    for (auto module : getOperation().getOps<gpu::GPUModuleOp>()) {
      ArrayAttr targets = module.getTargetsAttr();
      if (!targets || targets.empty())
        names.push_back(llvm::Regex::escape(module.getName()));
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
        failed(runPipeline(pm, getOperation())))
      signalPassFailure();
  }
};

struct ToPtxOptions : public PassPipelineOptions<ToPtxOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("Target SM (sm_80, sm_90, ...) for gpu.modules without a target"),
                           llvm::cl::init("sm_80")};
  Option<std::string> features{*this, "features",
                               llvm::cl::desc("Target features, e.g. +ptx80 (empty: LLVM's default for the chip)"),
                               llvm::cl::init("")};
  Option<unsigned> optLevel{*this, "opt-level", llvm::cl::desc("LLVM optimization level"), llvm::cl::init(3)};
  Option<std::string> format{*this, "format",
                             llvm::cl::desc("gpu-module-to-binary format: isa (PTX text), bin (cubin via ptxas), fatbin"),
                             llvm::cl::init("isa")};
  Option<unsigned> maxCopyBytes{*this, "max-copy-bytes", llvm::cl::desc("Largest cp.async: 16, 8 or 4 bytes"),
                                llvm::cl::init(16)};
};

} // namespace

void asyncpipeRegisterPipelines(void) {
  static bool once = [] {
    PassRegistration<AttachNVVMTargetWhereMissing>();
    PassPipelineRegistration<ToPtxOptions>(
        "asyncpipe-to-ptx",
        "Lower gpu.module kernels with asyncpipe or nvgpu async copies to gpu.binary with PTX "
        "(workgroup attributions, asyncpipe-to-nvgpu, NVVM target, upstream NVVM conversions, gpu-module-to-binary)",
        [](OpPassManager &pm, const ToPtxOptions &options) -> LogicalResult {
          std::string pipeline;
          llvm::raw_string_ostream os(pipeline);
          os << "asyncpipe-workgroup-attributions,"
             << "asyncpipe-to-nvgpu{max-copy-bytes=" << options.maxCopyBytes << "},"
             << "asyncpipe-attach-nvvm-target{chip=" << options.chip << " O=" << options.optLevel;
          if (!options.features.empty())
            os << " features=" << options.features;
          os << "},"
             << "gpu.module(convert-nvgpu-to-nvvm,expand-strided-metadata,lower-affine,convert-scf-to-cf,"
             << "convert-nvvm-to-llvm,convert-gpu-to-nvvm,canonicalize,cse,reconcile-unrealized-casts),"
             << "gpu-module-to-binary{format=" << options.format << "}";
          return parsePassPipeline(pipeline, pm, llvm::errs());
        });
    return true;
  }();
  (void)once;
}
