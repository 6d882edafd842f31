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

use crate::passes::analysis::in_flight::QueueMap;
use crate::passes::ir::rewrite;
use crate::passes::analysis::sync_state::Queue;
use crate::passes::ir::{self, diag};
use melior::ir::attribute::IntegerAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::{Attribute, RegionLike, Type, Value, ValueLike};

pub fn convert(function: OperationRef, queues: &QueueMap) {
    let ops = ir::nested_ops(function);
    let has_groups = ops.iter().any(|op| matches!(ir::name(*op).as_str(), "asyncpipe.commit_group" | "asyncpipe.completed"));
    if has_groups {
        let context = function.context();
        let group = Type::parse(unsafe { context.to_ref() }, "!asyncpipe.group").expect("the asyncpipe dialect is loaded");
        leave_token_form(function, &ops, Groups(group), queues);
    }
    for op in ir::nested_ops(function) {
        match ir::name(op).as_str() {
            // Normal form: no empty else blocks.
            "scf.if" => rewrite::drop_empty_else(op),
            // Queue numbers of counting-form ops become hardware queues.
            name if name.starts_with("asyncpipe.") && ir::int_attr(op, "queue").is_some_and(|q| q != hardware(op, queues)) => {
                set_queue(op, hardware(op, queues))
            }
            _ => {}
        }
    }
}

/// Steps 1 to 3 for a function that commits groups.
fn leave_token_form(function: OperationRef, ops: &[OperationRef], groups: Groups, queues: &QueueMap) {
    if let Some(blocker) = ops.iter().find_map(|op| groups.boundary_use(*op)) {
        diag::remark(
            blocker.location(),
            "groups stay in token form in this function: a group value crosses the function boundary or an scf.while here",
        );
        return;
    }
    // 1. Groups leave control flow.
    for op in ops {
        if ir::name(*op) == "scf.yield" {
            let drop = groups.positions(op.operands());
            if !drop.is_empty() {
                rewrite::drop_operands(*op, &drop);
            }
        }
    }
    for op in ops.iter().rev() {
        match ir::name(*op).as_str() {
            "scf.for" => {
                let drop = groups.positions(op.results().map(Into::into));
                if !drop.is_empty() {
                    rewrite::drop_loop_carried(*op, &drop);
                }
            }
            "scf.if" => {
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
        match ir::name(op).as_str() {
            "asyncpipe.commit_group" => convert_commit(op, queues),
            "asyncpipe.completed" => ir::erase(op),
            _ => {}
        }
    }
}

/// Recognizes values of type `!asyncpipe.group` (compared by type, not by name).
struct Groups<'c>(Type<'c>);

impl<'c> Groups<'c> {
    fn is_group(&self, value: Value<'c, '_>) -> bool {
        value.r#type() == self.0
    }

    fn positions<'a>(&self, values: impl Iterator<Item = Value<'c, 'a>>) -> Vec<usize> {
        values.enumerate().filter(|(_, v)| self.is_group(*v)).map(|(i, _)| i).collect()
    }

    /// An op through which a group leaves what this step can rewrite.
    fn boundary_use<'a>(&self, op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
        let name = ir::name(op);
        let handled = matches!(name.as_str(), "scf.yield" | "scf.for" | "scf.if" | "asyncpipe.commit_group" | "asyncpipe.completed");
        let carries_group = op.operands().any(|v| self.is_group(v)) || op.results().any(|r| self.is_group(r.into()));
        let argument_group = name != "scf.for"
            && ir::blocks(op).iter().any(|b| (0..b.argument_count()).any(|i| self.is_group(b.argument(i).unwrap().into())));
        ((carries_group && !handled) || argument_group).then_some(op)
    }
}

fn hardware(op: OperationRef, queues: &QueueMap) -> i64 {
    match queues.hardware(Queue::Logical(ir::int_attr(op, "queue").unwrap_or(0))) {
        Queue::Logical(q) => q,
        Queue::CpAsync => 0,
    }
}

fn queue_attr<'c>(op: OperationRef<'c, '_>, queue: i64) -> Attribute<'c> {
    let context = op.context();
    let context = unsafe { context.to_ref() };
    IntegerAttribute::new(IntegerType::new(context, 64).into(), queue).into()
}

fn set_queue(op: OperationRef, queue: i64) {
    let attribute = queue_attr(op, queue);
    unsafe {
        use melior::ir::attribute::AttributeLike;
        mlir_sys::mlirOperationSetAttributeByName(op.to_raw(), melior::StringRef::new("queue").to_raw(), attribute.to_raw());
    }
}

fn convert_commit(commit: OperationRef, queues: &QueueMap) {
    let queue = hardware(commit, queues);
    let tokens: Vec<Value> = commit.operands().collect();
    let region_empty = commit
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .is_none_or(|b| b.first_operation().is_none_or(|o| ir::name(o) == "asyncpipe.yield"));
    if tokens.is_empty() && region_empty {
        // An empty group: a plain commit point says the same.
        rewrite::rebuild(commit, "asyncpipe.commit", &[], &[], &[("queue", queue_attr(commit, queue))], 0);
        return;
    }
    if tokens.is_empty() {
        // Region form: the region's async ops form the group.
        let scope = rewrite::rebuild(commit, "asyncpipe.commit_queue", &[], &[], &[("queue", queue_attr(commit, queue))], 1);
        let region = scope.region(0).unwrap();
        if region.first_block().is_none() {
            // An empty group: commit_queue needs its block and terminator.
            let block = region.append_block(melior::ir::Block::new(&[]));
            block.append_operation(melior::ir::operation::OperationBuilder::new("asyncpipe.yield", scope.location()).build().unwrap());
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
        attributes.retain(|(name, _)| name != "queue");
        attributes.push(("queue".into(), queue_attr(producer, queue)));
        let named: Vec<(&str, Attribute)> = attributes.iter().map(|(n, a)| (n.as_str(), *a)).collect();
        let operands: Vec<Value> = producer.operands().collect();
        // The token's only use is this commit, which is rebuilt next.
        let name = ir::name(producer);
        detach_uses(producer);
        let regions = producer.region_count();
        rewrite::rebuild(producer, &name, &operands, &[], &named, regions);
    }
    rewrite::rebuild(commit, "asyncpipe.commit", &[], &[], &[("queue", queue_attr(commit, queue))], 0);
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
            let name = ir::name(touched);
            let is_producer = producers.contains(&touched);
            let on_queue = || {
                ir::int_attr(touched, "queue").map_or(true, |q| match queues.hardware(Queue::Logical(q)) {
                    Queue::Logical(h) => h == queue,
                    Queue::CpAsync => false,
                })
            };
            let commits = matches!(name.as_str(), "asyncpipe.commit" | "asyncpipe.commit_queue" | "asyncpipe.commit_group");
            let issues = matches!(name.as_str(), "asyncpipe.copy" | "asyncpipe.async_scope");
            if !is_producer && (commits || issues) && on_queue() {
                return Err(format!(
                    "'{name}' between its async ops and the commit also uses queue {queue}, so a commit point would group differently"
                ));
            }
        }
        current = op.next_in_block();
    }
    Err("its async ops come after the commit".into())
}
