//===- CheckNVVMTarget.cpp - asyncpipe-check-nvvm-target -----------------===//
//
// Rejects, at the op, sm_90 ops (bulk copies, mbarrier transaction counts)
// in a gpu.module whose target cannot run them, where LLVM's instruction
// selection would otherwise abort.
//
//===----------------------------------------------------------------------===//
#include "passes/nvvm/NVVMPasses.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"

#include <string>

using namespace mlir;

namespace {

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
  return isa<NVVM::CpAsyncBulkCommitGroupOp, NVVM::CpAsyncBulkGlobalToSharedClusterOp, NVVM::CpAsyncBulkPrefetchOp,
             NVVM::CpAsyncBulkSharedCTAToGlobalOp, NVVM::CpAsyncBulkSharedCTAToSharedClusterOp,
             NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp, NVVM::CpAsyncBulkTensorPrefetchOp,
             NVVM::CpAsyncBulkTensorReduceOp, NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp,
             NVVM::CpAsyncBulkWaitGroupOp, NVVM::MBarrierExpectTxOp, NVVM::MBarrierCompleteTxOp,
             NVVM::MBarrierArriveExpectTxOp, NVVM::FenceMbarrierInitOp>(op);
}

/// Whether `op` needs sm_90 (any PTX that knows sm_90): cluster ids and
/// sizes, warpgroup MMA, elect.sync, stmatrix, parity waits on mbarriers,
/// proxy fences and register reallocation. Named by prefix: NVVM has a
/// class per special register. (Before sm_90, LLVM's instruction selection
/// aborts on them: "Cannot select: intrinsic", a fuzzer finding.)
bool needsSm90(Operation *op) {
  StringRef name = op->getName().getStringRef();
  for (StringRef prefix : {"nvvm.read.ptx.sreg.clusterid.", "nvvm.read.ptx.sreg.nclusterid.",
                           "nvvm.read.ptx.sreg.cluster.", "nvvm.cluster.", "nvvm.wgmma.", "nvvm.setmaxregister",
                           "nvvm.elect.sync", "nvvm.stmatrix", "nvvm.mbarrier.try_wait.parity", "nvvm.fence.proxy"})
    if (name.starts_with(prefix))
      return true;
  return false;
}

struct CheckNVVMTarget : public PassWrapper<CheckNVVMTarget, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckNVVMTarget)

  StringRef getArgument() const override { return "asyncpipe-check-nvvm-target"; }
  StringRef getDescription() const override {
    return "Check that the NVVM targets of each gpu.module can run its sm_90 ops (bulk copies, mbarrier "
           "transaction counts: sm_90 and PTX 8.0; clusters, wgmma, elect.sync, parity waits: sm_90), instead of "
           "LLVM aborting in instruction selection";
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
        if (sm < 90) {
          WalkResult found = module.walk([&](Operation *op) {
            if (!needsSm90(op))
              return WalkResult::advance();
            op->emitError() << "'" << op->getName() << "' needs sm_90 or newer, but gpu.module @" << module.getName()
                            << " targets " << target.getChip();
            return WalkResult::interrupt();
          });
          if (found.wasInterrupted()) {
            signalPassFailure();
            continue;
          }
        }
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

} // namespace

void mlir::asyncpipe::registerCheckNVVMTargetPass() { PassRegistration<CheckNVVMTarget>(); }
