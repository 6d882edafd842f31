//===- Pipelines.cpp - registered pass pipelines ---------------------------===//
//
// `asyncpipe-kernel-to-ptx`: the whole path, from a kernel whose loop is
// annotated with pipeline stages to gpu.binary ops holding PTX (the
// pipeliner, the recount for the chip's queues, the lowerings, NVVM), with
// asyncpipe-verify-sync after each step that changes synchronization under
// its `verify` option; `asyncpipe-to-ptx`: the same from a kernel whose
// async copies (asyncpipe's, or upstream nvgpu's) are already placed;
// `asyncpipe-to-nvgpu` (the recount and the lowering to nvgpu);
// `asyncpipe-nvgpu-to-ptx` (from nvgpu to PTX); `asyncpipe-block-model`
// (the CPU block model behind its input check). asyncpipe's own steps are
// Rust passes found in the global registry by name, and the C++ passes of
// passes/nvvm/; the rest is upstream's NVVM path. An option forwarded to a
// Rust pass is described in that pass's words
// (asyncpipeExternalPassOptionDescription).
//
//===----------------------------------------------------------------------===//
#include "asyncpipe-c/ExternalPass.h"
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

/// The description of option `option` of Rust pass `pass`, as the pass
/// declares it (the pipelines register after the passes).
llvm::cl::desc rustDesc(const char *pass, const char *option) {
  const char *text = asyncpipeExternalPassOptionDescription(pass, option);
  return llvm::cl::desc(text ? text : "(see the pass's own option)");
}

struct ToNvgpuOptions : public PassPipelineOptions<ToNvgpuOptions> {
  // Strings, forwarded as written: the Rust passes check them and say what
  // is wrong at the module.
  Option<std::string> maxCopyBytes{*this, "max-copy-bytes", rustDesc("asyncpipe-lower-to-nvgpu", "max-copy-bytes"),
                                   llvm::cl::init("16")};
  Option<std::string> bypassL1{*this, "bypass-l1", rustDesc("asyncpipe-lower-to-nvgpu", "bypass-l1"),
                               llvm::cl::init("true")};
  Option<std::string> bulkQueues{*this, "bulk-queues", rustDesc("asyncpipe-lower-to-nvgpu", "bulk-queues"),
                                 llvm::cl::init("")};
};

/// What lowering from nvgpu to PTX needs: the target.
struct NvgpuToPtxOptions : public PassPipelineOptions<NvgpuToPtxOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("Target SM (sm_80, sm_90a, ...) for gpu.modules without a target"),
                           llvm::cl::init("sm_80")};
  Option<std::string> features{*this, "features",
                               llvm::cl::desc("Target features, e.g. +ptx80 (empty: LLVM's default for the chip)"),
                               llvm::cl::init("")};
  Option<unsigned> optLevel{*this, "opt-level", llvm::cl::desc("LLVM optimization level"), llvm::cl::init(3)};
  Option<std::string> format{*this, "format",
                             llvm::cl::desc("gpu-module-to-binary format: isa (PTX text), bin (cubin via ptxas), fatbin"),
                             llvm::cl::init("isa")};
};

/// asyncpipe-to-ptx's: the target, and the lowering's choices (a base for
/// asyncpipe-kernel-to-ptx's, which adds `verify`).
template <typename Self> struct PtxOptions : public PassPipelineOptions<Self> {
  using Base = PassPipelineOptions<Self>;
  typename Base::template Option<std::string> chip{*this, "chip", rustDesc("asyncpipe-lower-mma", "chip"),
                                                    llvm::cl::init("sm_80")};
  typename Base::template Option<std::string> features{
      *this, "features",
      llvm::cl::desc("Target features, e.g. +ptx80 (empty: LLVM's default for the chip; +ptx80 with bulk queues)"),
      llvm::cl::init("")};
  typename Base::template Option<unsigned> optLevel{*this, "opt-level", llvm::cl::desc("LLVM optimization level"),
                                                     llvm::cl::init(3)};
  typename Base::template Option<std::string> format{
      *this, "format", llvm::cl::desc("gpu-module-to-binary format: isa (PTX text), bin (cubin via ptxas), fatbin"),
      llvm::cl::init("isa")};
  typename Base::template Option<unsigned> maxCopyBytes{
      *this, "max-copy-bytes", rustDesc("asyncpipe-lower-to-nvgpu", "max-copy-bytes"), llvm::cl::init(16)};
  typename Base::template Option<std::string> bulkQueues{
      *this, "bulk-queues", rustDesc("asyncpipe-lower-to-nvgpu", "bulk-queues"), llvm::cl::init("")};
};

struct ToPtxOptions : public PtxOptions<ToPtxOptions> {};

/// asyncpipe-kernel-to-ptx's: asyncpipe-to-ptx's and `verify`.
struct KernelToPtxOptions : public PtxOptions<KernelToPtxOptions> {
  Option<bool> verify{
      *this, "verify",
      llvm::cl::desc("Run asyncpipe-verify-sync after each step that changes synchronization and whose result its "
                     "models follow: after the pipeliner; after the recount and after the lowering to nvgpu on chips "
                     "without wgmma and without bulk queues (there the copies' queues meet wgmma, or bulk copies are "
                     "issued per thread, which verify-sync does not prove)"),
      llvm::cl::init(true)};
  Option<bool> warpSpecialize{
      *this, "warp-specialize",
      llvm::cl::desc("sm_90a: split the staged loop into a TMA producer warpgroup and wgmma consumer warpgroups on "
                     "an mbarrier ring (asyncpipe-warp-specialize) instead of software-pipelining it; verify-sync "
                     "then proves the roles after asyncpipe-lower-mma"),
      llvm::cl::init(false)};
  Option<bool> tileGemm{
      *this, "tile-gemm",
      llvm::cl::desc("sm_90a: first re-tile the GEMM kernel to the block tile, block order and stages the cost "
                     "model chooses for its shape (asyncpipe-tile-gemm); warp-specialize takes the stages as its ring"),
      llvm::cl::init(false)};
  Option<std::string> slots{*this, "slots", rustDesc("asyncpipe-warp-specialize", "slots"), llvm::cl::init("0")};
  Option<std::string> persistent{*this, "persistent", rustDesc("asyncpipe-warp-specialize", "persistent"),
                                 llvm::cl::init("false")};
  Option<std::string> producerRegisters{*this, "producer-registers",
                                        rustDesc("asyncpipe-warp-specialize", "producer-registers"),
                                        llvm::cl::init("40")};
};

/// The features a chip gets: `features`, or +ptx80 when bulk queues
/// (cp.async.bulk, mbarrier transactions) need it and none are given.
std::string featuresFor(StringRef features, StringRef bulkQueues) {
  if (features.empty() && !bulkQueues.trim().empty())
    return "+ptx80";
  return features.str();
}

/// ` features=...` when there are any.
std::string featuresOption(StringRef features) {
  return features.empty() ? std::string() : " features=" + features.str();
}

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
    // asyncpipe-nvgpu-to-ptx: workgroup attributions (after to-nvgpu,
    // which allocates the mbarrier rings of bulk queues in workgroup
    // memory), the target, upstream's NVVM conversions, the target's check
    // (a chip older than sm_90 with bulk copies is reported at the ops:
    // mlir-opt ignores a pipeline builder's failure), the binary.
    PassPipelineRegistration<NvgpuToPtxOptions>(
        "asyncpipe-nvgpu-to-ptx",
        "Lower gpu.module kernels at the nvgpu level to gpu.binary with PTX (asyncpipe-workgroup-attributions, NVVM "
        "target and its check, upstream NVVM conversions, gpu-module-to-binary)",
        [](OpPassManager &pm, const NvgpuToPtxOptions &options) -> LogicalResult {
          std::string pipeline;
          llvm::raw_string_ostream os(pipeline);
          os << "asyncpipe-workgroup-attributions,"
             << "asyncpipe-attach-nvvm-target{chip=" << options.chip << " O=" << options.optLevel
             << featuresOption(options.features) << "},"
             << "gpu.module(convert-nvgpu-to-nvvm,expand-strided-metadata,lower-affine,convert-scf-to-cf,"
             << "convert-nvvm-to-llvm,convert-gpu-to-nvvm,asyncpipe-extern-dynamic-shared,canonicalize,cse,"
             << "reconcile-unrealized-casts),"
             << "asyncpipe-check-nvvm-target,gpu-module-to-binary{format=" << options.format << "}";
          return parsePassPipeline(pipeline, pm, llvm::errs());
        });
    PassPipelineRegistration<ToPtxOptions>(
        "asyncpipe-to-ptx",
        "Lower gpu.module kernels with asyncpipe or nvgpu async copies and MMAs to gpu.binary with PTX "
        "(asyncpipe-lower-mma, asyncpipe-to-nvgpu, asyncpipe-nvgpu-to-ptx)",
        [](OpPassManager &pm, const ToPtxOptions &options) -> LogicalResult {
          std::string bulk = StringRef(options.bulkQueues).trim().str();
          std::string pipeline;
          llvm::raw_string_ostream os(pipeline);
          os << "asyncpipe-lower-mma{chip=" << options.chip << "},asyncpipe-to-nvgpu{max-copy-bytes="
             << options.maxCopyBytes;
          if (!bulk.empty())
            os << " bulk-queues=" << bulk;
          os << "},asyncpipe-nvgpu-to-ptx{chip=" << options.chip << " opt-level=" << options.optLevel
             << featuresOption(featuresFor(options.features, bulk)) << " format=" << options.format << "}";
          return parsePassPipeline(pipeline, pm, llvm::errs());
        });
    // asyncpipe-kernel-to-ptx: the whole path, each step as in
    // asyncpipe-to-ptx, with verify-sync where its models follow the result.
    PassPipelineRegistration<KernelToPtxOptions>(
        "asyncpipe-kernel-to-ptx",
        "From a kernel whose loop is annotated with pipeline stages to gpu.binary with PTX: "
        "(with tile-gemm, asyncpipe-tile-gemm first) asyncpipe-software-pipeline (or, with warp-specialize, asyncpipe-warp-specialize), asyncpipe-lower-mma, the recount for the chip's queues "
        "(asyncpipe-hardware-queues), asyncpipe-lower-to-nvgpu, asyncpipe-nvgpu-to-ptx, with asyncpipe-verify-sync "
        "after the steps that change synchronization (option verify)",
        [](OpPassManager &pm, const KernelToPtxOptions &options) -> LogicalResult {
          std::string bulk = StringRef(options.bulkQueues).trim().str();
          std::string bulkOption = bulk.empty() ? std::string() : " bulk-queues=" + bulk;
          // The models follow what the recount and the lowering leave only
          // where wgmma (sm_90a) and mbarrier rings (bulk queues) are absent.
          bool lateVerify = options.verify && options.chip != "sm_90a" && bulk.empty();
          std::string pipeline;
          llvm::raw_string_ostream os(pipeline);
          if (options.warpSpecialize) {
            // The roles' ring and the wgmma queue, proven once the MMAs are
            // wgmma (the Hopper model reads the NVVM level); setmaxnreg and
            // the mbarrier transactions need PTX 8.0.
            // (The pass says at the module when the chip has no TMA, wgmma
            // or setmaxnreg; bulk-queues has nothing to do: the producer's
            // copies complete on the roles' own ring.)
            if (options.tileGemm)
              os << "asyncpipe-tile-gemm{chip=" << options.chip << "},";
            os << "asyncpipe-warp-specialize{chip=" << options.chip << " slots=" << options.slots
               << " persistent=" << options.persistent
               << " producer-registers=" << options.producerRegisters << "}";
            os << ",asyncpipe-lower-mma{chip=" << options.chip << "}";
            if (options.verify)
              os << ",asyncpipe-verify-sync";
            os << ",asyncpipe-hardware-queues{max-copy-bytes=" << options.maxCopyBytes << "}";
            os << ",asyncpipe-lower-to-nvgpu{max-copy-bytes=" << options.maxCopyBytes << "}";
            std::string features = options.features.empty() ? std::string("+ptx80") : std::string(options.features);
            os << ",asyncpipe-nvgpu-to-ptx{chip=" << options.chip << " opt-level=" << options.optLevel
               << featuresOption(features) << " format=" << options.format << "}";
            return parsePassPipeline(pipeline, pm, llvm::errs());
          }
          if (options.tileGemm)
            os << "asyncpipe-tile-gemm{chip=" << options.chip << "},";
          os << "asyncpipe-software-pipeline{" << bulkOption << "}";
          if (options.verify)
            os << ",asyncpipe-verify-sync{" << bulkOption << "}";
          os << ",asyncpipe-lower-mma{chip=" << options.chip << "}";
          os << ",asyncpipe-hardware-queues{max-copy-bytes=" << options.maxCopyBytes << bulkOption << "}";
          if (lateVerify)
            os << ",asyncpipe-verify-sync";
          os << ",asyncpipe-lower-to-nvgpu{max-copy-bytes=" << options.maxCopyBytes << bulkOption << "}";
          if (lateVerify)
            os << ",asyncpipe-verify-sync";
          os << ",asyncpipe-nvgpu-to-ptx{chip=" << options.chip << " opt-level=" << options.optLevel
             << featuresOption(featuresFor(options.features, bulk)) << " format=" << options.format << "}";
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
