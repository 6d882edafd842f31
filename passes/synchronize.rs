//! `asyncpipe-synchronize`: synchronizes async work written without
//! commits and waits (the async-side-effects document's pass, its steps 1,
//! 4 and 5 on logical queues; issue 14).
//!
//! 1. *Enumerate*: the async ops of a function whose work goes on a logical
//!    queue that nothing in the function commits or waits on (asyncpipe's
//!    copies and scopes, and any op whose `AsyncEffectOpInterface` says so:
//!    [`async_effects::issues_queued_work`]). A queue the function already
//!    commits or waits on is synchronized by hand and left alone.
//! 4. *Launch and wait*: each such op's group is closed right after it
//!    (`asyncpipe.commit q`; a logical queue needs no init), and it gets a
//!    wait ...
//! 5. *... as late as possible*: just before the first op of its block
//!    after it that touches what it writes, writes what it reads, has
//!    unknown effects, contains async work or commits on its queue (whose
//!    groups could not be counted), or ends the block (a loop iteration's
//!    or the function's end). The wait allows the groups committed between
//!    its op's commit and there: `wait_queue q, k` after `k` later commits
//!    completes exactly the op's group and those before it. Waits that
//!    others imply then go (`asyncpipe-optimize-waits`).
//!
//! ```text
//! asyncpipe.copy %a, %s queue 0        asyncpipe.copy %a, %s queue 0
//! asyncpipe.copy %b, %t queue 0   =>   asyncpipe.commit 0
//! (compute on other memory)            asyncpipe.copy %b, %t queue 0
//! memref.load %s[...]                  asyncpipe.commit 0
//!                                      (compute on other memory)
//!                                      asyncpipe.wait_queue 0, 1
//!                                      memref.load %s[...]
//! ```
//!
//! A wait never moves out of its op's block, so no path waits on a group it
//! did not commit, and nothing is left in flight past a loop iteration or
//! the function.
//!
//! 2, 3. *Limited resources* (option `max-queues=N`): a function that then
//! uses more logical queues than N has them merged onto its N lowest (in
//! turn), and every count recomputed for the merged queues, exactly as
//! `asyncpipe-hardware-queues` does for PTX's one queue (count-to-token's
//! conversion, token-to-count's onto the merged queues, optimize-waits'),
//! hand-synchronized queues included. Another dialect's op names its queue
//! itself and cannot be moved: an error at the op.
//!
//! Not yet (issue 14): mbarrier and block-barrier resources, and waits moved
//! out of loops (which needs the first iteration's wait pre-filled).

use super::analysis::effects::{self, Root};
use super::analysis::sync_state::{self, Queue, QueueEffect};
use super::ir::async_effects;
use super::ir::builder::{Builder, Point};
use super::ir::ods::asyncpipe::{CommitOp, WaitQueueOp};
use super::ir::{self, asyncpipe, diag, OpKey};
use super::analysis::in_flight::QueueMap;
use super::{count_to_token, optimize_waits, token_to_count, OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::block::BlockLike;
use melior::ir::{TypeLike, Value, ValueLike};
use std::collections::{BTreeSet, HashMap, HashSet};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-synchronize",
    description: "Commit and wait for async work written without synchronization: each async op on a logical queue no commit or wait names gets its group committed right after it and waited for just before the first access that conflicts with it in its block",
    anchor: None,
    options: &[OptionDef {
        name: "max-queues",
        description: "Logical queues (sync resources) a function may use; more are merged onto its lowest ones and the waits recounted exactly (0: no limit)",
        default: "0",
    }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let max_queues: usize = options.parse(root, "max-queues")?;
    let mut changed = false;
    for function in ir::functions(root) {
        changed |= synchronize(function)?;
    }
    if changed {
        optimize_waits::optimize(root);
    }
    if max_queues > 0 {
        for function in ir::functions(root) {
            limit(function, max_queues)?;
        }
    }
    Ok(())
}

/// Merges `function`'s logical queues onto at most `max` of them, the counts
/// recomputed for the merged queues.
fn limit(function: OperationRef, max: usize) -> Result<(), PassFailed> {
    let ops = ir::nested_ops(function);
    let mut queues = BTreeSet::new();
    for &op in &ops {
        match sync_state::effect(op) {
            QueueEffect::Commit(Queue::Logical(q)) | QueueEffect::Wait { queue: Queue::Logical(q), .. } => {
                queues.insert(q);
            }
            _ => {}
        }
        if async_effects::issues_queued_work(op) {
            queues.extend(asyncpipe::queue_of(op));
        }
    }
    if queues.len() <= max {
        return Ok(());
    }
    if let Some(op) = ops.iter().find(|op| asyncpipe::is_other_dialects_async(**op)) {
        diag::error(
            op.location(),
            &format!(
                "asyncpipe-synchronize cannot fit this function's {} queues in max-queues={max}: this op names its queue \
                 itself (AsyncEffectOpInterface), and only asyncpipe's own async ops can be moved to another queue",
                queues.len()
            ),
        );
        return Err(PassFailed);
    }
    let kept: Vec<i64> = queues.iter().take(max).copied().collect();
    let merged = queues.iter().enumerate().skip(max).map(|(k, q)| (*q, kept[k % max])).collect();
    let map = QueueMap { merged, ..QueueMap::default() };
    count_to_token::convert(function)?;
    token_to_count::convert(function, &map, false)?;
    optimize_waits::optimize(function);
    // token-to-count has said why (a remark): report the first op left.
    if let Some(op) = ir::nested_ops(function).into_iter().find(|op| sync_state::is_token_form(*op)) {
        diag::error(
            op.location(),
            &format!(
                "this function's groups stay in token form, so the counts of its queues cannot be recomputed to merge \
                 them into max-queues={max}"
            ),
        );
        return Err(PassFailed);
    }
    Ok(())
}

/// One unguarded async op: its queue, the buffers it reads and writes until
/// it completes, whether one of them may be any buffer, and the commit
/// inserted after it.
struct Launch<'c, 'a> {
    op: OperationRef<'c, 'a>,
    queue: i64,
    reads: Vec<Root>,
    writes: Vec<Root>,
    aliased: bool,
    commit: Option<OperationRef<'c, 'a>>,
}

/// Synchronizes `function`'s unguarded async work; whether it changed.
fn synchronize(function: OperationRef) -> Result<bool, PassFailed> {
    let ops = ir::nested_ops(function);
    let guarded: BTreeSet<i64> = ops
        .iter()
        .filter_map(|op| match sync_state::effect(*op) {
            QueueEffect::Commit(Queue::Logical(q)) | QueueEffect::Wait { queue: Queue::Logical(q), .. } => Some(q),
            _ => None,
        })
        .collect();
    let mut launches = Vec::new();
    for &op in &ops {
        // Counting form (a token-form op's commit names its token).
        if op.result_count() > 0 || !async_effects::issues_queued_work(op) {
            continue;
        }
        let Some(queue) = asyncpipe::queue_of(op) else {
            diag::error(op.location(), "asyncpipe-synchronize: this async op names no queue and is in no commit region");
            return Err(PassFailed);
        };
        if guarded.contains(&queue) {
            continue;
        }
        let mut launch = Launch { op, queue, reads: Vec::new(), writes: Vec::new(), aliased: false, commit: None };
        for group in async_effects::async_effect_groups(op).unwrap_or_default() {
            for access in group.accesses {
                launch.aliased |= aliased(access.value);
                let root = effects::root(access.value);
                if access.write { launch.writes.push(root) } else { launch.reads.push(root) }
            }
        }
        launches.push(launch);
    }
    if launches.is_empty() {
        return Ok(false);
    }
    for launch in &mut launches {
        let b = Builder::new(launch.op.context(), launch.op.location());
        let Some(next) = launch.op.next_in_block() else { continue }; // (an op is never its block's terminator)
        let attributes = [(CommitOp::QUEUE, b.int_attr(64, launch.queue))];
        launch.commit = Some(b.op(CommitOp::NAME, &[], &[], &attributes, Point::Before(next)));
    }
    let commits: HashSet<OpKey> = launches.iter().filter_map(|l| l.commit.map(OpKey::of)).collect();
    let launched: HashSet<OpKey> = launches.iter().map(|l| OpKey::of(l.op)).collect();
    let mut facts = HashMap::new();
    for launch in &launches {
        let Some(commit) = launch.commit else { continue };
        let (at, count) = wait_point(launch, commit, &commits, &launched, &mut facts);
        let b = Builder::new(at.context(), launch.op.location());
        let attributes = [(WaitQueueOp::QUEUE, b.int_attr(64, launch.queue)), (WaitQueueOp::COUNT, b.int_attr(64, count))];
        b.op(WaitQueueOp::NAME, &[], &[], &attributes, Point::Before(at));
    }
    Ok(true)
}

/// What the wait placement needs to know of an op (and the ops in it),
/// gathered once however many launches look past it.
struct OpFacts {
    /// The queues of the async work and commits in it (not counting a
    /// launch's own work, whose commit follows it and is counted).
    queues: BTreeSet<i64>,
    /// Whether it touches a memref, and one that may be any buffer.
    memrefs: bool,
    aliased: bool,
    /// Commits and waits (which declare "any memory" only to keep their
    /// place) and views touch no memory.
    quiet: bool,
    /// The buffers it reads and writes; None when not known.
    access: Option<(Vec<Root>, Vec<Root>)>,
}

impl OpFacts {
    fn of(op: OperationRef, launched: &HashSet<OpKey>) -> Self {
        let mut facts = OpFacts { queues: BTreeSet::new(), memrefs: false, aliased: false, quiet: false, access: None };
        for o in std::iter::once(op).chain(ir::nested_ops(op)) {
            let queued = (async_effects::issues_queued_work(o) && !launched.contains(&OpKey::of(o))) || asyncpipe::is_commit(o);
            if queued {
                facts.queues.extend(asyncpipe::queue_of(o));
            }
            for operand in o.operands().filter(|v| v.r#type().is_mem_ref()) {
                facts.memrefs = true;
                facts.aliased |= aliased(operand) && !effects::is_view(o);
            }
        }
        facts.quiet = sync_state::orders_only(op) || effects::is_view(op);
        let access = effects::access(op);
        if let (Some(reads), Some(writes)) = (access.reads, access.writes) {
            facts.access = Some((reads, writes));
        }
        facts
    }
}

/// Where `launch`'s wait goes (before the returned op of its block) and the
/// groups it allows in flight: the commits on its queue that the pass put
/// between (`commits`, of the launches `launched`).
fn wait_point<'c, 'a>(
    launch: &Launch<'c, 'a>,
    commit: OperationRef<'c, 'a>,
    commits: &HashSet<OpKey>,
    launched: &HashSet<OpKey>,
    facts: &mut HashMap<OpKey, OpFacts>,
) -> (OperationRef<'c, 'a>, i64) {
    let mut count = 0i64;
    let mut at = commit;
    while let Some(op) = at.next_in_block() {
        if op.next_in_block().is_none() {
            return (op, count); // the terminator: the end of an iteration or of the function
        }
        let key = OpKey::of(op);
        if commits.contains(&key) {
            if asyncpipe::named_queue(op) == Some(launch.queue) {
                count = count.saturating_add(1);
            }
        } else if stops(facts.entry(key).or_insert_with(|| OpFacts::of(op, launched)), launch) {
            return (op, count);
        }
        at = op;
    }
    (at, count) // (a block ends with its terminator)
}

/// Whether the wait for `launch` must come before an op with these facts:
/// it (or an op in it) has async work or commits on the queue (its groups
/// could not be counted), unknown effects, a buffer that may be any (a
/// memref a region op yields or carries), or touches what the launch
/// writes, or writes what it reads.
fn stops(facts: &OpFacts, launch: &Launch) -> bool {
    if facts.queues.contains(&launch.queue) || facts.aliased {
        return true;
    }
    if facts.quiet {
        return false;
    }
    let Some((reads, writes)) = &facts.access else { return true };
    if launch.aliased {
        return facts.memrefs && (!reads.is_empty() || !writes.is_empty());
    }
    reads.iter().any(|r| launch.writes.contains(r))
        || writes.iter().any(|w| launch.writes.contains(w) || launch.reads.contains(w))
}

/// Whether `value`'s buffer may be any of several: the chain of views
/// starts at a memref that a region op yields or at a block argument of a
/// region (a loop-carried buffer), which roots cannot tell apart.
fn aliased(value: Value) -> bool {
    let start = effects::root_value(value);
    ir::defining_op(start).is_some_and(|op| op.region_count() > 0)
        || ir::argument_owner(start).is_some_and(|block| block.parent_operation().is_some_and(|p| !ir::is_function(p)))
}
