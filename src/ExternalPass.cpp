//===- ExternalPass.cpp - passes implemented outside C++ ------------------===//
//
// MLIR's C API can create a pass but cannot put one in the global registry,
// which is what `--pass-name`, `--pass-pipeline` and `--help` read. This file
// owns a C++ Pass subclass whose behaviour is a callback, gives each
// registered kind its own TypeID, declares its options as real pass options
// (so they parse, print and show in --help like any upstream option), and
// registers a factory for it.
//
//===----------------------------------------------------------------------===//
#include "asyncpipe-c/ExternalPass.h"
#include "asyncpipe-c/Registration.h"

#include "AsyncOp/AsyncOp.h"
#include "AsyncPipe/AsyncPipe.h"
#include "Par/Par.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/TypeID.h"

#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <mutex>

using namespace mlir;

namespace {

struct ExternalPassSpec {
  std::string argument, description;
  std::optional<std::string> anchor;
  std::vector<std::string> optionNames, optionDescriptions, optionDefaults;
  AsyncpipeRunPassFn run;
  void *userData;
  TypeID typeID;
};

/// Specs live as long as the process: passes and the registry refer to them.
std::deque<ExternalPassSpec> &specs() {
  static std::deque<ExternalPassSpec> all;
  return all;
}
std::mutex &specsMutex() {
  static std::mutex mutex;
  return mutex;
}

class ExternalPass : public Pass {
public:
  explicit ExternalPass(const ExternalPassSpec &spec)
      : Pass(spec.typeID, spec.anchor ? std::optional<StringRef>(*spec.anchor)
                                      : std::nullopt),
        spec(spec) {
    for (size_t i = 0; i < spec.optionNames.size(); ++i)
      options.push_back(std::make_unique<Option<std::string>>(
          *this, spec.optionNames[i], llvm::cl::desc(spec.optionDescriptions[i]),
          llvm::cl::init(spec.optionDefaults[i])));
  }

  StringRef getName() const override { return spec.argument; }
  StringRef getArgument() const override { return spec.argument; }
  StringRef getDescription() const override { return spec.description; }

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return !spec.anchor || opName.getStringRef() == *spec.anchor;
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    // What asyncpipe's rewrites may create.
    registry.insert<arith::ArithDialect, cf::ControlFlowDialect, scf::SCFDialect, memref::MemRefDialect,
                    func::FuncDialect, gpu::GPUDialect, nvgpu::NVGPUDialect,
                    LLVM::LLVMDialect, NVVM::NVVMDialect, ub::UBDialect,
                    async::AsyncDialect, tensor::TensorDialect,
                    asyncpipe::AsyncPipeDialect, par::ParDialect,
                    asyncop::AsyncOpDialect, vector::VectorDialect>();
  }

  std::unique_ptr<Pass> clonePass() const override {
    auto pass = std::make_unique<ExternalPass>(spec);
    pass->copyOptionValuesFrom(this);
    return pass;
  }

  void runOnOperation() override {
    std::vector<MlirStringRef> values;
    values.reserve(options.size());
    for (const auto &option : options)
      values.push_back(wrap(StringRef(option->getValue())));
    // A pass on the top-level op runs alone: nothing else writes to stderr
    // meanwhile, so its diagnostics are buffered and written at once (an
    // analysis may remark at thousands of waits; unbuffered, each remark is
    // a dozen writes). The bytes and their order stay the same.
    bool alone = getOperation()->getParentOp() == nullptr;
    if (alone)
      llvm::errs().SetBuffered();
    bool ok = spec.run(spec.userData, wrap(getOperation()), values.data(), values.size());
    if (alone) {
      llvm::errs().flush();
      llvm::errs().SetUnbuffered();
    }
    if (!ok)
      signalPassFailure();
  }

private:
  const ExternalPassSpec &spec;
  std::vector<std::unique_ptr<Option<std::string>>> options;
};

const ExternalPassSpec *lookup(StringRef argument) {
  for (const ExternalPassSpec &spec : specs())
    if (spec.argument == argument)
      return &spec;
  return nullptr;
}

} // namespace

void asyncpipeRegisterExternalPass(const AsyncpipeExternalPassInfo *info) {
  std::lock_guard<std::mutex> lock(specsMutex());
  if (lookup(info->argument))
    return;
  static TypeIDAllocator typeIDs;
  ExternalPassSpec &spec = specs().emplace_back();
  spec.argument = info->argument;
  spec.description = info->description;
  if (info->anchor)
    spec.anchor = std::string(info->anchor);
  for (size_t i = 0; i < info->numOptions; ++i) {
    spec.optionNames.emplace_back(info->optionNames[i]);
    spec.optionDescriptions.emplace_back(info->optionDescriptions[i]);
    spec.optionDefaults.emplace_back(info->optionDefaults[i]);
  }
  spec.run = info->run;
  spec.userData = info->userData;
  spec.typeID = typeIDs.allocate();
  const ExternalPassSpec *registered = &spec;
  registerPass([registered]() -> std::unique_ptr<Pass> {
    return std::make_unique<ExternalPass>(*registered);
  });
}

const char *asyncpipeExternalPassOptionDescription(const char *argument, const char *option) {
  std::lock_guard<std::mutex> lock(specsMutex());
  const ExternalPassSpec *spec = lookup(argument);
  if (!spec)
    return nullptr;
  for (size_t i = 0; i < spec->optionNames.size(); ++i)
    if (spec->optionNames[i] == option)
      return spec->optionDescriptions[i].c_str();
  return nullptr;
}
