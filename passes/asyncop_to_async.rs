//! `asyncop-to-async`: runs each asyncop chain on the upstream `async`
//! dialect, so that the wrapped computation runs on the async runtime's
//! threads (`async-to-async-runtime`, `convert-async-to-llvm`,
//! `libmlir_async_runtime.so`) while the code between its start and its
//! done goes on:
//!
//! ```mlir
//! %token, %value = async.execute -> !async.value<f32> {
//!   %r = func.call @foo(%a, %b) : (f32, f32) -> f32   // or the region's op
//!   async.yield %r : f32
//! }
//! ...                                  // what the chain overlapped
//! %r = async.await %value : !async.value<f32>          // the done
//! ```
//!
//! Late binding: the wrapped op needs all of its operands, so its task
//! begins where the last one is bound: at the start when it binds them all,
//! else right after the update that binds the last (an operand bound at an
//! update becomes available when that update executes, and not before).
//! The outputs are the task's values, whichever op of the chain binds them;
//! the done awaits them (a wrapped op without results: the task's token),
//! and a memref output is the buffer the wrapped op wrote and returned. The
//! code between the task's start and the done must not touch what the
//! wrapped op reads or writes: that is the chain's contract
//! (`asyncop.start` declares its effects complete at the done, and
//! verify-sync and `asyncop-schedule` keep to it).

use super::ir::asyncop::{Chain, Wrapped};
use super::ir::builder::{Builder, Point};
use super::ir::upstream::{attr, Upstream};
use super::ir::{self, asyncop, rewrite};
use super::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, Region, RegionLike, Type, Value};

pub const PASS: PassDef = PassDef {
    argument: "asyncop-to-async",
    description: "Lower asyncop start/update/done chains to async.execute (where the last operand is bound) and async.await (at the done), to run on the async runtime",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    for chain in Chain::all(root) {
        lower(&chain);
    }
    Ok(())
}

fn lower(chain: &Chain) {
    // The verifier keeps a region to one op and a yield.
    let Some(wrapped) = chain.wrapped() else { return };
    let bound = chain.bound();
    let ready = bound.iter().map(|(_, at)| *at).last().unwrap_or(chain.start.operation());
    // The task goes right after `ready`, which dominates the done (the
    // chain's handle flows from it to the done), so the task does too.
    let done = chain.done.operation();
    let b = Builder::new(done.context(), chain.start.operation().location());
    let results: Vec<Type> = chain.result_types();
    let token_type = b.parse_type("!async.token");
    let value_types: Vec<Type> = results.iter().map(|t| b.parse_type(&format!("!async.value<{t}>"))).collect();
    let mut execute_results = vec![token_type];
    execute_results.extend(value_types.iter().copied());
    // The op binding the last operand is followed by the rest of its chain.
    let Some(after_ready) = ready.next_in_block() else { return };
    let segments = b.segments(&[0, 0]);
    let execute = b.insert(
        b.build(Upstream::AsyncExecute, &[], &execute_results, &[(attr::OPERAND_SEGMENT_SIZES, segments)], vec![Region::new()]),
        Point::Before(after_ready),
    );
    let block = execute.region(0).expect("the task's region").append_block(Block::new(&[]));
    let yielded = b.op(Upstream::AsyncYield, &[], &[], &[], Point::End(block));
    let operands: Vec<Value> = bound.iter().map(|(v, _)| *v).collect();
    let values: Vec<Value> = match wrapped {
        Wrapped::Op(op) => {
            let clone = b.insert(rewrite::clone(op), Point::Before(yielded));
            for (parameter, value) in asyncop::parameters(chain.start).into_iter().zip(&operands) {
                for (user, index) in ir::uses(parameter) {
                    if user == op {
                        rewrite::set_operand(clone, index, *value);
                    }
                }
            }
            clone.results().map(Value::from).collect()
        }
        Wrapped::Callee(name) => b.call(&name, &operands, &results, Point::Before(yielded)).results().map(Value::from).collect(),
    };
    rewrite::append_operands(yielded, &values);
    // The done awaits the task.
    let at = Point::Before(done);
    if results.is_empty() {
        let token: Value = execute.result(0).expect("the token").into();
        b.op(Upstream::AsyncAwait, &[token], &[], &[], at);
    } else {
        for (k, output) in chain.done.outputs().enumerate() {
            let future: Value = execute.result(k + 1).expect("a value").into();
            let awaited = b.value(Upstream::AsyncAwait, &[future], results[k], &[], at);
            rewrite::replace_uses(output, awaited);
        }
    }
    for op in chain.ops().into_iter().rev() {
        ir::erase(op);
    }
}
