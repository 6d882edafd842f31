//===- AsyncOp.cpp - asyncop dialect --------------------------------------===//
//
// Local rules (types of one op, its single user) live in each op's verifier;
// rules that need the wrapped computation's signature walk the whole chain
// from the start, once the callee or region is known.
//
//===----------------------------------------------------------------------===//

#include "AsyncOp/AsyncOp.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asyncop;

#include "AsyncOp/AsyncOpDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "AsyncOp/AsyncOpTypes.cpp.inc"

void AsyncOpDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "AsyncOp/AsyncOpTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "AsyncOp/AsyncOpOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// HandleType: <(operands), (outputs), context>
//===----------------------------------------------------------------------===//

static ParseResult parseTypeTuple(AsmParser &parser, SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() {
    return parser.parseType(types.emplace_back());
  });
}

Type HandleType::parse(AsmParser &parser) {
  SmallVector<Type> operands, outputs;
  Type context;
  if (parser.parseLess() || parseTypeTuple(parser, operands) ||
      parser.parseComma() || parseTypeTuple(parser, outputs) ||
      parser.parseComma() || parser.parseType(context) || parser.parseGreater())
    return Type();
  return HandleType::get(parser.getContext(), operands, outputs, context);
}

void HandleType::print(AsmPrinter &printer) const {
  printer << "<(" << getOperands() << "), (" << getOutputs() << "), "
          << getContextType() << ">";
}

//===----------------------------------------------------------------------===//
// Chain rules
//===----------------------------------------------------------------------===//

static std::string formatTypes(ArrayRef<Type> types) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "(";
  llvm::interleaveComma(types, os);
  os << ")";
  return text;
}

/// Every start and update has exactly one user: an update or a done that
/// takes the handle as its handle operand.
/// The values a handle passed to `use` becomes when `use` carries it across
/// the iterations of an scf.for: as the init of iteration argument k (the
/// loop's operand 3 + k), or as what the body yields for it (operand k of
/// its scf.yield), it is the body's block argument 1 + k and the loop's
/// result k. Empty for any other use.
static SmallVector<Value, 2> carriedBy(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto loop = dyn_cast<scf::ForOp>(user)) {
    unsigned first = loop.getNumControlOperands();
    if (use.getOperandNumber() < first)
      return {};
    unsigned k = use.getOperandNumber() - first;
    return {loop.getRegionIterArgs()[k], loop.getResult(k)};
  }
  if (auto yield = dyn_cast<scf::YieldOp>(user))
    if (auto loop = dyn_cast<scf::ForOp>(yield->getParentOp())) {
      unsigned k = use.getOperandNumber();
      return {loop.getRegionIterArgs()[k], loop.getResult(k)};
    }
  return {};
}

/// A handle has exactly one user: the update or done that continues the
/// chain (as its operand #0), or an scf.for that carries it to the next
/// iteration (as an iteration argument's init, or yielded by its body);
/// then the loop's block argument and result carrying it have at most one
/// use each, by the chain's next op or a carrying loop again.
static LogicalResult verifyHandleUse(Operation *op, Value handle, bool carried) {
  if (carried && handle.use_empty())
    return success(); // the side of a carrying loop that the chain does not take
  if (!handle.hasOneUse())
    return op->emitOpError()
           << "must have exactly one user, an asyncop.update or asyncop.done, "
              "but its handle has "
           << std::distance(handle.use_begin(), handle.use_end()) << " uses";
  OpOperand &use = *handle.use_begin();
  Operation *user = use.getOwner();
  if (isa<UpdateOp, DoneOp>(user) && use.getOperandNumber() == 0)
    return success();
  SmallVector<Value, 2> next = carriedBy(use);
  if (next.empty()) {
    InFlightDiagnostic diag =
        op->emitOpError()
        << "handle must be the handle operand (#0) of an asyncop.update or "
           "asyncop.done, or carried by an scf.for, but is operand #"
        << use.getOperandNumber() << " of '" << user->getName() << "'";
    diag.attachNote(user->getLoc()) << "used here";
    return diag;
  }
  // A yield's values were checked at the loop's init.
  if (isa<scf::YieldOp>(user))
    return success();
  for (Value value : next)
    if (failed(verifyHandleUse(op, value, /*carried=*/true)))
      return failure();
  return success();
}

static LogicalResult verifySingleChainUser(Operation *op, Value handle) {
  return verifyHandleUse(op, handle, /*carried=*/false);
}

/// Checks a handle type against the wrapped computation's signature.
static LogicalResult verifyHandleAgainstSignature(Operation *op,
                                                  HandleType handle,
                                                  ArrayRef<Type> params,
                                                  ArrayRef<Type> results) {
  ArrayRef<Type> bound = handle.getOperands();
  if (bound.size() > params.size())
    return op->emitOpError() << "binds " << bound.size()
                             << " operands but the wrapped op takes "
                             << params.size();
  for (auto [index, type] : llvm::enumerate(bound))
    if (type != params[index])
      return op->emitOpError() << "binds operand #" << index << " of type "
                               << type << " but the wrapped op's parameter #"
                               << index << " has type " << params[index];
  if (!handle.getOutputs().empty() && handle.getOutputs() != results)
    return op->emitOpError()
           << "binds outputs " << formatTypes(handle.getOutputs())
           << " but the wrapped op yields " << formatTypes(results);
  return success();
}

/// Walks start -> update* -> done, checking operand and output binding
/// against the wrapped computation.
static LogicalResult verifyChain(StartOp start, ArrayRef<Type> params,
                                 ArrayRef<Type> results) {
  Operation *op = start;
  Value handle = start.getHandle();
  while (true) {
    if (failed(verifyHandleAgainstSignature(
            op, cast<HandleType>(handle.getType()), params, results)))
      return failure();
    if (!handle.hasOneUse())
      return success(); // reported by the op's own verifier
    Operation *user = handle.use_begin()->getOwner();
    if (auto update = dyn_cast<UpdateOp>(user)) {
      op = update;
      handle = update.getResult();
      continue;
    }
    auto done = dyn_cast<DoneOp>(user);
    if (!done)
      return success(); // reported by the op's own verifier
    auto last = cast<HandleType>(handle.getType());
    if (last.getOperands().size() != params.size())
      return done.emitOpError()
             << "ends the async op with " << last.getOperands().size()
             << " of its " << params.size()
             << " operands bound; bind the rest with asyncop.update";
    SmallVector<Type> outputs(done.getOutputs().getTypes());
    if (ArrayRef<Type>(outputs) != results)
      return done.emitOpError() << "yields " << formatTypes(outputs)
                                << " but the wrapped op yields "
                                << formatTypes(results);
    return success();
  }
}

//===----------------------------------------------------------------------===//
// StartOp
//===----------------------------------------------------------------------===//

LogicalResult StartOp::verify() {
  bool hasRegion = !getBody().empty();
  if (hasRegion == static_cast<bool>(getCallee()))
    return emitOpError("wraps exactly one op: name a function with a callee "
                       "symbol, or give a region, not both or neither");
  SmallVector<Type> argTypes(getArgs().getTypes());
  HandleType handle = getHandle().getType();
  if (ArrayRef<Type>(argTypes) != handle.getOperands())
    return emitOpError() << "binds operands " << formatTypes(argTypes)
                         << " but its handle type records "
                         << formatTypes(handle.getOperands());
  return verifySingleChainUser(*this, getHandle());
}

LogicalResult StartOp::verifyRegions() {
  if (getBody().empty())
    return success();
  Block &block = getBody().front();
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return emitOpError("region must end with asyncop.yield");
  if (!llvm::hasSingleElement(block.without_terminator()))
    // Several ops are what a conversion that lowered the wrapped op leaves
    // (upstream's convert-gpu-to-nvvm turns a memref.copy into LLVM ops):
    // the chain must be lowered before it.
    return emitOpError("region must hold exactly one op besides "
                       "asyncop.yield: the wrapped op (a conversion that "
                       "lowers the wrapped op, such as convert-gpu-to-nvvm, "
                       "must run after asyncop-to-asyncpipe or "
                       "asyncop-to-async has lowered the chain)");
  Operation &wrapped = block.front();
  for (Value operand : wrapped.getOperands())
    if (!isa<BlockArgument>(operand) ||
        cast<BlockArgument>(operand).getOwner() != &block)
      return wrapped.emitOpError(
          "wrapped by asyncop.start must take only the region's arguments as "
          "operands");
  if (yield.getValues() != ValueRange(wrapped.getResults()))
    return yield.emitOpError("must yield exactly the wrapped op's results");
  SmallVector<Type> params(block.getArgumentTypes());
  SmallVector<Type> results(wrapped.getResultTypes());
  return verifyChain(*this, params, results);
}

/// Whether a start's region block is in the region form's shape: one op
/// besides the yield, taking only the region's arguments, whose results are
/// exactly what is yielded (verifyRegions says which rule fails).
static bool isOneWrappedOp(Block &block) {
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield || !llvm::hasSingleElement(block.without_terminator()))
    return false;
  Operation &wrapped = block.front();
  for (Value operand : wrapped.getOperands()) {
    auto argument = dyn_cast<BlockArgument>(operand);
    if (!argument || argument.getOwner() != &block)
      return false;
  }
  return yield.getValues() == ValueRange(wrapped.getResults());
}

namespace {
/// Outlines a region that canonicalization (folding inside it) has taken
/// out of the one-wrapped-op shape into a private func.func, called by
/// symbol: the computation and the chain's signature are unchanged.
struct OutlineFoldedRegion : public OpRewritePattern<StartOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StartOp start, PatternRewriter &rewriter) const override {
    Region &body = start.getBody();
    if (body.empty() || isOneWrappedOp(body.front()))
      return failure();
    auto yield = dyn_cast<YieldOp>(body.front().getTerminator());
    Operation *table = SymbolTable::getNearestSymbolTable(start->getParentOp());
    if (!yield || !table)
      return failure();
    Operation *anchor = start;
    while (anchor->getParentOp() != table)
      anchor = anchor->getParentOp();
    rewriter.setInsertionPoint(anchor);
    auto type = rewriter.getFunctionType(body.front().getArgumentTypes(),
                                         yield.getValues().getTypes());
    auto function = func::FuncOp::create(rewriter, start.getLoc(), "asyncop_start", type);
    function.setPrivate();
    SymbolTable(table).insert(function); // makes the name unique
    rewriter.inlineRegionBefore(body, function.getBody(), function.getBody().end());
    rewriter.setInsertionPoint(yield);
    func::ReturnOp::create(rewriter, yield.getLoc(), yield.getValues());
    rewriter.eraseOp(yield);
    rewriter.modifyOpInPlace(start, [&] {
      start.setCalleeAttr(FlatSymbolRefAttr::get(function.getSymNameAttr()));
    });
    return success();
  }
};
} // namespace

void StartOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *context) {
  patterns.add<OutlineFoldedRegion>(context);
}

LogicalResult StartOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  std::optional<StringRef> callee = getCallee();
  if (!callee)
    return success();
  auto function = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getCalleeAttr());
  if (!function)
    return emitOpError() << "'@" << *callee
                         << "' does not reference a function";
  return verifyChain(*this, function.getArgumentTypes(),
                     function.getResultTypes());
}

//===----------------------------------------------------------------------===//
// UpdateOp
//===----------------------------------------------------------------------===//

LogicalResult UpdateOp::verify() {
  HandleType before = getHandle().getType(), after = getResult().getType();
  SmallVector<Type> expected(before.getOperands());
  llvm::append_range(expected, getArgs().getTypes());
  if (after.getOperands() != ArrayRef<Type>(expected))
    return emitOpError() << "binds operands in order: after binding "
                         << formatTypes(SmallVector<Type>(getArgs().getTypes()))
                         << " the handle's operands are "
                         << formatTypes(expected) << ", not "
                         << formatTypes(after.getOperands());
  if (!before.getOutputs().empty() && before.getOutputs() != after.getOutputs())
    return emitOpError() << "cannot change outputs bound earlier "
                         << formatTypes(before.getOutputs());
  if (before.getContextType() != after.getContextType())
    return emitOpError() << "cannot change the context type from "
                         << before.getContextType() << " to "
                         << after.getContextType();
  return verifySingleChainUser(*this, getResult());
}

//===----------------------------------------------------------------------===//
// DoneOp
//===----------------------------------------------------------------------===//

LogicalResult DoneOp::verify() {
  HandleType handle = getHandle().getType();
  SmallVector<Type> outputs(getOutputs().getTypes());
  if (!handle.getOutputs().empty() &&
      handle.getOutputs() != ArrayRef<Type>(outputs))
    return emitOpError() << "yields " << formatTypes(outputs)
                         << " but the handle's bound outputs are "
                         << formatTypes(handle.getOutputs());
  // A chain completes once: no loop may repeat the done without the chain
  // (a loop that carries the handle starts one chain per iteration), and
  // the done may not run in a region that runs elsewhere (a kernel, a
  // task) while the chain began here.
  Operation *definer = getHandle().getDefiningOp();
  Region *home = definer ? definer->getParentRegion()
                         : cast<BlockArgument>(getHandle()).getOwner()->getParent();
  for (Operation *around = (*this)->getParentOp(); around; around = around->getParentOp()) {
    if (around->isAncestor(home->getParentOp()) || around == home->getParentOp())
      break;
    bool repeats = isa<LoopLikeOpInterface>(around);
    bool elsewhere = around->getName().getStringRef() == "gpu.launch" ||
                     around->getName().getStringRef() == "async.execute";
    if (repeats || elsewhere) {
      InFlightDiagnostic diag = emitOpError()
                                << (repeats ? "would complete its chain once per iteration of this '"
                                            : "would complete its chain inside this '")
                                << around->getName() << "', which the chain does not begin in"
                                << (repeats ? "; a chain completes once (carry the handle through the loop instead)"
                                            : "; it runs elsewhere (a kernel or a task)");
      diag.attachNote(around->getLoc()) << "here";
      return diag;
    }
  }
  return success();
}

#define GET_OP_CLASSES
#include "AsyncOp/AsyncOpOps.cpp.inc"
