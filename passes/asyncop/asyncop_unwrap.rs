//! `asyncop-unwrap`: each chain back into the synchronous op, at its done
//! (where every operand has been bound and the results are first
//! available): the region's op with the bound operands in place of its
//! parameters, or a `func.call` of the start's callee. The inverse of
//! `asyncop-wrap`: wrapping then unwrapping is the identity.

use crate::passes::ir::asyncop::{Chain, Wrapped};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::{self, asyncop, diag, rewrite, ValueKey};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, Value};

pub const PASS: PassDef = PassDef {
    argument: "asyncop-unwrap",
    description: "Replace each asyncop start/update/done chain by the synchronous op (or call) it wraps, at the done",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    asyncop::refuse_other_callees(root, "asyncop-unwrap")?;
    let carried = asyncop::carried_starts(root);
    for start in &carried {
        diag::error(
            start.operation().location(),
            "asyncop-unwrap: this chain is carried across loop iterations (a rotated loop); its done runs in a later iteration, where the operands bound here are gone",
        );
    }
    if !carried.is_empty() {
        return Err(PassFailed);
    }
    for chain in Chain::all(root) {
        let done = chain.done.operation();
        let bound: Vec<Value> = chain.bound().into_iter().map(|(v, _)| v).collect();
        let b = Builder::new(done.context(), done.location());
        let at = Point::Before(done);
        let results: Vec<Value> = match chain.wrapped() {
            Some(Wrapped::Op(op)) => {
                // The parameters, also where the op's regions use them,
                // become the bound operands.
                let mut map: Vec<(ValueKey, Value)> =
                    asyncop::parameters(chain.start).into_iter().map(ValueKey::of).zip(bound.iter().copied()).collect();
                let clone = rewrite::clone_mapped(op, &mut map, at);
                clone.results().map(Value::from).collect()
            }
            Some(Wrapped::Callee(name)) => {
                let types: Vec<Type> = chain.result_types();
                b.call(&name, &bound, &types, at).results().map(Value::from).collect()
            }
            // The verifier keeps a region to one op and a yield.
            None => continue,
        };
        for (old, new) in chain.done.outputs().zip(results) {
            rewrite::replace_uses(old, new);
        }
        for op in chain.ops().into_iter().rev() {
            ir::erase(op);
        }
    }
    Ok(())
}
