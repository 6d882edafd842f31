//===- Pipelines.cpp - registered pass pipelines ---------------------------===//
//
// `asyncpipe-to-ptx`: from a module whose gpu.module kernels use asyncpipe
// (or upstream nvgpu) async copies to gpu.binary ops holding PTX. asyncpipe's
// own steps are Rust passes found in the global registry by name; the rest is
// upstream's NVVM path. `asyncpipe-attach-nvvm-target` runs upstream
// `nvvm-attach-target` on exactly the gpu.modules that have no target yet, so
// a module that already names its target keeps it (and gets one binary).
// `asyncpipe-check-nvvm-target` rejects, at the op, sm_90 ops (bulk copies,
// mbarrier transaction counts) in a gpu.module whose target cannot run them,
// where LLVM's instruction selection would otherwise abort.
//
//===----------------------------------------------------------------------===//
#include "asyncpipe-c/Registration.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
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

  // The nested nvvm-attach-target creates #nvvm.target attributes: their
  // dialect must be loaded before this pass runs (a dynamic pipeline cannot
  // load dialects), also when no op of the module is an NVVM op yet.
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<NVVM::NVVMDialect, gpu::GPUDialect>();
  }

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

/// The SM number of a chip name ("sm_90a" is 90); 0 if it has none.
unsigned smNumber(StringRef chip) {
  unsigned number = 0;
  chip.consume_front("sm_");
  chip.take_while([](char c) { return llvm::isDigit(c); }).getAsInteger(10, number);
  return number;
}

/// The PTX version a target's features ask for ("+ptx80" is 80); 0 if none.
unsigned ptxVersion(StringRef features) {
  unsigned version = 0;
  for (StringRef feature : llvm::split(features, ',')) {
    feature = feature.trim();
    if (feature.consume_front("+ptx"))
      feature.getAsInteger(10, version);
  }
  return version;
}

/// Whether `op` needs sm_90 and PTX 8.0 (bulk copies and the mbarrier
/// transaction-count operations that asyncpipe-to-nvgpu's bulk queues use).
bool needsSm90Ptx80(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name.starts_with("nvvm.cp.async.bulk") || name == "nvvm.mbarrier.expect_tx" ||
         name == "nvvm.mbarrier.complete_tx" || name == "nvvm.mbarrier.arrive.expect_tx" ||
         name == "nvvm.fence.mbarrier.init";
}

struct CheckNVVMTarget : public PassWrapper<CheckNVVMTarget, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckNVVMTarget)

  StringRef getArgument() const override { return "asyncpipe-check-nvvm-target"; }
  StringRef getDescription() const override {
    return "Check that the NVVM targets of each gpu.module can run its sm_90 ops (bulk copies, mbarrier "
           "transaction counts: sm_90 and PTX 8.0), instead of LLVM aborting in instruction selection";
  }

  void runOnOperation() override {
    for (auto module : getOperation().getOps<gpu::GPUModuleOp>()) {
      ArrayAttr targets = module.getTargetsAttr();
      if (!targets)
        continue;
      for (Attribute attribute : targets) {
        auto target = dyn_cast<NVVM::NVVMTargetAttr>(attribute);
        if (!target)
          continue;
        unsigned sm = smNumber(target.getChip());
        unsigned ptx = ptxVersion(target.getFeatures());
        // Without +ptxNN, LLVM uses the oldest PTX that knows the chip, which
        // is before 8.0 up to sm_90 (7.8) and 8.6 or later from sm_100 on.
        bool ptxOk = ptx ? ptx >= 80 : sm >= 100;
        if (sm >= 90 && ptxOk)
          continue;
        module.walk([&](Operation *op) {
          if (!needsSm90Ptx80(op))
            return WalkResult::advance();
          InFlightDiagnostic diagnostic = op->emitError()
              << "'" << op->getName() << "' needs sm_90 or newer and PTX 8.0 or newer, but gpu.module @"
              << module.getName() << " targets " << target.getChip();
          if (sm >= 90)
            diagnostic << (ptx ? " with PTX " + std::to_string(ptx / 10) + "." + std::to_string(ptx % 10)
                               : std::string(" with LLVM's default PTX version (older than 8.0)"))
                       << "; add features=+ptx80";
          signalPassFailure();
          return WalkResult::interrupt();
        });
      }
    }
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
  Option<std::string> bulkQueues{
      *this, "bulk-queues",
      llvm::cl::desc("Logical queues (e.g. 0,1) lowered to cp.async.bulk copies with mbarrier waits (sm_90 or newer; "
                     "implies features=+ptx80 when no features are given)"),
      llvm::cl::init("")};
};

} // namespace

void asyncpipeRegisterPipelines(void) {
  static bool once = [] {
    PassRegistration<AttachNVVMTargetWhereMissing>();
    PassRegistration<CheckNVVMTarget>();
    PassPipelineRegistration<ToPtxOptions>(
        "asyncpipe-to-ptx",
        "Lower gpu.module kernels with asyncpipe or nvgpu async copies to gpu.binary with PTX "
        "(asyncpipe-to-nvgpu, workgroup attributions, NVVM target and its check, upstream NVVM conversions, "
        "gpu-module-to-binary)",
        [](OpPassManager &pm, const ToPtxOptions &options) -> LogicalResult {
          // A chip older than sm_90 with bulk queues is reported at the ops,
          // by asyncpipe-check-nvvm-target (mlir-opt ignores a pipeline
          // builder's failure).
          bool bulk = !StringRef(options.bulkQueues).trim().empty();
          std::string features = options.features;
          if (bulk && features.empty())
            features = "+ptx80";
          std::string pipeline;
          llvm::raw_string_ostream os(pipeline);
          // Workgroup attributions come after to-nvgpu, which allocates the
          // mbarrier rings of bulk queues in workgroup memory.
          os << "asyncpipe-to-nvgpu{max-copy-bytes=" << options.maxCopyBytes;
          if (bulk)
            os << " bulk-queues=" << options.bulkQueues;
          os << "},asyncpipe-workgroup-attributions,"
             << "asyncpipe-attach-nvvm-target{chip=" << options.chip << " O=" << options.optLevel;
          if (!features.empty())
            os << " features=" << features;
          os << "},"
             << "gpu.module(convert-nvgpu-to-nvvm,expand-strided-metadata,lower-affine,convert-scf-to-cf,"
             << "convert-nvvm-to-llvm,convert-gpu-to-nvvm,canonicalize,cse,reconcile-unrealized-casts),"
             << "asyncpipe-check-nvvm-target,gpu-module-to-binary{format=" << options.format << "}";
          return parsePassPipeline(pipeline, pm, llvm::errs());
        });
    return true;
  }();
  (void)once;
}
