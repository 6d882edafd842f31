//===- AsyncOpOps.td - asyncop dialect: start/update/done ---*- tablegen -*-===//
//
// Generic asynchronous wrapping of any single op (xla-async-hlo).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCOP_OPS_TD
#define ASYNCOP_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def AsyncOp_Dialect : Dialect {
  let name = "asyncop";
  let cppNamespace = "::mlir::asyncop";
  // asyncop.start's canonicalization outlines a region into a func.func.
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let summary = "Generic async start/update/done around any op";
  let description = [{
    `asyncop.start` begins running one wrapped op asynchronously: a function
    named by symbol, or the single op of its region. It yields a handle whose
    type carries the operands bound so far, the outputs bound so far and the
    context state. `asyncop.update` continues the chain, binding further
    operands (in order) and possibly the outputs; `asyncop.done` ends it and
    yields the outputs. Every start and update has exactly one user, an
    update or a done.

    ```mlir
    %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
    %u = asyncop.update %s(%b) : (!asyncop.handle<(f32), (), i32>, f32)
                                 -> !asyncop.handle<(f32, f32), (f32), i32>
    %r = asyncop.done %u : (!asyncop.handle<(f32, f32), (f32), i32>) -> f32
    ```
  }];
  let useDefaultTypePrinterParser = 1;
  // `asyncop.wrap`: the unit attribute that selects an op for
  // `asyncop-wrap` (passes/asyncop_wrap.rs reads it as
  // ir::ods::asyncop::attrs::WRAP), declared here so the dialect owns it.
  let discardableAttrs = (ins "::mlir::UnitAttr":$wrap);
}

def AsyncOp_HandleType : TypeDef<AsyncOp_Dialect, "Handle"> {
  let mnemonic = "handle";
  let summary = "state of an in-flight async op: (operands), (outputs), context";
  let description = [{
    `!asyncop.handle<(operand types), (output types), context type>`, the
    tuple of xla-async-hlo: the operands bound so far (which stay alive until
    the done), the outputs (empty until bound) and the context.
  }];
  let parameters = (ins ArrayRefParameter<"Type">:$operands,
                        ArrayRefParameter<"Type">:$outputs,
                        "Type":$contextType);
  let hasCustomAssemblyFormat = 1;
}

class AsyncOp_Op<string mnemonic, list<Trait> traits = []>
    : Op<AsyncOp_Dialect, mnemonic, traits>;

def AsyncOp_StartOp : AsyncOp_Op<"start", [
    IsolatedFromAbove, DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "start a wrapped op asynchronously, binding its first operands";
  let description = [{
    Wraps either the function `callee` or the single op of the region, whose
    block arguments are the wrapped computation's parameters and whose
    `asyncop.yield` returns that op's results. `args` bind the first K of
    the N parameters, in order; the rest are bound by `asyncop.update`s.

    ```mlir
    %s = asyncop.start @foo(%a) : (f32) -> !asyncop.handle<(f32), (), i32>
    %t = asyncop.start (%a, %b) wraps {
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      asyncop.yield %r : f32
    } : (f32, f32) -> !asyncop.handle<(f32, f32), (f32), i32>
    ```

    Canonicalization folds inside the region like anywhere else: it may
    materialize constants there, fold the wrapped op away or split it into
    several ops. When the region is no longer one wrapped op, the start's
    canonicalization outlines it into a private `func.func` and the start
    calls it by symbol, so that the region form's rule holds after any
    canonicalization.
  }];
  let arguments = (ins OptionalAttr<FlatSymbolRefAttr>:$callee,
                       Variadic<AnyType>:$args);
  let results = (outs AsyncOp_HandleType:$handle);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = [{
    ($callee^)? `(` $args `)` (`wraps` $body^)? attr-dict `:`
    functional-type($args, $handle)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
}

def AsyncOp_UpdateOp : AsyncOp_Op<"update", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "continue an async op, binding more operands or its outputs";
  let description = [{
    Binds `args` as the next parameters of the wrapped computation (in
    order) and may bind the outputs (the result handle's outputs go from `()`
    to the wrapped op's result types). Operands and outputs bound earlier
    never change, nor does the context type.
  }];
  let arguments = (ins AsyncOp_HandleType:$handle, Variadic<AnyType>:$args);
  let results = (outs AsyncOp_HandleType:$result);
  let assemblyFormat = [{
    $handle `(` $args `)` attr-dict `:` functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

def AsyncOp_DoneOp : AsyncOp_Op<"done", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait for an async op and yield its outputs";
  let description = [{
    Ends the chain: every operand must be bound by now. If the outputs are
    still unbound, the done binds them (its result types are the wrapped
    op's results).
  }];
  let arguments = (ins AsyncOp_HandleType:$handle);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = [{
    $handle attr-dict `:` functional-type($handle, $outputs)
  }];
  let hasVerifier = 1;
}

def AsyncOp_YieldOp : AsyncOp_Op<"yield", [
    Pure, Terminator, HasParent<"StartOp">]> {
  let summary = "return the wrapped op's results from an asyncop.start region";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif // ASYNCOP_OPS_TD
