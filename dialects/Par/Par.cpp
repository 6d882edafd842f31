//===- Par.cpp - par dialect ----------------------------------------------===//

#include "Par/Par.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;

/// "1 entry", "2 entries".
static std::string plural(int64_t n, StringRef one, StringRef many) {
  return std::to_string(n) + " " + (n == 1 ? one : many).str();
}
using namespace mlir::par;

#include "Par/ParDialect.cpp.inc"

void ParDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Par/ParOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ForeachThreadOp
//===----------------------------------------------------------------------===//

void ForeachThreadOp::build(OpBuilder &builder, OperationState &state,
                            TypeRange resultTypes, ValueRange numThreads) {
  state.addOperands(numThreads);
  state.addTypes(resultTypes);
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Value n : numThreads)
    block->addArgument(builder.getIndexType(), n.getLoc());
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(block);
  PerformConcurrentlyOp::create(builder, state.location);
}

PerformConcurrentlyOp ForeachThreadOp::getTerminator() {
  return cast<PerformConcurrentlyOp>(getBody().front().getTerminator());
}

// (%i, %j) in (%n, %m) [-> (types)] [mapping = [...]] region [attributes {...}]
ParseResult ForeachThreadOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> threadIds;
  SmallVector<OpAsmParser::UnresolvedOperand> numThreads;
  Type indexType = parser.getBuilder().getIndexType();
  if (parser.parseArgumentList(threadIds, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("in"))
    return failure();
  SMLoc numThreadsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(numThreads, OpAsmParser::Delimiter::Paren) ||
      parser.resolveOperands(numThreads, indexType, result.operands))
    return failure();
  if (threadIds.size() != numThreads.size())
    return parser.emitError(numThreadsLoc)
           << "expected " << threadIds.size()
           << " thread counts, one per thread id, got " << numThreads.size();
  for (OpAsmParser::Argument &id : threadIds)
    id.type = indexType;
  if (succeeded(parser.parseOptionalArrow()) &&
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            Type type;
            if (parser.parseType(type))
              return failure();
            result.types.push_back(type);
            return success();
          }))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("mapping"))) {
    ArrayAttr mapping;
    if (parser.parseEqual() || parser.parseAttribute(mapping))
      return failure();
    result.addAttribute(getMappingAttrName(result.name), mapping);
  }
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, threadIds) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  ForeachThreadOp::ensureTerminator(*body, parser.getBuilder(), result.location);
  return success();
}

void ForeachThreadOp::print(OpAsmPrinter &p) {
  p << " (";
  llvm::interleaveComma(getThreadIds(), p,
                        [&](BlockArgument id) { p.printOperand(id); });
  p << ") in (" << getNumThreads() << ")";
  if (!getResults().empty())
    p << " -> (" << getResultTypes() << ")";
  if (std::optional<ArrayAttr> mapping = getMapping())
    p << " mapping = " << *mapping;
  p << ' ';
  bool printTerminator = !getTerminator().getRegion().front().empty();
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false, printTerminator);
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {getMappingAttrName()});
}

LogicalResult ForeachThreadOp::verify() {
  if (getNumThreads().empty())
    return emitOpError("needs at least one thread dimension");
  for (auto [k, count] : llvm::enumerate(getNumThreads())) {
    APInt value;
    if (matchPattern(count, m_ConstantInt(&value)) && !value.isStrictlyPositive())
      return emitOpError() << "thread count #" << k << " is "
                           << value.getSExtValue()
                           << "; every dimension needs at least one thread";
  }
  if (std::optional<ArrayAttr> mapping = getMapping())
    if (static_cast<int64_t>(mapping->size()) != getRank())
      return emitOpError() << "mapping has "
                           << plural(mapping->size(), "entry", "entries")
                           << " but the op has "
                           << plural(getRank(), "thread dimension",
                                     "thread dimensions");
  return success();
}

LogicalResult ForeachThreadOp::verifyRegions() {
  Block &block = getBody().front();
  if (static_cast<int64_t>(block.getNumArguments()) != getRank() ||
      llvm::any_of(block.getArgumentTypes(),
                   [](Type t) { return !t.isIndex(); }))
    return emitOpError() << "body must take " << getRank()
                         << " index arguments, one thread id per dimension";
  SmallVector<ParallelInsertSliceOp> slices = getTerminator().getSlices();
  if (slices.size() != getNumResults())
    return emitOpError() << "has "
                         << plural(getNumResults(), "result", "results")
                         << " but its perform_concurrently inserts "
                         << plural(slices.size(), "slice", "slices")
                         << "; result #n is tied to slice #n";
  for (auto [index, slice] : llvm::enumerate(slices)) {
    Type resultType = getResult(index).getType();
    if (slice.getDestType() != resultType)
      return emitOpError() << "result #" << index << " has type "
                           << resultType << " but parallel_insert_slice #"
                           << index << " inserts into "
                           << slice.getDestType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// PerformConcurrentlyOp
//===----------------------------------------------------------------------===//

void PerformConcurrentlyOp::build(OpBuilder &, OperationState &state) {
  Region *region = state.addRegion();
  region->push_back(new Block());
}

SmallVector<ParallelInsertSliceOp> PerformConcurrentlyOp::getSlices() {
  SmallVector<ParallelInsertSliceOp> slices;
  for (Operation &op : getRegion().front())
    if (auto slice = dyn_cast<ParallelInsertSliceOp>(op))
      slices.push_back(slice);
  return slices;
}

LogicalResult PerformConcurrentlyOp::verify() {
  for (Operation &op : getRegion().front())
    if (!isa<ParallelInsertSliceOp>(op))
      return op.emitOpError()
             << "cannot appear in 'par.perform_concurrently', which holds "
                "only 'par.parallel_insert_slice' ops";
  return success();
}

//===----------------------------------------------------------------------===//
// ParallelInsertSliceOp
//===----------------------------------------------------------------------===//

LogicalResult ParallelInsertSliceOp::verify() {
  RankedTensorType source = getSourceType(), dest = getDestType();
  if (source.getElementType() != dest.getElementType())
    return emitOpError() << "source element type " << source.getElementType()
                         << " differs from dest element type "
                         << dest.getElementType();
  // The slice has the static sizes; the source may drop unit dimensions.
  ArrayRef<int64_t> sizes = getStaticSizes();
  ArrayRef<int64_t> shape = source.getShape();
  size_t s = 0;
  bool matches = true;
  for (int64_t size : sizes) {
    if (s < shape.size() && shape[s] == size) {
      ++s;
      continue;
    }
    if (size == 1)
      continue; // a dropped unit dimension
    matches = false;
    break;
  }
  if (!matches || s != shape.size()) {
    auto expected = RankedTensorType::get(sizes, dest.getElementType());
    return emitOpError() << "source type " << source
                         << " does not match the slice type " << expected
                         << " (unit dimensions may be dropped)";
  }
  // In bounds where static, as tensor.insert_slice checks (its memref
  // form, the subview One-Shot Bufferize makes of it, would not verify).
  SliceBoundsVerificationResult bounds =
      verifyInBoundsSlice(dest.getShape(), getStaticOffsets(), getStaticSizes(), getStaticStrides(),
                          /*generateErrorMessage=*/true);
  if (!bounds.isValid)
    return emitOpError() << bounds.errorMessage << " of the destination";
  auto foreachThread = (*this)->getParentOfType<ForeachThreadOp>();
  Region *destRegion = getDest().getParentRegion();
  if (foreachThread && foreachThread->isAncestor(destRegion->getParentOp()))
    return emitOpError("destination must be defined above the enclosing "
                       "'par.foreach_thread': threads insert into a tensor "
                       "they share");
  return success();
}

#define GET_OP_CLASSES
#include "Par/ParOps.cpp.inc"
