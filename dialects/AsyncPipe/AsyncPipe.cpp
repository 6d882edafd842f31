//===- AsyncPipe.cpp - asyncpipe dialect ----------------------------------===//
//
// Verifiers encode the rules that the passes rely on: a token is committed
// exactly once, counting-form async ops always know their queue, async scopes
// hold no synchronization, and in-flight counts are never negative.
//
//===----------------------------------------------------------------------===//

#include "mlir/Transforms/InliningUtils.h"
#include "AsyncPipe/AsyncPipe.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asyncpipe;

#include "AsyncPipe/AsyncPipeDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "AsyncPipe/AsyncPipeTypes.cpp.inc"

namespace {
/// asyncpipe's ops carry no state tied to their function: a call to a
/// function using them can be inlined (queues are per thread, not per frame).
struct AsyncPipeInlinerInterface : public mlir::DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(mlir::Operation *, mlir::Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(mlir::Region *, mlir::Region *, bool,
                       mlir::IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(mlir::Operation *, mlir::Region *, bool,
                       mlir::IRMapping &) const final {
    return true;
  }
};
} // namespace

void AsyncPipeDialect::initialize() {
  addInterfaces<AsyncPipeInlinerInterface>();
  addTypes<
#define GET_TYPEDEF_LIST
#include "AsyncPipe/AsyncPipeTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "AsyncPipe/AsyncPipeOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Custom directive: in-flight count (constant or index value)
//===----------------------------------------------------------------------===//

static ParseResult
parseInFlightCount(OpAsmParser &parser, IntegerAttr &count,
                   std::optional<OpAsmParser::UnresolvedOperand> &dynamicCount) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult isOperand = parser.parseOptionalOperand(operand);
  if (isOperand.has_value()) {
    if (failed(*isOperand))
      return failure();
    dynamicCount = operand;
    return success();
  }
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  count = parser.getBuilder().getI64IntegerAttr(value);
  return success();
}

static void printInFlightCount(OpAsmPrinter &printer, Operation *,
                               IntegerAttr count, Value dynamicCount) {
  if (dynamicCount)
    printer << dynamicCount;
  else if (count)
    printer << count.getInt();
}

//===----------------------------------------------------------------------===//
// Shared rules for async operations
//===----------------------------------------------------------------------===//

/// The innermost asyncpipe scope enclosing `op`, looking no further than the
/// closest isolated-from-above op.
static Operation *getEnclosingScope(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<AsyncScopeOp, CommitQueueOp, CommitGroupOp>(parent))
      return parent;
    if (parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return nullptr;
  }
  return nullptr;
}

/// A token stands for one uncommitted async op: it is used only by
/// asyncpipe.commit_group ops (the commit_group verifier rejects committing it
/// twice), and at least once, since an uncommitted op can never be awaited.
static LogicalResult verifyTokenUses(Operation *op, Value token) {
  if (token.use_empty())
    return op->emitOpError("yields a token that is never committed: commit it "
                           "with asyncpipe.commit_group, or use the counting "
                           "form");
  for (OpOperand &use : token.getUses())
    if (!isa<CommitGroupOp>(use.getOwner())) {
      InFlightDiagnostic diag =
          op->emitOpError()
          << "yields a token used by '" << use.getOwner()->getName()
          << "'; a token may only be committed by asyncpipe.commit_group "
             "(groups, not tokens, flow through control flow)";
      diag.attachNote(use.getOwner()->getLoc()) << "used here";
      return diag;
    }
  return success();
}

static LogicalResult verifyAsyncOpQueue(Operation *op, Value token,
                                        std::optional<int64_t> queue) {
  bool hasToken = static_cast<bool>(token);
  Operation *scope = getEnclosingScope(op);
  // async_scope rejects nested asyncpipe ops itself; nothing to add here.
  if (scope && isa<AsyncScopeOp>(scope))
    return success();
  if (hasToken) {
    if (queue)
      return op->emitOpError(
          "in token form takes its queue from the asyncpipe.commit_group that "
          "commits its token; remove 'queue'");
    if (scope && isa<CommitQueueOp>(scope))
      return op->emitOpError("in token form cannot appear inside the "
                             "counting-form asyncpipe.commit_queue");
    if (scope && isa<CommitGroupOp>(scope))
      return op->emitOpError(
          "inside an asyncpipe.commit_group region must not yield a token: "
          "the group token stands for it");
    return verifyTokenUses(op, token);
  }
  if (!scope) {
    if (!queue)
      return op->emitOpError(
          "in counting form needs a 'queue' or an enclosing "
          "asyncpipe.commit_queue or asyncpipe.commit_group");
    return success();
  }
  int64_t scopeQueue = isa<CommitQueueOp>(scope)
                           ? cast<CommitQueueOp>(scope).getQueue()
                           : cast<CommitGroupOp>(scope).getQueue();
  if (queue && *queue != scopeQueue)
    return op->emitOpError() << "queue " << *queue
                             << " differs from the enclosing commit's queue "
                             << scopeQueue;
  return success();
}

/// Commits cannot nest: a group cannot contain another group.
static LogicalResult verifyNoNestedCommits(Operation *scope, Region &body) {
  WalkResult result = body.walk([&](Operation *nested) {
    if (isa<CommitQueueOp, CommitGroupOp, CommitOp>(nested)) {
      nested->emitOpError() << "cannot be nested in '"
                            << scope->getName() << "': groups do not nest";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

LogicalResult CopyOp::verify() {
  auto source = cast<MemRefType>(getSource().getType());
  auto dest = cast<MemRefType>(getDest().getType());
  if (source.getElementType() != dest.getElementType())
    return emitOpError() << "source element type " << source.getElementType()
                         << " differs from dest element type "
                         << dest.getElementType();
  if (source.getRank() != dest.getRank())
    return emitOpError() << "source rank " << source.getRank()
                         << " differs from dest rank " << dest.getRank();
  for (int64_t d = 0, e = source.getRank(); d < e; ++d) {
    int64_t s = source.getDimSize(d), t = dest.getDimSize(d);
    if (ShapedType::isDynamic(s) || ShapedType::isDynamic(t))
      continue;
    if (getZeroFill()) {
      if (s > t)
        return emitOpError() << "source dimension " << d << " (" << s
                             << ") exceeds dest dimension (" << t << ")";
    } else if (s != t) {
      return emitOpError() << "source dimension " << d << " (" << s
                           << ") differs from dest dimension (" << t
                           << "); use 'zero_fill' to copy a partial tile";
    }
  }
  if (getZeroFill() && !dest.hasStaticShape())
    return emitOpError("with 'zero_fill' needs a statically shaped dest");
  return verifyAsyncOpQueue(*this, getToken(), getQueue());
}

//===----------------------------------------------------------------------===//
// AccumulatorType, MmaOp, AccumulatorStoreOp
//===----------------------------------------------------------------------===//

Type AccumulatorType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type element;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false, /*withTrailingX=*/true) ||
      parser.parseType(element) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(), shape, element);
}

void AccumulatorType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t size : getShape())
    printer << size << 'x';
  printer << getElementType() << '>';
}

LogicalResult AccumulatorType::verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
                                      Type elementType) {
  if (shape.size() != 2)
    return emitError() << "an accumulator tile has 2 dimensions (rows x columns), not " << shape.size();
  for (int64_t size : shape)
    if (size < 1)
      return emitError() << "an accumulator tile's dimensions are positive, not " << size;
  if (!elementType.isF32() && !elementType.isF16() && !elementType.isBF16())
    return emitError() << "register tiles hold f32, f16 or bf16, not " << elementType;
  return success();
}

/// Whether `type` is an MMA input element type, and which accumulator
/// element types it may be accumulated in.
static bool acceptsAccumulator(Type input, Type acc) {
  if (input.isF16())
    return acc.isF32() || acc.isF16();
  if (input.isBF16() || input.isF32())
    return acc.isF32();
  return false;
}

LogicalResult MmaOp::verify() {
  auto b = cast<MemRefType>(getB().getType());
  auto acc = cast<AccumulatorType>(getAcc().getType());
  int64_t m, k;
  Type input;
  if (auto registers = dyn_cast<AccumulatorType>(getA().getType())) {
    if (getA() == getAcc())
      return emitOpError("reads its register operand 'a' from the accumulator it writes");
    if (!registers.getElementType().isF16() && !registers.getElementType().isBF16())
      return emitOpError() << "takes a register operand 'a' of f16 or bf16 (wgmma's A from registers), not "
                           << registers.getElementType();
    m = registers.getRows();
    k = registers.getColumns();
    input = registers.getElementType();
  } else {
    auto a = cast<MemRefType>(getA().getType());
    if (a.getRank() != 2)
      return emitOpError() << "multiplies 2-d tiles; 'a' has rank " << a.getRank();
    if (!a.hasStaticShape())
      return emitOpError("needs statically shaped tiles: the tensor-core instructions' shapes are fixed");
    m = a.getDimSize(0);
    k = a.getDimSize(1);
    input = a.getElementType();
  }
  if (b.getRank() != 2)
    return emitOpError() << "multiplies 2-d tiles; 'b' has rank " << b.getRank();
  if (!b.hasStaticShape())
    return emitOpError("needs statically shaped tiles: the tensor-core instructions' shapes are fixed");
  if (input != b.getElementType())
    return emitOpError() << "'a' holds " << input << " and 'b' " << b.getElementType()
                         << "; both tiles hold the same type";
  if (!acceptsAccumulator(input, acc.getElementType()))
    return emitOpError() << "cannot accumulate " << input << " products in " << acc.getElementType()
                         << ": f16 inputs accumulate in f32 or f16, bf16 and f32 (tf32) inputs in f32";
  bool transposed = getTransposeB();
  int64_t bk = transposed ? b.getDimSize(1) : b.getDimSize(0);
  int64_t n = transposed ? b.getDimSize(0) : b.getDimSize(1);
  if (bk != k)
    return emitOpError() << "'a' is " << m << "x" << k << " and 'b' " << b.getDimSize(0) << "x" << b.getDimSize(1)
                         << (transposed ? " (N x K, transpose_b)" : " (K x N)") << ": the inner dimensions differ";
  if (acc.getRows() != m || acc.getColumns() != n)
    return emitOpError() << "the product is " << m << "x" << n << " but the accumulator is " << acc.getRows() << "x"
                         << acc.getColumns();
  if (isSynchronous())
    return success();
  return verifyAsyncOpQueue(*this, getToken(), getQueue());
}

/// Declared by hand because `a` is memory or registers: a read of memory
/// (the default resource) for a memref tile, of accumulator registers for a
/// register operand; the MMA also joins its queue's open group.
void MmaOp::getEffects(SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Write::get(), QueueResource::get());
  SideEffects::Resource *aResource = isa<AccumulatorType>(getA().getType())
                                         ? static_cast<SideEffects::Resource *>(AccumulatorResource::get())
                                         : SideEffects::DefaultResource::get();
  effects.emplace_back(MemoryEffects::Read::get(), &getAMutable(), aResource);
  effects.emplace_back(MemoryEffects::Read::get(), &getBMutable(), SideEffects::DefaultResource::get());
  effects.emplace_back(MemoryEffects::Read::get(), &getAccMutable(), AccumulatorResource::get());
  effects.emplace_back(MemoryEffects::Write::get(), &getAccMutable(), AccumulatorResource::get());
}

bool MmaOp::isSynchronous() {
  return !getToken() && !getQueue() && !getEnclosingScope(getOperation());
}

LogicalResult AccumulatorStoreOp::verify() {
  auto acc = cast<AccumulatorType>(getAcc().getType());
  auto dest = cast<MemRefType>(getDest().getType());
  if (dest.getElementType() != acc.getElementType())
    return emitOpError() << "stores " << acc.getElementType() << " accumulators into a memref of "
                         << dest.getElementType();
  if (!dest.hasStaticShape())
    return emitOpError() << "stores a " << acc.getRows() << "x" << acc.getColumns()
                         << " tile into a memref of that static shape, not " << dest;
  if (dest.getRank() != 2 || dest.getDimSize(0) != acc.getRows() || dest.getDimSize(1) != acc.getColumns()) {
    InFlightDiagnostic diag = emitOpError() << "stores a " << acc.getRows() << "x" << acc.getColumns()
                                            << " tile into a memref of shape ";
    llvm::interleave(dest.getShape(), diag, "x");
    return diag << "; the shapes agree";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// AccumulatorMapOp, AccumulatorReduceOp, AccumulatorConvertOp, YieldOp
//===----------------------------------------------------------------------===//

/// The region's ops compute on values only: an effect would run once per
/// element, in an unspecified order.
static LogicalResult verifyPureBody(Operation *op, Region &body) {
  for (Operation &nested : body.front().without_terminator())
    if (!isMemoryEffectFree(&nested))
      return nested.emitOpError() << "cannot appear in '" << op->getName()
                                  << "': its region computes an element from elements, with no memory effect";
  return success();
}

/// The region's single block takes `types` and yields one value of `result`.
static LogicalResult verifyScalarBody(Operation *op, Region &body, ArrayRef<Type> types, Type result,
                                      StringRef what) {
  Block &block = body.front();
  if (block.getNumArguments() != types.size()) {
    InFlightDiagnostic diag = op->emitOpError() << "has a region of " << block.getNumArguments()
                                                << " arguments; it takes " << what;
    return diag;
  }
  for (auto [argument, type] : llvm::zip(block.getArguments(), types))
    if (argument.getType() != type)
      return op->emitOpError() << "region argument #" << argument.getArgNumber() << " is " << argument.getType()
                               << "; it takes " << what;
  auto yield = cast<YieldOp>(block.getTerminator());
  if (yield.getValues().size() != 1 || yield.getValues()[0].getType() != result)
    return yield.emitOpError() << "yields one " << result << " (the new element) in '" << op->getName() << "'";
  return verifyPureBody(op, body);
}

bool AccumulatorMapOp::hasIndices() {
  return getBody().front().getNumArguments() == getInputs().size() + 3;
}

LogicalResult AccumulatorMapOp::verify() {
  auto dest = cast<AccumulatorType>(getDest().getType());
  SmallVector<Type> types{dest.getElementType()};
  for (Value operand : getInputs()) {
    auto tile = cast<AccumulatorType>(operand.getType());
    if (tile.getRows() != dest.getRows() || (tile.getColumns() != dest.getColumns() && tile.getColumns() != 1))
      return emitOpError() << "maps a " << dest.getRows() << "x" << dest.getColumns() << " tile with an input of "
                           << tile.getRows() << "x" << tile.getColumns() << ": an input has the same shape, or "
                           << dest.getRows() << "x1 (a value per row)";
    types.push_back(tile.getElementType());
  }
  std::string what = "the element of 'dest', one of each input";
  if (getBody().front().getNumArguments() == types.size() + 2) {
    types.push_back(IndexType::get(getContext()));
    types.push_back(IndexType::get(getContext()));
  }
  what += ", then optionally the row and column (index)";
  return verifyScalarBody(*this, getBody(), types, dest.getElementType(), what);
}

LogicalResult AccumulatorReduceOp::verify() {
  auto source = cast<AccumulatorType>(getSource().getType());
  auto dest = cast<AccumulatorType>(getDest().getType());
  if (getSource() == getDest())
    return emitOpError("folds a tile into itself: 'dest' is another tile, of one column");
  if (dest.getRows() != source.getRows() || dest.getColumns() != 1)
    return emitOpError() << "folds the rows of a " << source.getRows() << "x" << source.getColumns()
                         << " tile into a " << dest.getRows() << "x" << dest.getColumns() << " tile; it takes "
                         << source.getRows() << "x1";
  if (dest.getElementType() != source.getElementType())
    return emitOpError() << "folds " << source.getElementType() << " elements into " << dest.getElementType()
                         << "; both tiles hold the same type";
  Type element = dest.getElementType();
  return verifyScalarBody(*this, getBody(), {element, element}, element,
                          "the partial value and the element, of the tiles' type");
}

LogicalResult AccumulatorConvertOp::verify() {
  auto source = cast<AccumulatorType>(getSource().getType());
  auto dest = cast<AccumulatorType>(getDest().getType());
  if (source.getShape() != dest.getShape())
    return emitOpError() << "converts a " << source.getRows() << "x" << source.getColumns() << " tile into a "
                         << dest.getRows() << "x" << dest.getColumns() << " one; the shapes agree";
  if (getSource() == getDest())
    return emitOpError("converts a tile into itself");
  Type from = source.getElementType(), to = dest.getElementType();
  if (from != to && !(from.isF32() && (to.isF16() || to.isBF16())))
    return emitOpError() << "converts " << from << " to " << to << "; it rounds f32 to f16 or bf16 (or copies)";
  return success();
}

LogicalResult YieldOp::verify() {
  Operation *parent = (*this)->getParentOp();
  bool scalar = isa<AccumulatorMapOp, AccumulatorReduceOp>(parent);
  if (!scalar && !getValues().empty())
    return emitOpError() << "ends '" << parent->getName() << "' with no values";
  return success();
}

//===----------------------------------------------------------------------===//
// AsyncScopeOp
//===----------------------------------------------------------------------===//

LogicalResult AsyncScopeOp::verify() {
  WalkResult result = getBody().walk([&](Operation *nested) {
    if (isa<AsyncPipeDialect>(nested->getDialect()) && !isa<YieldOp>(nested)) {
      nested->emitOpError("cannot appear inside 'asyncpipe.async_scope': an "
                          "async scope holds neither async ops nor "
                          "synchronization");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  return verifyAsyncOpQueue(*this, getToken(), getQueue());
}

//===----------------------------------------------------------------------===//
// CommitGroupOp
//===----------------------------------------------------------------------===//

LogicalResult CommitGroupOp::verify() {
  bool hasBody =
      !getBody().empty() && !getBody().front().without_terminator().empty();
  if (!getTokens().empty() && hasBody)
    return emitOpError("commits either tokens or the async ops of its "
                       "region, not both");
  llvm::SmallPtrSet<Value, 4> seen;
  for (Value token : getTokens()) {
    if (!seen.insert(token).second)
      return emitOpError("commits the same token twice");
    for (Operation *user : token.getUsers())
      if (user != getOperation() && isa<CommitGroupOp>(user))
        return emitOpError("commits a token that another "
                           "asyncpipe.commit_group also commits")
                   .attachNote(user->getLoc())
               << "also committed here";
  }
  return success();
}

LogicalResult CommitGroupOp::verifyRegions() {
  if (getBody().empty())
    return success();
  return verifyNoNestedCommits(*this, getBody());
}

//===----------------------------------------------------------------------===//
// WaitOp
//===----------------------------------------------------------------------===//

LogicalResult WaitOp::verify() {
  if (getGroups().empty())
    return emitOpError("needs at least one group to wait for");
  return success();
}

//===----------------------------------------------------------------------===//
// CommitQueueOp
//===----------------------------------------------------------------------===//

LogicalResult CommitQueueOp::verifyRegions() {
  return verifyNoNestedCommits(*this, getBody());
}

//===----------------------------------------------------------------------===//
// WaitQueueOp
//===----------------------------------------------------------------------===//

std::optional<int64_t> WaitQueueOp::getConstantCount() {
  if (std::optional<int64_t> count = getCount())
    return count;
  APInt value;
  if (getDynamicCount() && matchPattern(getDynamicCount(), m_ConstantInt(&value)))
    return std::max<int64_t>(value.getSExtValue(), 0);
  return std::nullopt;
}

LogicalResult WaitQueueOp::verify() {
  if (static_cast<bool>(getCount()) == static_cast<bool>(getDynamicCount()))
    return emitOpError("needs exactly one in-flight count: a constant or an "
                       "index value");
  // Only the attribute is checked: an index operand below 0 at run time
  // waits as 0 does, and folding may well make it a constant (a loop of one
  // iteration at i = -3 inlined by canonicalize: IR that verified must
  // still verify; a fuzzer finding).
  std::optional<int64_t> count = getCount();
  if (count && *count < 0)
    return emitOpError() << "in-flight count must be non-negative, got "
                         << *count;
  return success();
}

#define GET_OP_CLASSES
#include "AsyncPipe/AsyncPipeOps.cpp.inc"
