//===- BufferizableOpInterfaceImpl.cpp - par ops in One-Shot Bufferize ----===//
//
// External models of upstream's BufferizableOpInterface for the par ops, so
// that `-one-shot-bufferize` (its analysis, its conflict resolution and its
// rewrite) takes `par.foreach_thread` on tensors to the buffer form; there is
// no bufferizer of asyncpipe's own.
//
// The document's contract (mlir-foreach-thread-rfc): result #n and the
// destination of the #n-th `par.parallel_insert_slice` are tied and bufferize
// to one buffer; the slices of different threads are disjoint (overlaps are
// races, which `par-verify-disjoint` reports); a read of the destination after
// the op (an external conflict) gets a copy, made before the op, never inside
// it.
//
//===----------------------------------------------------------------------===//

#include "Par/BufferizableOpInterfaceImpl.h"
#include "Par/Par.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::par;

namespace {

/// The slice a result of `par.foreach_thread` is tied to.
ParallelInsertSliceOp tiedSlice(ForeachThreadOp op, unsigned resultNumber) {
  return op.getTerminator().getSlices()[resultNumber];
}

/// The result of the enclosing `par.foreach_thread` that `slice` produces.
OpResult tiedResult(ParallelInsertSliceOp slice) {
  auto foreachThread = slice->getParentOfType<ForeachThreadOp>();
  SmallVector<ParallelInsertSliceOp> slices =
      foreachThread.getTerminator().getSlices();
  auto *it = llvm::find(slices, slice);
  return foreachThread->getOpResult(std::distance(slices.begin(), it));
}

/// Whether `value` is `tensor.extract_slice` of a tensor that bufferizes to
/// `slice`'s destination buffer, at exactly `slice`'s offsets, sizes and
/// strides: the part of the shared tensor this thread later overwrites.
bool isMatchingExtract(const AnalysisState &state, Value value,
                       ParallelInsertSliceOp slice) {
  auto extract = value.getDefiningOp<tensor::ExtractSliceOp>();
  if (!extract ||
      !state.areEquivalentBufferizedValues(extract.getSource(), slice.getDest()))
    return false;
  return mlir::detail::sameOffsetsSizesAndStrides(
      cast<OffsetSizeAndStrideOpInterface>(extract.getOperation()),
      cast<OffsetSizeAndStrideOpInterface>(slice.getOperation()),
      isEqualConstantIntOrValue);
}

/// Whether every buffer `operand` may use comes from the matching extract
/// of `slice` (through in-place ops such as a linalg op's `outs`).
bool isWithinMatchingExtract(const AnalysisState &state, OpOperand *operand,
                             ParallelInsertSliceOp slice) {
  auto matches = [&](Value v) { return isMatchingExtract(state, v, slice); };
  TraversalConfig config;
  config.alwaysIncludeLeaves = false;
  SetVector<Value> found =
      state.findValueInReverseUseDefChain(operand, matches, config);
  return !found.empty() && llvm::all_of(found, matches);
}

struct ForeachThreadOpInterface
    : public BufferizableOpInterface::ExternalModel<ForeachThreadOpInterface,
                                                    ForeachThreadOp> {
  // The only operands are thread counts (index).
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return false;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }

  /// Result #n is the destination of slice #n, in the same buffer.
  AliasingOpOperandList getAliasingOpOperands(Operation *op, Value value,
                                              const AnalysisState &) const {
    auto result = cast<OpResult>(value);
    ParallelInsertSliceOp slice =
        tiedSlice(cast<ForeachThreadOp>(op), result.getResultNumber());
    return {{&slice.getDestMutable(), BufferRelation::Equivalent,
             /*isDefinite=*/true}};
  }

  /// The slices write into the result's buffer.
  bool resultBufferizesToMemoryWrite(Operation *, OpResult,
                                     const AnalysisState &) const {
    return true;
  }

  /// Not repetitive: the analysis reads the body as the program of one
  /// thread. Threads own disjoint parts of each shared tensor (the
  /// document's contract: overlaps, and reads of a part another thread
  /// inserts, are races, reported by `par-verify-disjoint`), so what one
  /// thread writes no other thread reads, and in-place decisions follow
  /// the order within the body. Declared repetitive, every tensor captured
  /// from above and written inside would conflict with itself, and no
  /// result could share its destination's buffer as the document
  /// guarantees.
  bool isRepetitiveRegion(Operation *, unsigned) const { return false; }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto result = cast<OpResult>(value);
    ParallelInsertSliceOp slice =
        tiedSlice(cast<ForeachThreadOp>(op), result.getResultNumber());
    return bufferization::getBufferType(slice.getDest(), options, state,
                                        invocationStack);
  }

  /// Each slice becomes a subview of its destination's buffer and a copy of
  /// the source into it, in the body before the terminator (when the source
  /// was computed in place in the matching extract, both sides of the copy
  /// are the same subview and `cse` and `canonicalize` remove it); then the
  /// same op in buffer form (no results) takes the body, and each result
  /// becomes its destination's buffer. The slices are rewritten here, not
  /// by their own model, because the result's buffer is found through them
  /// and the driver may reach either op first.
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto foreachThread = cast<ForeachThreadOp>(op);
    PerformConcurrentlyOp terminator = foreachThread.getTerminator();
    SmallVector<Value> buffers;
    for (ParallelInsertSliceOp slice : terminator.getSlices()) {
      FailureOr<Value> source =
          getBuffer(rewriter, slice.getSource(), options, state);
      FailureOr<Value> dest =
          getBuffer(rewriter, slice.getDest(), options, state);
      if (failed(source) || failed(dest))
        return failure();
      rewriter.setInsertionPoint(terminator);
      MemRefType subviewType = memref::SubViewOp::inferRankReducedResultType(
          slice.getSourceType().getShape(), cast<MemRefType>(dest->getType()),
          slice.getMixedOffsets(), slice.getMixedSizes(),
          slice.getMixedStrides());
      Value subview = memref::SubViewOp::create(
          rewriter, slice.getLoc(), subviewType, *dest, slice.getMixedOffsets(),
          slice.getMixedSizes(), slice.getMixedStrides());
      if (failed(options.createMemCpy(rewriter, slice.getLoc(), *source,
                                      subview)))
        return failure();
      buffers.push_back(*dest);
      rewriter.eraseOp(slice);
    }
    rewriter.setInsertionPoint(op);
    auto bufferForm = ForeachThreadOp::create(rewriter, op->getLoc(),
                                              TypeRange(),
                                              foreachThread.getNumThreads());
    bufferForm->setAttrs(op->getAttrs());
    Block &newBody = bufferForm.getBody().front();
    rewriter.eraseOp(newBody.getTerminator());
    rewriter.mergeBlocks(&foreachThread.getBody().front(), &newBody,
                         newBody.getArguments());
    replaceOpWithBufferizedValues(rewriter, op, buffers);
    return success();
  }
};

struct ParallelInsertSliceOpInterface
    : public BufferizableOpInterface::ExternalModel<
          ParallelInsertSliceOpInterface, ParallelInsertSliceOp> {
  /// The source is read; the destination too (the parts no thread inserts
  /// keep their values).
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *op, OpOperand &operand,
                               const AnalysisState &) const {
    return &operand == &cast<ParallelInsertSliceOp>(op).getDestMutable();
  }

  /// The destination becomes the tied result of the foreach_thread.
  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &) const {
    auto slice = cast<ParallelInsertSliceOp>(op);
    if (&operand != &slice.getDestMutable())
      return {};
    return {{tiedResult(slice), BufferRelation::Equivalent,
             /*isDefinite=*/true}};
  }

  /// A thread that reads exactly the part it later overwrites (through the
  /// matching `tensor.extract_slice`, computing in place in it) does not
  /// conflict with its own insertion; other threads' parts are disjoint by
  /// the document's contract, which `par-verify-disjoint` checks.
  bool isNotConflicting(Operation *op, OpOperand *uRead,
                        OpOperand *uConflictingWrite,
                        const AnalysisState &state) const {
    auto slice = cast<ParallelInsertSliceOp>(op);
    OpOperand &dest = slice.getDestMutable();
    // The insertion writes the part a thread read there (the matching
    // extract's read of the shared tensor, or a read of what was computed
    // in place in it).
    if (uConflictingWrite == &dest) {
      auto extract = dyn_cast<tensor::ExtractSliceOp>(uRead->getOwner());
      if ((extract && isMatchingExtract(state, extract.getResult(), slice)) ||
          isWithinMatchingExtract(state, uRead, slice))
        return true;
    }
    // The insertion reads the destination around a part this thread wrote
    // in place before inserting it back.
    if (uRead == &dest && isWithinMatchingExtract(state, uConflictingWrite, slice))
      return true;
    return false;
  }

  /// A destination that cannot be written in place is copied before the
  /// foreach_thread (it is defined above it), never inside, where every
  /// thread would copy it.
  LogicalResult resolveConflicts(Operation *op, RewriterBase &rewriter,
                                 const AnalysisState &analysisState,
                                 const BufferizationState &bufferizationState) const {
    auto slice = cast<ParallelInsertSliceOp>(op);
    OpOperand &dest = slice.getDestMutable();
    if (analysisState.isInPlace(dest))
      return success();
    auto foreachThread = slice->getParentOfType<ForeachThreadOp>();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(foreachThread);
    FailureOr<Value> copy = allocateTensorForShapedValue(
        rewriter, slice.getLoc(), dest.get(), analysisState.getOptions(),
        bufferizationState, /*copy=*/true);
    if (failed(copy))
      return failure();
    rewriter.modifyOpInPlace(op, [&] { dest.set(*copy); });
    return success();
  }

  /// Rewritten by the enclosing foreach_thread's model (see there).
  LogicalResult bufferize(Operation *, RewriterBase &,
                          const BufferizationOptions &,
                          BufferizationState &) const {
    return success();
  }
};

/// The terminator has no tensor operands or results: nothing to do but to
/// let the analysis through.
struct PerformConcurrentlyOpInterface
    : public BufferizableOpInterface::ExternalModel<
          PerformConcurrentlyOpInterface, PerformConcurrentlyOp> {
  LogicalResult bufferize(Operation *, RewriterBase &,
                          const BufferizationOptions &,
                          BufferizationState &) const {
    return success();
  }
};

} // namespace

void mlir::par::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, ParDialect *) {
    ForeachThreadOp::attachInterface<ForeachThreadOpInterface>(*context);
    ParallelInsertSliceOp::attachInterface<ParallelInsertSliceOpInterface>(
        *context);
    PerformConcurrentlyOp::attachInterface<PerformConcurrentlyOpInterface>(
        *context);
  });
}
