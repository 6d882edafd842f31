//===- Transforms.cpp - C++ transforms and analyses for Rust passes -------===//
#include "asyncpipe-c/Transforms.h"

#include "AsyncPipe/AsyncPipe.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <string>

using namespace mlir;

bool asyncpipeMemoryEffects(MlirOperation op, AsyncpipeEffectFn fn,
                            void *userData) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(unwrap(op));
  if (!effects)
    return false;
  for (const MemoryEffects::EffectInstance &effect : *effects) {
    // Queue FIFOs are not memory (asyncpipe::QueueResource). Accumulator
    // registers are not either, but they are storage whose accesses race
    // like a buffer's: reported, on their `!asyncpipe.accumulator` value.
    if (isa<asyncpipe::QueueResource>(effect.getResource()))
      continue;
    AsyncpipeEffectKind kind = AsyncpipeEffectRead;
    if (isa<MemoryEffects::Write>(effect.getEffect()))
      kind = AsyncpipeEffectWrite;
    else if (isa<MemoryEffects::Allocate>(effect.getEffect()))
      kind = AsyncpipeEffectAllocate;
    else if (isa<MemoryEffects::Free>(effect.getEffect()))
      kind = AsyncpipeEffectFree;
    fn(userData, kind, wrap(effect.getValue()));
  }
  return true;
}

namespace {
/// Why a use of the buffer cannot take the multi-buffered type, or empty.
std::string unsupportedUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto subview = dyn_cast<memref::SubViewOp>(user)) {
    for (OpOperand &inner : subview->getUses()) {
      std::string why = unsupportedUse(inner);
      if (!why.empty())
        return why;
    }
    return {};
  }
  if (isa<memref::CastOp, memref::ReinterpretCastOp, memref::ViewOp,
          memref::ExpandShapeOp, memref::CollapseShapeOp,
          memref::MemorySpaceCastOp, memref::TransposeOp>(user) ||
      isa<CallOpInterface, RegionBranchTerminatorOpInterface,
          RegionBranchOpInterface>(user))
    return "'" + user->getName().getStringRef().str() +
           "' needs the buffer's exact type";
  return {};
}

/// Gives the users of `value` (whose type just changed) the new type:
/// subviews are rebuilt with their inferred result type.
void propagateType(RewriterBase &rewriter, Value value) {
  for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
    auto subview = dyn_cast<memref::SubViewOp>(use.getOwner());
    if (!subview)
      continue;
    auto oldType = cast<MemRefType>(subview.getType());
    auto resultType = memref::SubViewOp::inferRankReducedResultType(
        oldType.getShape(), cast<MemRefType>(value.getType()),
        subview.getMixedOffsets(), subview.getMixedSizes(),
        subview.getMixedStrides());
    if (resultType == oldType)
      continue;
    rewriter.setInsertionPoint(subview);
    auto rebuilt = memref::SubViewOp::create(
        rewriter, subview.getLoc(), cast<MemRefType>(resultType), value,
        subview.getMixedOffsets(), subview.getMixedSizes(),
        subview.getMixedStrides());
    rebuilt->setAttrs(subview->getDiscardableAttrDictionary());
    rewriter.replaceAllUsesWith(subview.getResult(), rebuilt.getResult());
    rewriter.eraseOp(subview);
    propagateType(rewriter, rebuilt.getResult());
  }
}
} // namespace

bool asyncpipeMultiBuffer(MlirOperation allocRaw, MlirOperation loopRaw,
                          unsigned versions, bool apply,
                          MlirOperation *newAllocOut, AsyncpipeMessageFn why,
                          void *userData) {
  auto fail = [&](const std::string &message) {
    why(userData, mlirStringRefCreate(message.data(), message.size()));
    return false;
  };
  Operation *alloc = unwrap(allocRaw);
  auto loop = dyn_cast<scf::ForOp>(unwrap(loopRaw));
  if (!loop)
    return fail("the loop is not an scf.for");
  if (!isa<memref::AllocOp, memref::AllocaOp>(alloc))
    return fail("it is not allocated by memref.alloc or memref.alloca");
  if (loop->isAncestor(alloc))
    return fail("it is allocated inside the loop");
  if (versions < 1)
    return fail("the number of versions must be positive");
  Value buffer = alloc->getResult(0);
  auto type = cast<MemRefType>(buffer.getType());
  if (!type.getLayout().isIdentity())
    return fail("its layout is not the identity");
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (!loop->isAncestor(user)) {
      if (isa<memref::DeallocOp>(user))
        continue; // frees the new allocation instead
      return fail("it is used outside the loop by '" +
                  user->getName().getStringRef().str() + "'");
    }
    std::string reason = unsupportedUse(use);
    if (!reason.empty())
      return fail(reason);
  }
  if (!apply)
    return true;

  IRRewriter rewriter(alloc->getContext());
  Location loc = alloc->getLoc();
  SmallVector<int64_t> shape{static_cast<int64_t>(versions)};
  llvm::append_range(shape, type.getShape());
  auto newType = MemRefType::get(shape, type.getElementType(),
                                 MemRefLayoutAttrInterface{},
                                 type.getMemorySpace());
  rewriter.setInsertionPoint(alloc);
  Operation *newAlloc;
  if (auto a = dyn_cast<memref::AllocOp>(alloc))
    newAlloc = memref::AllocOp::create(rewriter, loc, newType,
                                       a.getDynamicSizes(), a.getSymbolOperands(),
                                       a.getAlignmentAttr());
  else {
    auto b = cast<memref::AllocaOp>(alloc);
    newAlloc = memref::AllocaOp::create(rewriter, loc, newType,
                                        b.getDynamicSizes(), b.getSymbolOperands(),
                                        b.getAlignmentAttr());
  }

  // slot = ((iv - lb) / step) mod versions, at the start of the body.
  // iv - lb is in [0, ub - lb): it may pass the signed range of the
  // induction variable's type (an i32 loop from -3 to 2^31 - 1) but never
  // the unsigned one, so it is divided and reduced as unsigned.
  rewriter.setInsertionPointToStart(loop.getBody());
  Location loopLoc = loop.getLoc();
  Value distance = arith::SubIOp::create(rewriter, loopLoc,
                                         loop.getInductionVar(),
                                         loop.getLowerBound());
  Value iteration =
      arith::DivUIOp::create(rewriter, loopLoc, distance, loop.getStep());
  Value count = arith::ConstantOp::create(
      rewriter, loopLoc, rewriter.getIntegerAttr(iteration.getType(), versions));
  Value slot = arith::RemUIOp::create(rewriter, loopLoc, iteration, count);
  if (!slot.getType().isIndex())
    slot = arith::IndexCastOp::create(rewriter, loopLoc, rewriter.getIndexType(), slot);

  SmallVector<OpFoldResult> offsets{slot}, sizes{rewriter.getIndexAttr(1)},
      strides(shape.size(), rewriter.getIndexAttr(1));
  unsigned dynamic = 0;
  ValueRange allocSizes = isa<memref::AllocOp>(alloc)
                              ? cast<memref::AllocOp>(alloc).getDynamicSizes()
                              : cast<memref::AllocaOp>(alloc).getDynamicSizes();
  for (int64_t size : type.getShape()) {
    offsets.push_back(rewriter.getIndexAttr(0));
    if (ShapedType::isDynamic(size))
      sizes.push_back(allocSizes[dynamic++]);
    else
      sizes.push_back(rewriter.getIndexAttr(size));
  }
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      type.getShape(), newType, offsets, sizes, strides);
  auto view = memref::SubViewOp::create(rewriter, alloc->getLoc(),
                                        cast<MemRefType>(viewType),
                                        newAlloc->getResult(0), offsets, sizes,
                                        strides);

  for (OpOperand &use : llvm::make_early_inc_range(buffer.getUses())) {
    if (loop->isAncestor(use.getOwner()))
      use.set(view.getResult());
    else
      use.set(newAlloc->getResult(0));
  }
  propagateType(rewriter, view.getResult());
  rewriter.eraseOp(alloc);
  if (newAllocOut)
    *newAllocOut = wrap(newAlloc);
  return true;
}

bool asyncpipeOperationDeclaresAttribute(MlirContext context, MlirStringRef opName,
                                         MlirStringRef attrName) {
  std::optional<RegisteredOperationName> name =
      RegisteredOperationName::lookup(unwrap(opName), unwrap(context));
  return name && llvm::is_contained(name->getAttributeNames(), unwrap(attrName));
}
