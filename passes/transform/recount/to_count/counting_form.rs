//! The last step of token-to-count: with every wait counting, turn the
//! remaining token form into counting form.
//!
//! 1. Group values leave control flow: every `scf.yield` of an `scf.for` or
//!    `scf.if` loses its group operands, then loops and ifs are rebuilt
//!    without their group-typed loop-carried values and results, innermost
//!    and latest first, so that no use outlives its definition.
//! 2. `%g = commit_group queue q { ... }` becomes `commit_queue q { ... }`.
//! 3. `%g = commit_group queue q (%t...)` becomes the token-less async ops,
//!    issued to `q`, and a commit point `commit q` where the group was
//!    committed; this says the same thing only when no other async op is
//!    issued to `q`, and nothing commits to `q`, between the first of them and
//!    the commit, which is checked.
//!
//! A function whose groups cross its boundary (arguments, returns, calls) or
//! live in an `scf.while` keeps its token form, as does a group that fails the
//! check of step 3; a remark says why. Queue numbers become hardware queues.

use crate::passes::ir::upstream::Upstream;
use crate::passes::analysis::in_flight::QueueMap;
use crate::passes::analysis::sync_state::Queue;
use crate::passes::ir::asyncpipe::{is_async, is_commit, is_group_type, named_queue};
use crate::passes::ir::ods::asyncpipe::{AsyncpipeOp, CommitGroupOp, CommitOp, CommitQueueOp, CompletedOp, CopyOp, YieldOp};
use crate::passes::ir::{self, diag, rewrite};
use melior::ir::attribute::IntegerAttribute;
use melior::ir::block::BlockLike;
use crate::passes::ir::builder::Builder;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::{Attribute, Block, RegionLike, Value, ValueLike};

pub fn convert(function: OperationRef, queues: &QueueMap) {
    let ops = ir::nested_ops(function);
    let has_groups = ops
        .iter()
        .any(|op| matches!(AsyncpipeOp::of(*op), Some(AsyncpipeOp::CommitGroup(_) | AsyncpipeOp::Completed(_))));
    if has_groups {
        leave_token_form(function, &ops, queues);
    }
    // Without groups, nothing above changed the IR: `ops` is still its ops.
    let ops = if has_groups { ir::nested_ops(function) } else { ops };
    let mut ifs = Vec::new();
    for op in ops {
        let name = ir::op_name(op);
        if name == Upstream::ScfIf.name() {
            ifs.push(op);
        } else if AsyncpipeOp::of_named(op, name).is_some()
            && named_queue(op).is_some_and(|q| q != hardware(op, queues))
        {
            // Queue numbers of counting-form ops become hardware queues.
            rewrite::set_attribute(op, CopyOp::QUEUE, queue_attr(op, hardware(op, queues)));
        }
    }
    // Normal form: no empty else blocks. Dropping one destroys its yield, so
    // this comes after the walk above has read every op.
    for op in ifs {
        rewrite::drop_empty_else(op);
    }
}

/// Steps 1 to 3 for a function that commits groups.
fn leave_token_form(function: OperationRef, ops: &[OperationRef], queues: &QueueMap) {
    let groups = Groups;
    if let Some(blocker) = ops.iter().find_map(|op| groups.boundary_use(*op)) {
        diag::remark(
            blocker.location(),
            "groups stay in token form in this function: a group value crosses the function boundary or an scf.while here",
        );
        return;
    }
    // 1. Groups leave control flow.
    for op in ops {
        if Upstream::ScfYield.is(*op) {
            let drop = groups.positions(op.operands());
            if !drop.is_empty() {
                rewrite::drop_operands(*op, &drop);
            }
        }
    }
    for op in ops.iter().rev() {
        match Upstream::of(*op) {
            Some(Upstream::ScfFor) => {
                let drop = groups.positions(op.results().map(Into::into));
                if !drop.is_empty() {
                    rewrite::drop_loop_carried(*op, &drop);
                }
            }
            Some(Upstream::ScfIf) => {
                let drop = groups.positions(op.results().map(Into::into));
                if !drop.is_empty() {
                    rewrite::drop_if_results(*op, &drop);
                }
            }
            _ => {}
        }
    }
    // 2 and 3. Commits take counting form; placeholders go. Step 1 erased
    // the loops and ifs it rebuilt, so the ops are collected again.
    for op in ir::nested_ops(function) {
        match AsyncpipeOp::of(op) {
            Some(AsyncpipeOp::CommitGroup(_)) => convert_commit(op, queues),
            Some(AsyncpipeOp::Completed(_)) => ir::erase(op),
            _ => {}
        }
    }
}

/// Finds values of type `!asyncpipe.group` (asked of the dialect, not by name).
struct Groups;

impl Groups {
    fn is_group(&self, value: Value) -> bool {
        is_group_type(value.r#type())
    }

    fn positions<'c, 'a>(&self, values: impl Iterator<Item = Value<'c, 'a>>) -> Vec<usize> {
        values.enumerate().filter(|(_, v)| self.is_group(*v)).map(|(i, _)| i).collect()
    }

    /// An op through which a group leaves what this step can rewrite.
    fn boundary_use<'c, 'a>(&self, op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
        let upstream = Upstream::of(op);
        let handled = matches!(upstream, Some(Upstream::ScfYield | Upstream::ScfFor | Upstream::ScfIf))
            || CommitGroupOp::is(op)
            || CompletedOp::is(op);
        let carries_group = op.operands().any(|v| self.is_group(v)) || op.results().any(|r| self.is_group(r.into()));
        let argument_group = upstream != Some(Upstream::ScfFor)
            && ir::blocks(op).iter().any(|b| (0..b.argument_count()).any(|i| self.is_group(b.argument(i).unwrap().into())));
        ((carries_group && !handled) || argument_group).then_some(op)
    }
}

fn hardware(op: OperationRef, queues: &QueueMap) -> i64 {
    match queues.hardware(Queue::Logical(named_queue(op).unwrap_or(0))) {
        Queue::Logical(q) => q,
        Queue::CpAsync => 0,
    }
}

fn queue_attr<'c>(op: OperationRef<'c, '_>, queue: i64) -> Attribute<'c> {
    IntegerAttribute::new(IntegerType::new(ir::context(op), 64).into(), queue).into()
}

fn convert_commit(commit: OperationRef, queues: &QueueMap) {
    let queue = hardware(commit, queues);
    let tokens: Vec<Value> = commit.operands().collect();
    let region_empty = commit
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .is_none_or(|b| b.first_operation().is_none_or(YieldOp::is));
    let commit_point = |commit| {
        rewrite::rebuild(commit, CommitOp::NAME, &[], &[], &[(CommitOp::QUEUE, queue_attr(commit, queue))], 0);
    };
    if tokens.is_empty() && region_empty {
        // An empty group: a plain commit point says the same.
        commit_point(commit);
        return;
    }
    if tokens.is_empty() {
        // Region form: the region's async ops form the group.
        let queue = [(CommitQueueOp::QUEUE, queue_attr(commit, queue))];
        let scope = rewrite::rebuild(commit, CommitQueueOp::NAME, &[], &[], &queue, 1);
        let region = scope.region(0).unwrap();
        if region.first_block().is_none() {
            // An empty group: commit_queue needs its block and terminator.
            let block = region.append_block(Block::new(&[]));
            block.append_operation(YieldOp::build(&Builder::new(scope.context(), scope.location()), &[]));
        }
        return;
    }
    let producers: Vec<OperationRef> = tokens.iter().filter_map(|t| ir::defining_op(*t)).collect();
    if let Err(reason) = expressible(commit, &producers, queues) {
        diag::remark(commit.location(), &format!("group kept in token form: {reason}"));
        return;
    }
    for producer in producers {
        let mut attributes = rewrite::attributes(producer);
        attributes.retain(|(name, _)| name != CopyOp::QUEUE);
        attributes.push((CopyOp::QUEUE.into(), queue_attr(producer, queue)));
        let named: Vec<(&str, Attribute)> = attributes.iter().map(|(n, a)| (n.as_str(), *a)).collect();
        let operands: Vec<Value> = producer.operands().collect();
        // The token's only use is this commit, which is rebuilt next.
        let name = ir::op_name(producer);
        detach_uses(producer);
        let regions = producer.region_count();
        rewrite::rebuild(producer, name, &operands, &[], &named, regions);
    }
    commit_point(commit);
}

/// Removes every use of `op`'s results from their users' operand lists
/// (the users are rebuilt right after).
fn detach_uses(op: OperationRef) {
    for result in op.results() {
        for user in ir::users(result.into()) {
            let uses: Vec<usize> = user
                .operands()
                .enumerate()
                .filter(|(_, v)| *v == Value::from(result))
                .map(|(i, _)| i)
                .collect();
            rewrite::drop_operands(user, &uses);
        }
    }
}

/// Whether `commit q` at the position of `commit` commits exactly the async
/// ops of `producers`.
fn expressible(commit: OperationRef, producers: &[OperationRef], queues: &QueueMap) -> Result<(), String> {
    let queue = hardware(commit, queues);
    let block = commit.block();
    if producers.iter().any(|p| p.block() != block) {
        return Err("its async ops are not in the block of the commit".into());
    }
    let first = producers.iter().copied().find(|p| producers.iter().all(|q| p == q || p.is_before_in_block(*q)));
    let Some(first) = first else { return Err("its async ops have no first one".into()) };
    let mut current = Some(first);
    while let Some(op) = current {
        if op == commit {
            return Ok(());
        }
        for touched in std::iter::once(op).chain(ir::nested_ops(op)) {
            let name = ir::op_name(touched);
            let is_producer = producers.contains(&touched);
            let on_queue = || {
                named_queue(touched).map_or(true, |q| match queues.hardware(Queue::Logical(q)) {
                    Queue::Logical(h) => h == queue,
                    Queue::CpAsync => false,
                })
            };
            if !is_producer && (is_commit(touched) || is_async(touched)) && on_queue() {
                return Err(format!(
                    "'{name}' between its async ops and the commit also uses queue {queue}, so a commit point would group differently"
                ));
            }
        }
        current = op.next_in_block();
    }
    Err("its async ops come after the commit".into())
}
