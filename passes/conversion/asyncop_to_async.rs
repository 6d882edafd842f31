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

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::asyncop::{Chain, Wrapped};
use crate::passes::ir::ods::asyncop::{DoneOp, StartOp};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::{self, asyncop, diag, rewrite, ValueKey};
use crate::passes::{PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, Region, RegionLike, Type, Value, ValueLike};

pub const PASS: PassDef = PassDef {
    argument: "asyncop-to-async",
    description: "Lower asyncop start/update/done chains to async.execute (where the last operand is bound) and async.await (at the done), to run on the async runtime",
    anchor: None,
    options: &[],
    run,
};

fn run(root: OperationRef, _options: &PassOptions) -> Result<(), PassFailed> {
    asyncop::refuse_other_callees(root, "asyncop-to-async")?;
    // The async runtime runs on the host: a start in a GPU kernel would
    // become an async.execute there, which async-to-async-runtime outlines
    // into functions the gpu.module does not hold (IR that does not verify,
    // a fuzzer finding). Refused before anything changes.
    let mut failed = false;
    for start in ir::nested_ops(root).into_iter().filter(|op| StartOp::is(*op)) {
        if ir::ancestors(start).any(|a| Upstream::GpuModule.is(a)) {
            diag::error(
                start.location(),
                "asyncop-to-async lowers to the host's async runtime, and this asyncop.start is in a gpu.module: \
                 lower it with asyncop-unwrap (run in place) or asyncop-to-asyncpipe (a copy on an asyncpipe queue)",
            );
            failed = true;
        }
    }
    if failed {
        return Err(PassFailed);
    }
    for chain in Chain::all(root) {
        lower(&chain);
    }
    // Chains an scf.for carries across iterations (asyncop-schedule's
    // rotated loops): each start becomes its task, the loops carry the
    // task's value (or token) instead of the handle, and each done awaits it.
    for start in asyncop::carried_starts(root) {
        let Some(wrapped) = asyncop::wrapped(start) else { continue };
        let results = carried_result_types(start);
        let operands: Vec<Value> = start.args().collect();
        let Some(after) = start.operation().next_in_block() else { continue };
        let (token, values) = task(start.operation(), &wrapped, &operands, &results, after);
        let future = values.first().copied().unwrap_or(token);
        asyncop::replace_carried(start, future);
        ir::erase(start.operation());
    }
    for done in ir::nested_ops(root).into_iter().filter_map(DoneOp::cast) {
        if asyncop::is_handle_type(done.handle().r#type()) {
            continue;
        }
        await_at(done.operation(), done.handle(), &done.outputs().collect::<Vec<_>>());
        ir::erase(done.operation());
    }
    Ok(())
}

/// The results of a carried chain's wrapped computation: its handle type's
/// outputs where bound, else a done's at the end of the carrying.
fn carried_result_types<'c>(start: StartOp<'c, '_>) -> Vec<Type<'c>> {
    match asyncop::wrapped(start) {
        Some(Wrapped::Op(op)) => op.results().map(|r| r.r#type()).collect(),
        _ => {
            let handle = asyncop::handle_parts(start.handle().r#type());
            handle.map(|(_, outputs, _)| outputs).filter(|o| !o.is_empty()).unwrap_or_default()
        }
    }
}

/// The task running the wrapped computation on `operands`, just before
/// `before`: its token and its result values.
fn task<'c, 'a>(
    anchor: OperationRef<'c, 'a>,
    wrapped: &Wrapped<'c, 'a>,
    operands: &[Value<'c, 'a>],
    results: &[Type<'c>],
    before: OperationRef<'c, 'a>,
) -> (Value<'c, 'a>, Vec<Value<'c, 'a>>) {
    let b = Builder::new(anchor.context(), anchor.location());
    let token_type = b.async_token_type();
    let mut execute_results = vec![token_type];
    execute_results.extend(results.iter().map(|t| b.async_value_type(*t)));
    let segments = b.segments(&[0, 0]);
    let execute = b.insert(
        b.build(Upstream::AsyncExecute, &[], &execute_results, &[(attr::OPERAND_SEGMENT_SIZES, segments)], vec![Region::new()]),
        Point::Before(before),
    );
    let block = execute.region(0).expect("the task's region").append_block(Block::new(&[]));
    let yielded = b.op(Upstream::AsyncYield, &[], &[], &[], Point::End(block));
    let values: Vec<Value> = match wrapped {
        Wrapped::Op(op) => {
            // The parameters, also where the op's regions use them, become
            // the bound operands.
            let start = StartOp::cast(op.parent_operation().expect("a start")).expect("a start");
            let mut map: Vec<(ValueKey, Value)> =
                asyncop::parameters(start).into_iter().map(ValueKey::of).zip(operands.iter().copied()).collect();
            let clone = rewrite::clone_mapped(*op, &mut map, Point::Before(yielded));
            clone.results().map(Value::from).collect()
        }
        Wrapped::Callee(name) => b.call(name, operands, results, Point::Before(yielded)).results().map(Value::from).collect(),
    };
    rewrite::append_operands(yielded, &values);
    let token: Value = execute.result(0).expect("the token").into();
    let futures = (1..execute.result_count()).filter_map(|i| execute.result_at(i).map(Value::from)).collect();
    (token, futures)
}

/// Awaits `future` before `done` for its `outputs` (none: a token).
fn await_at<'c, 'a>(done: OperationRef<'c, 'a>, future: Value<'c, 'a>, outputs: &[Value<'c, 'a>]) {
    let b = Builder::new(done.context(), done.location());
    let at = Point::Before(done);
    if outputs.is_empty() {
        b.op(Upstream::AsyncAwait, &[future], &[], &[], at);
    } else {
        let awaited = b.value(Upstream::AsyncAwait, &[future], outputs[0].r#type(), &[], at);
        rewrite::replace_uses(outputs[0], awaited);
    }
}

fn lower(chain: &Chain) {
    // The verifier keeps a region to one op and a yield.
    let Some(wrapped) = chain.wrapped() else { return };
    let bound = chain.bound();
    // The task goes right after the op binding the last operand, which
    // dominates the done (the chain's handle flows from it to the done).
    let ready = bound.iter().map(|(_, at)| *at).last().unwrap_or(chain.start.operation());
    let done = chain.done.operation();
    let Some(after_ready) = ready.next_in_block() else { return };
    let operands: Vec<Value> = bound.iter().map(|(v, _)| *v).collect();
    let results = chain.result_types();
    let (token, values) = task(chain.start.operation(), &wrapped, &operands, &results, after_ready);
    let outputs: Vec<Value> = chain.done.outputs().collect();
    if outputs.is_empty() {
        await_at(done, token, &[]);
    } else {
        for (output, future) in outputs.iter().zip(values) {
            await_at(done, future, &[*output]);
        }
    }
    for op in chain.ops().into_iter().rev() {
        ir::erase(op);
    }
}
