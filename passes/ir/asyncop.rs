//! What an `asyncop` chain (start, updates, done) means to the passes: its
//! handle type (through the dialect's C API), and the chain read back from
//! its done: which op binds each operand and the outputs, and what it wraps.

use crate::passes::ir::positions::BlockPositions;
use super::ods::asyncop::types::HandleType;
use super::ods::asyncop::{DoneOp, StartOp, UpdateOp, YieldOp};
use super::upstream::Upstream;
use crate::ffi;
use melior::ir::attribute::FlatSymbolRefAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, Type, TypeLike, Value, ValueLike};
use melior::ContextRef;

/// `!asyncop.handle<(operands), (outputs), context>`.
pub fn handle_type<'c>(context: ContextRef<'c>, operands: &[Type<'c>], outputs: &[Type<'c>], state: Type<'c>) -> Type<'c> {
    HandleType::get(super::stable_context(context), operands, outputs, state).expect("a handle type accepts any types").r#type()
}

/// Whether `ty` is `!asyncop.handle<...>`.
pub fn is_handle_type<'c>(ty: impl TypeLike<'c>) -> bool {
    HandleType::is(ty)
}

/// What a start wraps.
#[derive(Clone, Debug)]
pub enum Wrapped<'c, 'a> {
    /// The single op of its region (the region's block arguments are the
    /// parameters).
    Op(OperationRef<'c, 'a>),
    /// The function it names.
    Callee(String),
}

/// A whole chain, read back from its done.
#[derive(Clone, Debug)]
pub struct Chain<'c, 'a> {
    pub start: StartOp<'c, 'a>,
    pub updates: Vec<UpdateOp<'c, 'a>>,
    pub done: DoneOp<'c, 'a>,
}

impl<'c, 'a> Chain<'c, 'a> {
    /// The chain `done` ends; None when its handle does not lead back to a
    /// start through updates (the verifier rules that out).
    pub fn of(done: DoneOp<'c, 'a>) -> Option<Self> {
        let mut updates = Vec::new();
        let mut handle = done.handle();
        loop {
            let op = super::defining_op(handle)?;
            if let Some(update) = UpdateOp::cast(op) {
                updates.push(update);
                handle = update.handle();
            } else {
                let start = StartOp::cast(op)?;
                updates.reverse();
                return Some(Chain { start, updates, done });
            }
        }
    }

    /// Every chain under `root`, in the order of their dones.
    pub fn all(root: OperationRef<'c, 'a>) -> Vec<Self> {
        super::nested_ops(root).into_iter().filter_map(DoneOp::cast).filter_map(Chain::of).collect()
    }

    /// The ops of the chain in order: the start, the updates, the done.
    pub fn ops(&self) -> Vec<OperationRef<'c, 'a>> {
        let mut ops = vec![self.start.operation()];
        ops.extend(self.updates.iter().map(|u| u.operation()));
        ops.push(self.done.operation());
        ops
    }

    /// Every operand, in parameter order, with the op that binds it.
    pub fn bound(&self) -> Vec<(Value<'c, 'a>, OperationRef<'c, 'a>)> {
        let mut bound: Vec<_> = self.start.args().map(|v| (v, self.start.operation())).collect();
        for update in &self.updates {
            bound.extend(update.args().map(|v| (v, update.operation())));
        }
        bound
    }

    /// The op that binds the outputs: the first update whose result handle
    /// has them, else the done.
    pub fn outputs_bound_at(&self) -> OperationRef<'c, 'a> {
        self.updates
            .iter()
            .find(|u| handle_has_outputs(u.result().r#type()))
            .map(|u| u.operation())
            .unwrap_or(self.done.operation())
    }

    pub fn wrapped(&self) -> Option<Wrapped<'c, 'a>> {
        wrapped(self.start)
    }

    /// The result types of the wrapped computation (the done's).
    pub fn result_types(&self) -> Vec<Type<'c>> {
        self.done.outputs().map(|v| v.r#type()).collect()
    }
}

/// What `start` wraps; None for a region that is not one op and a yield
/// (the verifier rules that out).
/// An error at each start under `root` whose callee is not a `func.func`
/// of the module (an `llvm.func`, say): the lowerings call it with
/// `func.call`, which names `func.func`s only (the call named nothing, IR
/// that did not verify: a fuzzer finding), so `pass` refuses these.
pub fn refuse_other_callees(root: OperationRef, pass: &str) -> Result<(), crate::passes::PassFailed> {
    let starts = starts_with_other_callees(root);
    for start in &starts {
        super::diag::error(
            start.location(),
            &format!("{pass} calls a start's callee with func.call, which names a func.func of the module; this callee is not one (an llvm.func, or missing)"),
        );
    }
    if starts.is_empty() { Ok(()) } else { Err(crate::passes::PassFailed) }
}

fn starts_with_other_callees<'c, 'a>(root: OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let ops = super::nested_ops(root);
    let functions: Vec<OperationRef> = ops.iter().copied().filter(|op| super::symbol_name(*op).is_some()).collect();
    ops.into_iter()
        .filter_map(StartOp::cast)
        .filter_map(|start| match wrapped(start)? {
            Wrapped::Callee(name) => {
                let callee = functions.iter().find(|f| super::symbol_name(**f).as_deref() == Some(name.as_str()));
                (!callee.is_some_and(|f| Upstream::FuncFunc.is(*f))).then(|| start.operation())
            }
            Wrapped::Op(_) => None,
        })
        .collect()
}

pub fn wrapped<'c, 'a>(start: StartOp<'c, 'a>) -> Option<Wrapped<'c, 'a>> {
    {
        if let Some(callee) = start.callee() {
            let name = FlatSymbolRefAttribute::try_from(callee).ok()?.value().to_string();
            return Some(Wrapped::Callee(name));
        }
        let block = start.body().first_block()?;
        let ops: Vec<_> = super::ops(block).collect();
        match ops.as_slice() {
            [op, terminator] if YieldOp::is(*terminator) => Some(Wrapped::Op(*op)),
            _ => None,
        }
    }
}

/// The starts whose handle an `scf.for` carries to a later iteration
/// (`asyncop-schedule`'s rotated loops): their chains are not read back
/// from a done by [`Chain::of`].
pub fn carried_starts<'c, 'a>(root: OperationRef<'c, 'a>) -> Vec<StartOp<'c, 'a>> {
    super::nested_ops(root)
        .into_iter()
        .filter_map(StartOp::cast)
        .filter(|start| {
            super::uses(start.handle())
                .iter()
                .any(|(user, _)| Upstream::ScfFor.is(*user) || Upstream::ScfYield.is(*user))
        })
        .collect()
}

/// Replaces the carried handle of `start` by `future` (the lowering's
/// token, value or group) everywhere it flows: the loops that carry it take
/// `future`'s type for that iteration argument, in their body and results.
/// The dones at the end now take a `future`-typed operand.
pub fn replace_carried<'c, 'a>(start: StartOp<'c, 'a>, future: Value<'c, 'a>) {
    let ty = future.r#type();
    let mut pending = vec![start.handle()];
    let mut seen = Vec::new();
    while let Some(handle) = pending.pop() {
        if seen.contains(&handle) {
            continue;
        }
        seen.push(handle);
        for (user, index) in super::uses(handle) {
            if Upstream::ScfFor.is(user) && index >= 3 {
                let k = index - 3;
                if let (Some(body), Ok(result)) = (super::region_entry(user, 0), user.result(k)) {
                    if let Ok(argument) = body.argument(k + 1) {
                        pending.push(argument.into());
                    }
                    pending.push(result.into());
                }
            }
        }
    }
    for value in seen.iter().skip(1) {
        super::rewrite::set_type(*value, ty);
    }
    super::rewrite::replace_uses(start.handle(), future);
}

/// Whether a handle type has its outputs bound (for a wrapped computation
/// with results: its outputs list is not empty).
fn handle_has_outputs(ty: Type) -> bool {
    is_handle_type(ty) && unsafe { ffi::asyncopHandleTypeGetNumOutputs(ty.to_raw()) } > 0
}

/// The parts of a handle type: (operands, outputs, context).
pub fn handle_parts<'c>(ty: Type<'c>) -> Option<(Vec<Type<'c>>, Vec<Type<'c>>, Type<'c>)> {
    if !is_handle_type(ty) {
        return None;
    }
    // SAFETY: `ty` is a handle type (checked), alive in its context.
    unsafe {
        let raw = ty.to_raw();
        let operands = (0..ffi::asyncopHandleTypeGetNumOperands(raw)).map(|i| Type::from_raw(ffi::asyncopHandleTypeGetOperand(raw, i))).collect();
        let outputs = (0..ffi::asyncopHandleTypeGetNumOutputs(raw)).map(|i| Type::from_raw(ffi::asyncopHandleTypeGetOutput(raw, i))).collect();
        Some((operands, outputs, Type::from_raw(ffi::asyncopHandleTypeGetContext(raw))))
    }
}

/// The block arguments of a region-form start (its parameters).
pub fn parameters<'c, 'a>(start: StartOp<'c, 'a>) -> Vec<Value<'c, 'a>> {
    let Some(block) = start.body().first_block() else { return vec![] };
    (0..block.argument_count()).filter_map(|i| block.argument_at(i).map(Value::from)).collect()
}

/// Whether `op` can be wrapped by a region-form start: one op without
/// regions or successors that is not a terminator (the region holds it and
/// an `asyncop.yield`).
pub fn can_wrap(op: OperationRef) -> Result<(), &'static str> {
    if op.region_count() > 0 {
        return Err("it has regions (a start wraps one op without regions; outline it into a function and wrap the call)");
    }
    if op.successor_count() > 0 || super::terminator(op.block().expect("in a block")) == Some(op) && !Upstream::FuncCall.is(op) {
        return Err("it is a terminator or has successors");
    }
    // A start belongs in code that runs its ops in order: a function's body
    // or structured control flow in it (a kernel's too: asyncop-to-asyncpipe
    // makes its copies asyncpipe copies). Not the body of an op that gives
    // its ops other meaning (a linalg op's region holds its scalar
    // computation, which must stay its add and mul).
    let sequential = op.parent_operation().is_some_and(|parent| {
        matches!(
            Upstream::of(parent),
            Some(Upstream::FuncFunc | Upstream::GpuFunc | Upstream::ScfFor | Upstream::ScfIf | Upstream::ScfWhile | Upstream::ScfExecuteRegion)
        )
    });
    if !sequential {
        return Err("its parent is not a function or structured control flow (scf.for, scf.if, scf.while, scf.execute_region)");
    }
    Ok(())
}
