//! `asyncop-unwrap`: each chain back into the synchronous op, at its done
//! (where every operand has been bound and the results are first
//! available): the region's op with the bound operands in place of its
//! parameters, or a `func.call` of the start's callee. The inverse of
//! `asyncop-wrap`: wrapping then unwrapping is the identity.

use super::ir::asyncop::{Chain, Wrapped};
use super::ir::builder::{Builder, Point};
use super::ir::{self, asyncop, diag, rewrite};
use super::{PassDef, PassFailed, PassOptions};
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
                let clone = b.insert(rewrite::clone(op), at);
                for (parameter, value) in asyncop::parameters(chain.start).into_iter().zip(&bound) {
                    for (user, index) in ir::uses(parameter) {
                        if user == op {
                            rewrite::set_operand(clone, index, *value);
                        }
                    }
                }
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
