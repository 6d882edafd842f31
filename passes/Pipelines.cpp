//===- Pipelines.cpp - registered pass pipelines ---------------------------===//
//
// `asyncpipe-to-ptx`: from a module whose gpu.module kernels use asyncpipe
// (or upstream nvgpu) async copies to gpu.binary ops holding PTX;
// `asyncpipe-to-nvgpu` (its two lowering steps); `asyncpipe-block-model`
// (the CPU block model behind its input check). asyncpipe's
// own steps are Rust passes found in the global registry by name, and the C++
// passes of passes/nvvm/; the rest is upstream's NVVM path.
//
//===----------------------------------------------------------------------===//
#include "asyncpipe-c/Registration.h"
#include "passes/async/AsyncPasses.h"
#include "passes/nvvm/NVVMPasses.h"

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

struct ToNvgpuOptions : public PassPipelineOptions<ToNvgpuOptions> {
  // Strings, forwarded as written: the Rust passes check them and say what
  // is wrong at the module.
  Option<std::string> maxCopyBytes{*this, "max-copy-bytes",
                                   llvm::cl::desc("Largest cp.async to emit: 16, 8 or 4 bytes (smaller when source rows "
                                                  "are less aligned than their types show)"),
                                   llvm::cl::init("16")};
  Option<std::string> bypassL1{*this, "bypass-l1", llvm::cl::desc("Give 16-byte copies the bypassL1 hint (cp.async.cg)"),
                               llvm::cl::init("true")};
  Option<std::string> bulkQueues{
      *this, "bulk-queues",
      llvm::cl::desc("Logical queues (e.g. 0,2) whose copies become cp.async.bulk copies completing on mbarriers, with "
                     "token waits (sm_90 and newer)"),
      llvm::cl::init("")};
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
    asyncpipe::registerAttachNVVMTargetPass();
    asyncpipe::registerCheckNVVMTargetPass();
    asyncpipe::registerExternDynamicSharedPass();
    asyncpipe::registerAsyncLoopTypesPass();
    // asyncpipe-to-nvgpu: first the counts on the hardware's queues, then
    // the lowering; both steps see every option (each checks all of them).
    PassPipelineRegistration<ToNvgpuOptions>(
        "asyncpipe-to-nvgpu",
        "Lower asyncpipe copies, commits and counting waits to nvgpu cp.async ops on PTX's queues "
        "(asyncpipe-hardware-queues, then asyncpipe-lower-to-nvgpu)",
        [](OpPassManager &pm, const ToNvgpuOptions &options) -> LogicalResult {
          std::string common;
          llvm::raw_string_ostream os(common);
          os << "max-copy-bytes=" << options.maxCopyBytes << " bypass-l1=" << options.bypassL1;
          if (!StringRef(options.bulkQueues).empty())
            os << " bulk-queues=" << options.bulkQueues;
          std::string pipeline = "asyncpipe-hardware-queues{" + common + "},asyncpipe-lower-to-nvgpu{" + common + "}";
          return parsePassPipeline(pipeline, pm, llvm::errs());
        });
    PassPipelineRegistration<ToPtxOptions>(
        "asyncpipe-to-ptx",
        "Lower gpu.module kernels with asyncpipe or nvgpu async copies and MMAs to gpu.binary with PTX "
        "(asyncpipe-lower-mma, asyncpipe-to-nvgpu, workgroup attributions, NVVM target and its check, upstream NVVM conversions, "
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
          os << "asyncpipe-lower-mma{chip=" << options.chip << "},asyncpipe-to-nvgpu{max-copy-bytes=" << options.maxCopyBytes;
          if (bulk)
            os << " bulk-queues=" << options.bulkQueues;
          os << "},asyncpipe-workgroup-attributions,"
             << "asyncpipe-attach-nvvm-target{chip=" << options.chip << " O=" << options.optLevel;
          if (!features.empty())
            os << " features=" << features;
          os << "},"
             << "gpu.module(convert-nvgpu-to-nvvm,expand-strided-metadata,lower-affine,convert-scf-to-cf,"
             << "convert-nvvm-to-llvm,convert-gpu-to-nvvm,asyncpipe-extern-dynamic-shared,canonicalize,cse,"
             << "reconcile-unrealized-casts),"
             << "asyncpipe-check-nvvm-target,gpu-module-to-binary{format=" << options.format << "}";
          return parsePassPipeline(pipeline, pm, llvm::errs());
        });
    // asyncpipe-block-model: the CPU block model's pipeline. Its check
    // comes first: convert-scf-to-cf would break the single-block regions of
    // asyncpipe, par and asyncop ops (into IR that does not verify), which
    // the model refuses anyway.
    PassPipelineRegistration<>(
        "asyncpipe-block-model",
        "Run each GPU kernel's thread block on the CPU: asyncpipe-lower-block{check-only=true}, convert-scf-to-cf, "
        "asyncpipe-lower-block",
        [](OpPassManager &pm) {
          (void)parsePassPipeline("asyncpipe-lower-block{check-only=true},convert-scf-to-cf,asyncpipe-lower-block", pm,
                                  llvm::errs());
        });
    return true;
  }();
  (void)once;
}
