//===- AsyncLoopTypes.cpp - asyncpipe-async-loop-types --------------------===//
//
// After upstream `convert-async-to-llvm`: the async values, tokens and
// groups that `scf` loops carry (the rotated loops of `asyncop-schedule`,
// lowered by `asyncop-to-async`, carry the next iteration's task) become the
// runtime's pointers in the loops too. Upstream's conversion turns the async
// ops into runtime calls on `!llvm.ptr` but leaves `scf.for`'s iteration
// arguments in async types, between unrealized casts that nothing can
// reconcile; this pass converts the loops' (and `scf.if`s' and `scf.while`s')
// types with upstream's structural patterns, so `reconcile-unrealized-casts`
// folds the casts away.
//
//===----------------------------------------------------------------------===//
#include "passes/async/AsyncPasses.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace {

struct AsyncLoopTypes : public PassWrapper<AsyncLoopTypes, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AsyncLoopTypes)

  StringRef getArgument() const override { return "asyncpipe-async-loop-types"; }
  StringRef getDescription() const override {
    return "After convert-async-to-llvm: give scf loops that carry async values, tokens or groups the runtime's "
           "pointer type (so reconcile-unrealized-casts removes the casts around them)";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    auto pointer = LLVM::LLVMPointerType::get(context);
    converter.addConversion([=](async::ValueType) -> Type { return pointer; });
    converter.addConversion([=](async::TokenType) -> Type { return pointer; });
    converter.addConversion([=](async::GroupType) -> Type { return pointer; });
    auto cast = [](OpBuilder &builder, Type type, ValueRange inputs, Location loc) -> Value {
      return UnrealizedConversionCastOp::create(builder, loc, type, inputs).getResult(0);
    };
    converter.addSourceMaterialization(cast);
    converter.addTargetMaterialization(cast);
    ConversionTarget target(*context);
    RewritePatternSet patterns(context);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::asyncpipe::registerAsyncLoopTypesPass() { PassRegistration<AsyncLoopTypes>(); }
