//! `asyncpipe-token-to-count`: gives every token wait the largest safe
//! in-flight count (see [`super::analysis::in_flight`] for the analysis).
//!
//! - `asyncpipe.wait %g...` becomes one `asyncpipe.wait_queue q, N` per
//!   hardware queue its groups may be on. With `single-hw-queue`, every
//!   logical queue maps to queue 0, as on PTX, so counts include the other
//!   queues' commits.
//! - `nvgpu.device_async_wait` gets `numGroups = N`, so the result drops into
//!   `--convert-nvgpu-to-nvvm`. A `numGroups` already present is kept when it
//!   is at most N (safe) and is an error otherwise.
//! - A wait on work that no group committed (an `nvgpu.device_async_copy`
//!   token passed straight to a wait) is an error at the wait: no count covers
//!   work that is not in the queue.
//! - A count of 0 drains the queue; the pass says why at the wait (a remark).
//!
//! Once every wait counts, the group values serve no purpose: they are
//! dropped from loops and branches and the commits take counting form (see
//! [`counting_form`]), except where counting form cannot say the same thing,
//! which stays in (valid) token form with a remark saying why.

mod counting_form;

use crate::passes::ir::upstream::Upstream;
use super::analysis::in_flight::{self, InFlight, QueueMap, WaitResult};
use super::analysis::sync_state::Queue;
use super::ir::ods::asyncpipe::{WaitOp, WaitQueueOp};
use super::ir::{self, diag, rewrite};
use super::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::attribute::IntegerAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::{Attribute, Identifier};
use melior::Context;

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-token-to-count",
    description: "Turn token waits into counting waits with the largest safe in-flight count",
    anchor: None,
    options: &[OptionDef {
        name: "single-hw-queue",
        description: "Map every logical asyncpipe queue onto one hardware queue (PTX has a single cp.async group queue)",
        default: "false",
    }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let queues = QueueMap { single: options.parse::<bool>(root, "single-hw-queue")?, ..QueueMap::default() };
    convert(root, &queues, true)
}

/// Converts every token wait at or under `root`; with `remarks`, says at each
/// wait of count 0 why it drains its queue.
pub fn convert(root: OperationRef, queues: &QueueMap, remarks: bool) -> Result<(), PassFailed> {
    let analysis = in_flight::analyze(root, queues);
    let mut waits: Vec<OperationRef> = Vec::new();
    ir::walk(root, &mut |op| {
        let name = ir::op_name(op);
        if name == WaitOp::NAME || name == Upstream::NvgpuDeviceAsyncWait.name() {
            waits.push(op);
        }
    });
    let mut failed = false;
    for wait in waits {
        if convert_wait(root, wait, &analysis, remarks).is_err() {
            failed = true;
        }
    }
    if failed {
        return Err(PassFailed);
    }
    for function in ir::functions(root) {
        counting_form::convert(function, queues);
    }
    Ok(())
}

fn convert_wait(root: OperationRef, wait: OperationRef, analysis: &InFlight, remarks: bool) -> Result<(), PassFailed> {
    // An unreachable wait (e.g. in a function nothing analyzes) keeps count 0.
    let default = WaitResult::default();
    let result = analysis.wait(wait).unwrap_or(&default);
    if let Some(producer) = result.uncommitted {
        let producer = ir::find_op(root, producer).expect("the analysis saw the producer under root");
        diag::error_with_note(
            wait.location(),
            "waits on async work that no group committed: no in-flight count can cover it; commit it first",
            producer.location(),
            "the uncommitted async operation",
        );
        return Err(PassFailed);
    }
    if Upstream::NvgpuDeviceAsyncWait.is(wait) {
        let count = count_for(wait, result, Queue::CpAsync, remarks);
        return set_num_groups(wait, count);
    }
    // asyncpipe.wait: one counting wait per hardware queue.
    let context = ir::context(wait);
    let block = wait.block().expect("a wait is in a block");
    let mut queues: Vec<Queue> = result.counts.keys().copied().collect();
    if result.unknown.is_some() {
        // A group of unknown origin may be on any queue: drain each one the
        // code commits to.
        queues.extend(analysis.queues.iter().filter(|q| matches!(q, Queue::Logical(_))));
        queues.sort();
        queues.dedup();
        if queues.is_empty() {
            queues.push(Queue::Logical(0));
        }
    }
    for queue in queues {
        let count = count_for(wait, result, queue, remarks);
        let Queue::Logical(q) = queue else { unreachable!("asyncpipe groups are on logical queues") };
        let new = OperationBuilder::new(WaitQueueOp::NAME, wait.location())
            .add_attributes(&[
                (Identifier::new(context, WaitQueueOp::QUEUE), i64_attr(context, q)),
                (Identifier::new(context, WaitQueueOp::COUNT), i64_attr(context, count)),
            ])
            .build()
            .expect("valid asyncpipe.wait_queue");
        block.insert_operation_before(wait, new);
    }
    ir::erase(wait);
    Ok(())
}

/// The count for `queue`, with a remark when it is 0.
fn count_for(wait: OperationRef, result: &WaitResult, queue: Queue, remarks: bool) -> i64 {
    if let Some(origin) = result.unknown {
        if remarks {
            diag::remark(
                wait.location(),
                &format!("in-flight count 0 on {queue}: an awaited group is {}", origin.describe()),
            );
        }
        return 0;
    }
    let count = result.counts.get(&queue).copied().unwrap_or(0);
    if count == 0 && remarks {
        diag::remark(
            wait.location(),
            &format!(
                "in-flight count 0 on {queue}: on some path no group is committed to it after the awaited one, so no group may stay in flight"
            ),
        );
    }
    count
}

fn set_num_groups(wait: OperationRef, count: i64) -> Result<(), PassFailed> {
    if let Some(existing) = ir::int_attr(wait, "numGroups") {
        if existing > count {
            diag::error(
                wait.location(),
                &format!(
                    "numGroups = {existing} is unsafe: on some path only {count} group(s) are committed after the awaited one, so it may still be in flight"
                ),
            );
            return Err(PassFailed);
        }
        return Ok(()); // safe (possibly stricter than needed): kept
    }
    let attribute = IntegerAttribute::new(IntegerType::new(ir::context(wait), 32).into(), count);
    rewrite::set_attribute(wait, "numGroups", attribute.into());
    Ok(())
}

fn i64_attr(context: &Context, value: i64) -> Attribute<'_> {
    IntegerAttribute::new(IntegerType::new(context, 64).into(), value).into()
}

