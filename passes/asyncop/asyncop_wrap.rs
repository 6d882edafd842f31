//! `asyncop-wrap`: the async-HLO document's "generic async wrapping of any
//! instruction". Each selected op becomes a chain that starts it and waits
//! for it where it was:
//!
//! ```mlir
//! %r = arith.mulf %a, %b : f32
//! // becomes
//! %h = asyncop.start (%a, %b) wraps {
//! ^bb0(%x: f32, %y: f32):
//!   %m = arith.mulf %x, %y : f32
//!   asyncop.yield %m : f32
//! } : (f32, f32) -> !asyncop.handle<(f32, f32), (), none>
//! %r = asyncop.done %h : (!asyncop.handle<(f32, f32), (), none>) -> f32
//! ```
//!
//! Selected: ops named in `ops` (a comma-separated list) and ops carrying
//! the unit attribute `asyncop.wrap` (which the wrapped op loses). With
//! `outline=true` the op goes into a private `func.func` and the start calls
//! it by symbol, the document's form with `to_apply`. Every operand is bound
//! at the start and the outputs at the done; `asyncop-schedule` then moves
//! the start early and the done late. An op that cannot be wrapped (one with
//! regions, a terminator) is an error when it carries the attribute and is
//! left alone when only its name is listed. `asyncop-unwrap` is the inverse.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::builder::{Builder, Point};
// `asyncop.wrap`, the unit attribute that selects an op for wrapping.
use crate::passes::ir::ods::asyncop::attrs::WRAP;
use crate::passes::ir::ods::asyncop::{DoneOp, StartOp, YieldOp};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, asyncop, diag, rewrite};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::attribute::{Attribute, FlatSymbolRefAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, BlockRef, RegionLike, Type, Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "asyncop-wrap",
    description: "Wrap selected ops (by name, or carrying asyncop.wrap) into asyncop.start / asyncop.done chains, around a region or a private function",
    anchor: Some(Upstream::BuiltinModule.name()),
    options: &[
        OptionDef { name: "ops", description: "comma-separated names of the ops to wrap", default: "" },
        OptionDef { name: "outline", description: "wrap a private function holding the op instead of a region", default: "false" },
    ],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let names: Vec<String> = options.get("ops").split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect();
    let outline: bool = options.parse(root, "outline")?;
    let mut failed = false;
    let mut outlined = 0;
    let selected: Vec<OperationRef> = ir::nested_ops(root)
        .into_iter()
        .filter(|op| op.attribute(WRAP).is_ok() || names.iter().any(|n| n == ir::op_name(*op)))
        .filter(|op| !ir::ancestors(*op).any(StartOp::is))
        .collect();
    for op in selected {
        let marked = op.attribute(WRAP).is_ok();
        // An outlined function goes next to the op's function: in a
        // gpu.module it would be outside the kernel's symbol table (the
        // start named nothing, a fuzzer finding).
        let outlined_from_kernel = || {
            (outline && ir::ancestors(op).any(|a| Upstream::GpuModule.is(a)))
                .then_some("it is in a gpu.module, where the outlined function would not be in the kernel's symbol table (wrap it in region form)")
        };
        if let Err(why) = asyncop::can_wrap(op).and_then(|()| outlined_from_kernel().map_or(Ok(()), Err)) {
            if marked {
                diag::error(op.location(), &format!("asyncop-wrap cannot wrap '{}': {why}", ir::op_name(op)));
                failed = true;
            }
            continue;
        }
        if marked {
            rewrite::remove_attribute(op, WRAP);
        }
        let callee = if outline {
            let name = format!("{}_async_{outlined}", ir::enclosing_function(op).and_then(ir::symbol_name).unwrap_or_default());
            outlined += 1;
            Some(name)
        } else {
            None
        };
        wrap(root, op, callee);
    }
    if failed {
        Err(PassFailed)
    } else {
        Ok(())
    }
}

/// Replaces `op` by a start (region form, or calling a new private function
/// named `callee`) and a done in its place.
fn wrap(root: OperationRef, op: OperationRef, callee: Option<String>) {
    let b = Builder::new(op.context(), op.location());
    let operands: Vec<Value> = (0..op.operand_count()).filter_map(|i| op.operand_at(i)).collect();
    let types: Vec<Type> = operands.iter().map(|v| v.r#type()).collect();
    let results: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    let none = Type::none(b.ctx());
    let handle = asyncop::handle_type(op.context(), &types, &[], none);
    let at = Point::Before(op);
    let arguments: Vec<(Type, melior::ir::Location)> = types.iter().map(|t| (*t, op.location())).collect();
    let start = match &callee {
        None => {
            let start = b.insert(StartOp::build(&b, &operands, handle, None), at);
            let block = start.region(0).expect("the start's region").append_block(Block::new(&arguments));
            let yielded = b.insert(YieldOp::build(&b, &[]), Point::End(block));
            place_with_parameters(op, block, yielded);
            start
        }
        Some(name) => {
            let module_body = ir::region_entry(root, 0).expect("a module body");
            let function = ir::enclosing_function(op).and_then(|f| {
                let mut top = f;
                while let Some(parent) = top.parent_operation().filter(|p| *p != root) {
                    top = parent;
                }
                Some(top)
            });
            let point = function.map(Point::Before).unwrap_or(Point::End(module_body));
            let f = b.function(name, &types, &results, true, point);
            let entry = f.region(0).expect("the function's body").append_block(Block::new(&arguments));
            let returned = b.op(Upstream::FuncReturn, &[], &[], &[], Point::End(entry));
            place_with_parameters(op, entry, returned);
            let symbol: Attribute = FlatSymbolRefAttribute::new(b.ctx(), name).into();
            b.insert(StartOp::build(&b, &operands, handle, Some(symbol)), at)
        }
    };
    let handle_value: Value = start.result(0).expect("the handle").into();
    let done = b.insert(DoneOp::build(&b, handle_value, &results), at);
    for (old, new) in op.results().zip(done.results()) {
        rewrite::replace_uses(old.into(), new.into());
    }
    ir::erase(op);
}

/// A clone of `op` before `terminator` (a yield or return of `block`),
/// taking `block`'s arguments as its operands, its results returned.
fn place_with_parameters<'c, 'a>(op: OperationRef<'c, '_>, block: BlockRef<'c, 'a>, terminator: OperationRef<'c, 'a>) {
    let clone = block.insert_operation_before(terminator, rewrite::clone(op));
    for i in 0..op.operand_count() {
        rewrite::set_operand(clone, i, block.argument(i).expect("a parameter").into());
    }
    let values: Vec<Value> = clone.results().map(Value::from).collect();
    rewrite::append_operands(terminator, &values);
}
