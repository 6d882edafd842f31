//! The transformation behind `asyncpipe-place-barriers` (the pass,
//! `passes/asyncpipe/place_barriers.rs`, documents what it does); other passes call it too.
use crate::passes::analysis::sync_state::BulkQueues;
use crate::passes::analysis::{effects, sync_state, thread_scope};
use crate::passes::ir::ods::asyncop::StartOp;
use crate::passes::ir::ods::asyncpipe::{AsyncpipeOp, CommitQueueOp, WaitQueueOp, YieldOp};
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, async_effects, asyncpipe, builder::Builder, builder::Point, diag};
use crate::passes::analysis::hazards::{self, Hazard};
use crate::passes::PassFailed;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::BlockRef;
use std::collections::HashMap;


/// More barriers than any function of this size can need: a safeguard
/// against a hazard that a barrier does not remove.
const MAX_BARRIERS: usize = 10_000;

/// Places barriers in `function` (a kernel; other functions are left as
/// they are) until the hazard model ([`hazards::first_hazard`]) finds no
/// hazard between threads; returns
/// how many. Hazards within one thread (a missing wait) are left for
/// verify-sync to report. Waits on `bulk` queues complete every thread's
/// copies.
pub fn place(function: OperationRef, bulk: &BulkQueues) -> Result<usize, PassFailed> {
    place_within(function, bulk, hazards::DEFAULT_MAX_STEPS)
}

/// [`place`], with the analysis's work over all its questions (one per
/// barrier placed) bounded by `max_steps`: past it, an error at the
/// function (barriers may be missing).
pub fn place_within(function: OperationRef, bulk: &BulkQueues, max_steps: u64) -> Result<usize, PassFailed> {
    let ops = ir::nested_ops(function);
    if !thread_scope::is_block_scope(function, &ops) {
        return Ok(0);
    }
    let varying = thread_scope::thread_dependent(&ops);
    let mut placed = 0;
    // One budget for every question (one per barrier placed).
    let mut budget = max_steps;
    loop {
        let key = match hazards::first_hazard(function, bulk, &mut budget) {
            Hazard::BetweenThreads(key) => key,
            Hazard::None => return Ok(placed),
            Hazard::Unknown(_) if budget == 0 => {
                // Barriers may still be missing: an error, so that no
                // pipeline (the pipeliner's, to-nvgpu's, synchronize's)
                // goes on to compile a kernel that may race.
                diag::error(
                    function.location(),
                    &format!(
                        "barrier placement stopped after placing {placed} barrier(s): the analysis spent its budget of {max_steps} steps over all its questions about this kernel (asyncpipe-place-barriers' option max-steps), so barriers may still be missing"
                    ),
                );
                return Err(PassFailed);
            }
            Hazard::Unknown(message) => {
                // The model cannot judge the kernel (verify-sync reports
                // it); the barriers placed so far stay.
                diag::warning(
                    function.location(),
                    &format!("barrier placement stopped after placing {placed} barrier(s): the analysis could not finish: {message}; barriers may still be missing"),
                );
                return Ok(placed);
            }
        };
        let Some(access) = ir::find_op(function, key) else {
            diag::error(function.location(), "internal error in asyncpipe-place-barriers: the hazard's access is gone");
            return Err(PassFailed);
        };
        let anchor = anchor(access);
        if let Some((branch, _)) = thread_scope::divergent_ancestor(anchor, &varying, true) {
            diag::error_with_note(
                access.location(),
                "needs a block barrier before it (other threads share this workgroup memory), but the barrier would be under control flow that depends on the thread",
                branch.location(),
                "this depends on the thread: threads that skip a barrier hang the others",
            );
            return Err(PassFailed);
        }
        let at = after_leading_waits(anchor, access).unwrap_or_else(|| earliest(anchor));
        if ir::previous(at).is_some_and(|op| Upstream::GpuBarrier.is(op)) || placed >= MAX_BARRIERS {
            diag::error_with_note(
                access.location(),
                "a block barrier cannot order this access against the other threads': the hazard stays with a barrier right before it, so what it needs is missing elsewhere (the other threads' wait for their copy) or lies inside one statement",
                anchor.location(),
                "the barrier would go before this",
            );
            return Err(PassFailed);
        }
        let builder = Builder::new(function.context(), anchor.location());
        builder.insert(builder.build(Upstream::GpuBarrier, &[], &[], &[], vec![]), Point::Before(at));
        placed += 1;
    }
}

/// Whether `function` runs as a block of threads sharing workgroup memory
/// ([`thread_scope::is_block_scope`]): where barriers can be needed.
pub fn is_kernel(function: OperationRef) -> bool {
    thread_scope::is_block_scope(function, &ir::nested_ops(function))
}

/// Where a barrier for `access` goes: before the ancestor of `access` that
/// is a statement of a block holding synchronization (waits, commits,
/// barriers, async ops) or of the function's body. The ops of an issue
/// scope (`commit_queue`, `commit_group`, `async_scope`, and the op an
/// `asyncop.start` wraps) are one statement with it. So a read in the compute loop of a pipelined body gets its
/// barrier before that loop, not in it, and a copy before its commit scope.
fn anchor<'c, 'a>(access: OperationRef<'c, 'a>) -> OperationRef<'c, 'a> {
    let mut op = access;
    loop {
        let Some(parent) = op.parent_operation() else { return op };
        if ir::is_function(parent) {
            return op;
        }
        // An asyncop.start wraps exactly one op: its barrier goes before the
        // start (a barrier in its region broke it: fuzzer seed 7000).
        let scope = matches!(
            AsyncpipeOp::of(parent),
            Some(AsyncpipeOp::CommitQueue(_) | AsyncpipeOp::CommitGroup(_) | AsyncpipeOp::AsyncScope(_))
        ) || StartOp::cast(parent).is_some();
        if !scope && op.block().is_some_and(synchronizes) {
            return op;
        }
        op = parent;
    }
}

/// Where the barrier goes for an access inside a commit scope that holds
/// waits before it (a stage that consumes one queue's groups and produces
/// another's, as the pipeliner emits it: `commit_queue 2 { wait_queue 0,
/// N; mma }`): right after the last of those waits, in the region, since a
/// barrier before the scope would come before the waits it must follow.
/// None for any other anchor, or when no wait precedes the access there.
fn after_leading_waits<'c, 'a>(anchor: OperationRef<'c, 'a>, access: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    if !matches!(AsyncpipeOp::of(anchor), Some(AsyncpipeOp::CommitQueue(_) | AsyncpipeOp::CommitGroup(_))) {
        return None;
    }
    let block = ir::region_entry(anchor, 0)?;
    let statement = ir::ancestor_in(access, block)?;
    let before: Vec<OperationRef> = ir::ops(block).take_while(|op| *op != statement).collect();
    let last_wait = before.iter().rposition(|op| WaitQueueOp::is(*op))?;
    before.get(last_wait + 1).copied().or(Some(statement))
}

/// The earliest point before `anchor` where its barrier orders the same:
/// up past the ops a barrier does not need to follow (async issues and
/// their commits, views, pure ops), to the last wait, barrier or
/// synchronous memory access. A read's barrier must follow the wait that
/// completed this thread's copy, and a write's the reads before it; a
/// barrier placed there also orders what comes between, so the body of a
/// pipelined loop (wait, issue, compute) gets one barrier after its waits
/// rather than one before the compute and another before the next issue.
fn earliest<'c, 'a>(anchor: OperationRef<'c, 'a>) -> OperationRef<'c, 'a> {
    let Some(block) = anchor.block() else { return anchor };
    let before: Vec<OperationRef> = ir::ops(block).take_while(|o| *o != anchor).collect();
    before.into_iter().rev().take_while(|op| floats_past(*op)).last().unwrap_or(anchor)
}

/// Whether a barrier may move up past `op`: it issues async copies and
/// commits them (no wait, no synchronous access inside), or it is a view or
/// has no memory effect.
fn floats_past(op: OperationRef) -> bool {
    let issue = |o: OperationRef| {
        async_effects::issues_counted_work(o)
            || asyncpipe::is_commit(o)
            || YieldOp::is(o)
            || sync_state::effect(o) == sync_state::QueueEffect::Commit(sync_state::Queue::CpAsync)
    };
    let quiet = |o: OperationRef| effects::is_view(o) || (o.region_count() == 0 && ir::memory_effects(o).is_some_and(|e| e.is_empty()));
    std::iter::once(op).chain(ir::nested_ops(op)).all(|o| issue(o) || quiet(o))
}

/// Whether `block` holds, as its own ops, a wait, a commit, an async op, a
/// cooperative write (complete at the next block barrier: a `memref.copy`
/// into workgroup memory, as the original loop a pipeliner keeps for short
/// run-time trip counts copies its tiles) or a barrier: the level a barrier
/// belongs at.
fn synchronizes(block: BlockRef) -> bool {
    ir::ops(block).any(|op| {
        async_effects::issues_counted_work(op)
            || async_effects::async_effect_groups(op)
                .is_some_and(|groups| groups.iter().any(|g| g.sync == async_effects::AsyncSync::BlockBarrier))
            || asyncpipe::is_commit(op)
            || WaitQueueOp::is(op)
            || matches!(AsyncpipeOp::of(op), Some(AsyncpipeOp::Wait(_)))
            || Upstream::GpuBarrier.is(op)
            || sync_state::orders_only(op)
    })
}

/// Moves the waits of a pipelined loop's body to its top, before the
/// body's async ops: the order (wait, barrier, issue, compute) in which one
/// barrier per iteration is enough. A `wait_queue q, N` after `k` commits
/// on `q` in the body completes the groups older than its `N` most recent;
/// at the top, before those commits, the same groups are the ones older
/// than the `N - k` most recent, so the count becomes `N - k` and the wait
/// completes exactly what it did (only earlier). A wait with `N < k` needs
/// a group of this iteration and stays; so do waits nested in other ops
/// than a commit scope (which opens with the waits of a stage that both
/// consumes and produces).
pub fn hoist_waits(body: BlockRef) {
    let Some(top) = ir::ops(body).next() else { return };
    let mut commits: HashMap<i64, i64> = HashMap::new();
    let mut moved = Vec::new();
    for op in ir::ops(body) {
        let waits: Vec<OperationRef> = if WaitQueueOp::is(op) {
            vec![op]
        } else if CommitQueueOp::is(op) {
            ir::region_entry(op, 0).map(|b| ir::ops(b).take_while(|o| WaitQueueOp::is(*o)).collect()).unwrap_or_default()
        } else {
            Vec::new()
        };
        for wait in waits {
            let (Some(queue), Some(count)) = (asyncpipe::named_queue(wait), sync_state::wait_count(wait)) else { continue };
            let before = commits.get(&queue).copied().unwrap_or(0);
            if count >= before {
                moved.push((wait, queue, count - before));
            }
        }
        if let Some(queue) = asyncpipe::named_queue(op).filter(|_| asyncpipe::is_commit(op)) {
            *commits.entry(queue).or_default() += 1;
        }
    }
    let erase_top = moved.iter().any(|(wait, _, _)| *wait == top);
    for (wait, queue, count) in moved {
        let builder = Builder::new(wait.context(), wait.location());
        builder.insert(WaitQueueOp::build(&builder, None, queue, Some(count)), Point::Before(top));
        if wait != top {
            ir::erase(wait);
        }
    }
    if erase_top {
        ir::erase(top);
    }
}
