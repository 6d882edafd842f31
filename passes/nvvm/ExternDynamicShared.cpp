//===- ExternDynamicShared.cpp - asyncpipe-extern-dynamic-shared ---------===//
//
// Upstream's lowering of `gpu.dynamic_shared_memory` (convert-gpu-to-nvvm)
// declares the dynamic buffer as an internal, zero-sized global in the
// shared address space. The NVPTX backend demotes such a global into a
// static one-byte `.shared` variable of the kernel, so the kernel would
// reach the dynamic shared memory a launch gives it only by addressing past
// that variable. CUDA declares it `.extern .shared .b8 name[]`: an external
// zero-sized array, which is what this pass makes of those globals, so that
// the PTX names the dynamic buffer as CUDA C does, aligned to 1024 bytes:
// asyncpipe-workgroup-attributions places buffers at offsets aligned up to
// that (the 1024-byte atom of TMA's and wgmma's 128-byte swizzle).
//
//===----------------------------------------------------------------------===//
#include "passes/nvvm/NVVMPasses.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {

/// The shared address space of NVPTX.
constexpr unsigned kSharedAddressSpace = 3;
/// The alignment of the dynamic shared memory's base.
constexpr uint64_t kBaseAlignment = 1024;

struct ExternDynamicShared : public PassWrapper<ExternDynamicShared, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExternDynamicShared)

  StringRef getArgument() const override { return "asyncpipe-extern-dynamic-shared"; }
  StringRef getDescription() const override {
    return "Give the zero-sized shared-memory globals of gpu.dynamic_shared_memory external linkage "
           "(PTX .extern .shared, as CUDA declares dynamic shared memory)";
  }

  void runOnOperation() override {
    getOperation()->walk([](LLVM::GlobalOp global) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      if (global.getAddrSpace() != kSharedAddressSpace || !array || array.getNumElements() != 0 ||
          global.getInitializerRegion().getBlocks().size() != 0 || global.getValueAttr())
        return;
      global.setLinkage(LLVM::Linkage::External);
      global.setAlignment(std::max<uint64_t>(global.getAlignment().value_or(1), kBaseAlignment));
    });
  }
};

} // namespace

void mlir::asyncpipe::registerExternDynamicSharedPass() { PassRegistration<ExternDynamicShared>(); }
