//! What an asyncop chain's wrapped computation may read and write, in the
//! caller's buffers: the memory it may touch between its start and its
//! done, which `asyncop-schedule` keeps other code (and other chains) off.
//!
//! A wrapped op reports its effects through MLIR's interfaces, on its
//! parameters, which stand for the operands the chain binds; a wrapped
//! function is assumed to read and write every buffer passed to it, and
//! any memory at all when its body reaches memory some other way (a
//! global, a call, an op without known effects).

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::effects::{self, Access, Seen};
use crate::passes::ir::asyncop::{self, Chain, Wrapped};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, ValueKey};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Value;

/// The accesses of `chain`'s wrapped computation, on the buffers of the
/// code around the chain.
pub fn chain_access(chain: &Chain) -> Access {
    let bound: Vec<Value> = chain.bound().into_iter().map(|(v, _)| v).collect();
    let any = Access::any();
    let module = ir::ancestors(chain.start.operation()).last();
    let find = |name: &str| module.and_then(|m| ir::functions(m).into_iter().find(|f| ir::symbol_name(*f).as_deref() == Some(name)));
    match chain.wrapped() {
        // A call in the region: the callee's effects on the call's operands.
        Some(Wrapped::Op(op)) if Upstream::FuncCall.is(op) => {
            let parameters: Vec<ValueKey> = asyncop::parameters(chain.start).into_iter().map(ValueKey::of).collect();
            let arguments: Option<Vec<Value>> = (0..op.operand_count())
                .map(|i| op.operand_at(i).and_then(|v| parameters.iter().position(|p| *p == ValueKey::of(v))).and_then(|k| bound.get(k).copied()))
                .collect();
            match (ir::callee(op).and_then(|name| find(&name)), arguments) {
                (Some(f), Some(arguments)) => through_arguments(f, &arguments).unwrap_or(any),
                _ => any,
            }
        }
        Some(Wrapped::Op(op)) => {
            // The op's parameters are the chain's bound operands; any other
            // buffer it names is not known outside.
            let parameters: Vec<ValueKey> = asyncop::parameters(chain.start).into_iter().map(ValueKey::of).collect();
            effects::access_seen(op, |value| {
                match parameters.iter().position(|p| *p == ValueKey::of(value)).and_then(|k| bound.get(k)) {
                    Some(outside) => Seen::As(effects::root(*outside)),
                    None => Seen::Unknown,
                }
            })
        }
        Some(Wrapped::Callee(name)) => find(&name).and_then(|f| through_arguments(f, &bound)).unwrap_or(any),
        None => any,
    }
}

/// What a call of `function` with `arguments` reads and writes: the
/// function's own effects on each of its parameters, moved to the
/// argument passed for it. None when its body reaches memory some other
/// way (a global, a call, an op without known effects) or is not known.
fn through_arguments(function: OperationRef, arguments: &[Value]) -> Option<Access> {
    let entry = ir::region_entry(function, 0)?;
    let parameters: Vec<ValueKey> = (0..arguments.len()).filter_map(|i| entry.argument_at(i).map(|a| ValueKey::of(Value::from(a)))).collect();
    let mut access = Access::none();
    for op in ir::nested_ops(function) {
        if matches!(Upstream::of(op), Some(Upstream::FuncCall | Upstream::FuncCallIndirect | Upstream::LlvmCall | Upstream::MemrefGetGlobal)) {
            return None;
        }
        let own = effects::access_seen(op, |value| match parameters.iter().position(|p| *p == ValueKey::of(value)) {
            Some(k) => Seen::As(effects::root(arguments[k])),
            // A buffer the function allocates itself is its own.
            None if ir::is_defined_inside(value, function) => Seen::Private,
            None => Seen::Unknown,
        });
        if own.is_unbounded() {
            return None;
        }
        access.merge(&own);
    }
    Some(access)
}

/// Whether two accesses conflict: one writes what the other reads or
/// writes ("any memory" conflicts with every access that touches memory).
pub fn conflict(a: &Access, b: &Access) -> bool {
    let touches = |x: &Access| {
        x.reads.as_ref().is_none_or(|r| !r.is_empty()) || x.writes.as_ref().is_none_or(|w| !w.is_empty())
    };
    if (a.writes.is_none() && touches(b)) || (b.writes.is_none() && touches(a)) {
        return true;
    }
    if (a.reads.is_none() && b.writes_anything()) || (b.reads.is_none() && a.writes_anything()) {
        return true;
    }
    let (Some(aw), Some(bw)) = (&a.writes, &b.writes) else { return true };
    aw.iter().any(|r| b.reads_root(*r) || bw.contains(r)) || bw.iter().any(|r| a.reads_root(*r))
}
