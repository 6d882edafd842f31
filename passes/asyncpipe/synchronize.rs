//! `asyncpipe-synchronize`: synchronizes async work written without
//! synchronization (the async-side-effects document's pass; issue 14),
//! through `AsyncEffectOpInterface`, for every sync resource an op can name:
//!
//! | resource (`AsyncSync`) | launch | wait | fill | limit |
//! |---|---|---|---|---|
//! | logical queue | `asyncpipe.commit q` after the op | `wait_queue q, k`, exact count | none needed | `max-queues` |
//! | barrier slot | the interface's `createInit` at the function's entry | `createWait` | `createFill` | `max-barriers` |
//! | block barrier (SPMD) | none | `createWait` (`gpu.barrier`) unless a `doesSync` op is already there | none needed | |
//! | fallback call (option `fallback`) | `func.call @INIT()` at the entry | `func.call @WAIT()` | none needed | |
//! | cp.async queue (an `nvgpu.device_async_copy` with no group) | `nvvm.cp.async.commit.group` after the op | `nvvm.cp.async.wait.group N`, exact count, then block barriers where other threads read | none needed | |
//!
//! The cp.async row is upstream's unguarded form (the document's IREE
//! case): such copies are placed as a logical queue of their own (one past
//! the function's) and its commits and waits lowered to the target's; then
//! `asyncpipe-place-barriers` puts a barrier where another thread reads
//! what a thread's wait completed. A function that groups or waits on the
//! cp.async queue by hand is left as written.
//!
//! 1. *Enumerate* each op's async effect groups: a group on a logical queue
//!    nothing in the function commits or waits on (asyncpipe's copies and
//!    scopes, and any op whose model says so), a barrier-slot group with no
//!    slot, a block barrier's group, a fallback call. A queue, slot or
//!    fallback the function synchronizes by hand is left alone; a token's
//!    group is synchronized by its own chain (unless its token escapes
//!    through a call or a return: an error).
//! 4, 5. *Wait as late as possible*: just before the first op of the
//!    launch's block after it that conflicts with it (touches what it
//!    writes, writes or frees what it reads, has unknown effects, holds
//!    async work or commits on its queue), per version of a multi-buffered
//!    buffer (`analysis/version_slices.rs`); sunk into both branches of an `scf.if`
//!    whose conflict is inside; counted through an `scf.for` with a static
//!    trip count whose commits are the pass's. When the conflict is past the
//!    end of an `scf.for` body and work lies between, the wait moves into a
//!    later iteration, before the first conflict there (a queue's group up
//!    to [`placement::MAX_DISTANCE`] iterations deep, counting the commits between; the
//!    others' one, at the latest before the launch itself), and a drain
//!    follows the loop; a barrier slot is filled before the loop so that the
//!    first iteration's wait passes (the document's "manually fill the
//!    resource"). Every path thus waits exactly once for each launch (or
//!    fill), after it: never twice on one resource, never on one that was
//!    not initialized.
//! 6. *Tighten* (option `tighten`, on by default): the pass places a wait
//!    per launch, blind to what another launch's wait already completed, so
//!    each queue wait it placed is then removed, or allowed more groups in
//!    flight, as far as `asyncpipe-verify-sync` still proves the function
//!    (the model every pass answers to); a drain before each return keeps
//!    nothing in flight past the function.
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
//! 2, 3. *Limited resources.* Barrier slots are given by interval colouring
//!    of the launches' live ranges (launch to wait; a launch whose wait moved
//!    to a later iteration holds its slot for the whole loop), so launches
//!    that cannot be in flight together share one; with `max-barriers=M`, a
//!    launch that finds all M held makes the oldest holder wait first, and
//!    one that cannot is an error at it, with a note at a holder. With
//!    `max-queues=N`, a function that uses more logical queues than N has
//!    them merged onto its N lowest and every count recomputed for the
//!    merged queues, exactly as `asyncpipe-hardware-queues` does for PTX's
//!    one queue; another dialect's op names its queue itself and cannot be
//!    moved: an error at the op.
//!
//! Errors (at the op, with a note at what conflicts), found for every
//! function before any changes, so the IR is left as it was: a token that
//! escapes, a block barrier's group under thread-dependent control flow
//! (some threads would wait at a barrier the others never reach), a limit
//! that cannot be met, an op whose interface creates no wait, a malformed
//! fallback option.

#[path = "synchronize/placement.rs"]
mod placement;

use crate::passes::ir::positions::OpPositions;
use placement::{place, Launch, Placement, Resource, Scan, Site};
use crate::passes::analysis::sync_state::{self, Queue, QueueEffect};
use crate::passes::analysis::thread_scope;
use crate::passes::ir::async_effects::{self, AsyncScope, AsyncSync, QueueName};
use crate::passes::ir::builder::{Builder, Point};
use crate::passes::ir::ods::asyncop::StartOp;
use crate::passes::ir::ods::asyncpipe::{CommitOp, WaitQueueOp};
use crate::passes::ir::upstream::{attr, Upstream};
use crate::passes::ir::{self, asyncpipe, diag, rewrite, OpKey};
use crate::passes::analysis::in_flight::QueueMap;
use crate::passes::analysis::in_flight_bounds::InFlightBounds;
use crate::passes::analysis::sync_state::BulkQueues;
use crate::passes::analysis::hazards;
use crate::passes::transform::barrier_placement;
use crate::passes::transform::recount::{self, waits};
use crate::passes::{OptionDef, PassDef, PassFailed, PassOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::block::BlockLike;
use melior::ir::{RegionLike, TypeLike, ValueLike};
use std::collections::{BTreeSet, HashMap, HashSet};

pub const PASS: PassDef = PassDef {
    argument: "asyncpipe-synchronize",
    description: "Synchronize async work written without synchronization, through AsyncEffectOpInterface: each unguarded group (on a logical queue, a barrier slot, or a block barrier) is launched (commit, or init at the entry) and waited for just before the first access that conflicts with it in its block, or at the top of the next iteration of its loop (filled before the loop, drained after)",
    anchor: None,
    options: &[OptionDef {
        name: "max-queues",
        description: "Logical queues (sync resources) a function may use; more are merged onto its lowest ones and the waits recounted exactly (0: no limit)",
        default: "0",
    }, OptionDef {
        name: "max-barriers",
        description: "Barrier slots (sync objects that need init, such as DMA semaphores and mbarriers) a function may use; a launch that finds all held waits for the oldest holder in its block first (0: no limit)",
        default: "0",
    }, OptionDef {
        name: "tighten",
        description: "Then loosen each queue wait the pass placed (removing it, or allowing more groups in flight) as far as asyncpipe-verify-sync (with ordered-writes) still proves the function, except the function's final drain; for waits one launch's placement cannot see are implied by another's",
        default: "true",
    }, OptionDef {
        name: "fallback",
        description: "Fallback init/wait functions for normally synchronous ops: CALLEE:INIT:WAIT[,...] makes each func.call @CALLEE asynchronous (its memref operands read and written until func.call @WAIT() returns, which waits for every call to CALLEE before it), with func.call @INIT() once at the function's entry (INIT may be empty); INIT and WAIT must be declared () -> ()",
        default: "",
    }],
    run,
};

fn run(root: OperationRef, options: &PassOptions) -> Result<(), PassFailed> {
    let max_queues: usize = options.parse(root, "max-queues")?;
    let max_barriers: usize = options.parse(root, "max-barriers")?;
    let fallbacks = Fallback::parse(root, options.get("fallback"))?;
    let tighten: bool = options.parse(root, "tighten")?;
    // Every function's plan, and its errors, before anything changes: the
    // IR is left as it was when one cannot be synchronized.
    let mut plans = Vec::new();
    for function in ir::functions(root) {
        let ops = ir::nested_ops(function);
        let plan = plan(&ops, max_barriers, &fallbacks)?;
        // The queue that stands for cp.async, when the plan put copies on it.
        let stand_in = plan.as_ref().and_then(|p| p.launches.iter().find(|l| is_unguarded_cp_async(l.op))?.queue());
        let queues = check_limit(function, max_queues)?;
        if max_queues > 0 && queues.len() > max_queues {
            // Merging queues fails only once the function has changed (a
            // group that stays in token form): tried on a copy first.
            let (merged, said) = diag::collect(|| {
                rewrite::on_detached_copy(function, |copy| {
                    let plan = self::plan(&ir::nested_ops(copy), max_barriers, &fallbacks)?;
                    synchronize(copy, plan, &fallbacks).and_then(|_| limit(copy, max_queues))
                })
            });
            if merged.is_err() {
                said.emit();
                return Err(PassFailed);
            }
        }
        plans.push((function, plan, stand_in));
    }
    for (function, plan, stand_in) in plans {
        let cooperative = plan.as_ref().is_some_and(|p| p.launches.iter().any(|l| matches!(l.resource, Resource::Barrier)));
        let mut owned = synchronize(function, plan, &fallbacks)?;
        if cooperative {
            // A barrier's wait goes after its launch, where what the launch
            // wrote is read; a cooperative write over what other threads
            // read before it (in the iteration before) needs a barrier
            // before it, which barrier placement's hazard model finds.
            barrier_placement::place(function, &BulkQueues::default())?;
        }
        if let Some(queue) = stand_in {
            // Its waits are tightened once they are the target's (below):
            // verify-sync sees the copies on the cp.async queue, not on it.
            owned.remove(&queue);
        }
        if !owned.is_empty() {
            // The queues the pass synchronized are its own in this function:
            // no group on them comes from the caller (what one might leave
            // is older than every group here, and nothing here reads it).
            let mut entry = InFlightBounds::default();
            for &q in &owned {
                entry.wait(Queue::Logical(q), 0);
            }
            waits::optimize_function(function, entry.clone());
            if tighten {
                tighten_waits(function, &owned);
                // Nothing in flight past the function: a drain before each
                // return, which goes where nothing can be in flight.
                drain_at_returns(function, &owned);
                waits::optimize_function(function, entry);
            }
        }
        if let Some(queue) = stand_in {
            // The cp.async groups and waits placed on the stand-in queue
            // become the target's, then barriers go where other threads
            // read what a thread's wait completed.
            let entry = {
                let mut entry = InFlightBounds::default();
                entry.wait(Queue::Logical(queue), 0);
                entry
            };
            waits::optimize_function(function, entry);
            lower_stand_in(function, queue);
            barrier_placement::place(function, &BulkQueues::default())?;
            if tighten {
                // Each placed wait is exact for its own copy, blind to the
                // others': loosened as far as verify-sync still proves it.
                let waits = ir::nested_ops(function).into_iter().filter(|op| Upstream::NvvmCpAsyncWaitGroup.is(*op)).collect();
                self::tighten(function, waits, attr::WAIT_GROUP_COUNT, 32);
                // Nothing in flight past the kernel: a drain before each
                // return (dropped where nothing can be in flight there).
                before_returns(function, |b, ret| {
                    b.op(Upstream::NvvmCpAsyncWaitGroup.name(), &[], &[], &[(attr::WAIT_GROUP_COUNT, b.int_attr(32, 0))], Point::Before(ret));
                });
                waits::optimize_function(function, InFlightBounds::default());
            }
        }
    }
    if max_queues > 0 {
        for function in ir::functions(root) {
            limit(function, max_queues)?;
        }
    }
    Ok(())
}

/// Work budget of one proof while tightening (verify-sync's `max-steps`):
/// a function too large to prove within it keeps its waits as placed.
const TIGHTEN_STEPS: u64 = 200_000;

/// Most groups a tightened wait is loosened by, one at a time.
const TIGHTEN_LOOSENINGS: i64 = 16;

/// Work budget of all the proofs of one function's tightening: each wait
/// asks one proof or more (up to `TIGHTEN_LOOSENINGS + 2`), so a function
/// with many waits costs their number times the function's size. Past it
/// the remaining waits stay as placed (they are safe, only maybe stricter
/// than needed). The test suite's kernels spend at most 338 steps; a nest
/// of 64 levels with a wait at each spent 474,000 (0.15 s in release).
const TIGHTEN_TOTAL_STEPS: u64 = 250_000;

/// Loosens the waits on `queues` (the pass's own) in `function` as far as
/// verify-sync still proves it: each in turn is removed if the rest
/// suffices, or allowed one group more at a time while that is proven. The
/// pass places a wait per launch, blind to what another launch's wait
/// already completed; the model sees all of them. A wait right before the
/// function's return (the final drain) stays: nothing is left in flight
/// past the function. Nothing changes unless the function is proven as
/// placed.
fn tighten_waits(function: OperationRef, queues: &BTreeSet<i64>) {
    let waits = ir::nested_ops(function)
        .into_iter()
        .filter(|op| WaitQueueOp::is(*op) && asyncpipe::named_queue(*op).is_some_and(|q| queues.contains(&q)))
        .collect();
    tighten(function, waits, WaitQueueOp::COUNT, 64);
}

/// [`tighten_waits`] for the waits `waits` of `function`, whose count is
/// their integer attribute `count` of `bits` bits.
fn tighten(function: OperationRef, waits: Vec<OperationRef>, count_attr: &str, bits: u32) {
    let spent = std::cell::Cell::new(0u64);
    // Out of budget reads "not proven": the wait keeps its count.
    let proves = || {
        let left = TIGHTEN_TOTAL_STEPS.saturating_sub(spent.get()).min(TIGHTEN_STEPS);
        if left == 0 {
            return false;
        }
        let (proven, steps) = hazards::proves(function, true, left);
        spent.set(spent.get().saturating_add(steps.max(1)));
        proven && steps < left
    };
    if !proves() {
        return;
    }
    let last = |op: &OperationRef| op.next_in_block().is_some_and(|next| matches!(Upstream::of(next), Some(Upstream::FuncReturn | Upstream::GpuReturn)));
    let largest = if bits >= 64 { i64::MAX } else { (1i64 << (bits - 1)) - 1 };
    for wait in waits.into_iter().filter(|op| !last(op)) {
        let Some(count) = ir::int_attr(wait, count_attr) else { continue };
        let b = Builder::new(wait.context(), wait.location());
        let set = |n: i64| rewrite::set_attribute(wait, count_attr, b.int_attr(bits, n));
        let loosened = |more: i64| count.checked_add(more).filter(|n| *n <= largest);
        // One group more first: where that is not proven, neither is the
        // wait's removal (a weaker wait proves less), so a wait that is
        // needed as placed costs one proof, not two.
        let Some(first) = loosened(1) else { continue };
        set(first);
        if !proves() {
            set(count);
            continue;
        }
        // A count no queue reaches: the wait as if removed.
        set(i64::from(i32::MAX));
        if proves() {
            ir::erase(wait);
            continue;
        }
        let mut kept = first;
        for more in 2..=TIGHTEN_LOOSENINGS {
            let Some(next) = loosened(more) else { break };
            set(next);
            if !proves() {
                break;
            }
            kept = next;
        }
        set(kept);
    }
}

/// What the pass decides for a function before it changes anything: its
/// launches, the waits of those that are not on queues (whose counts need
/// the commits in place), and their slots.
struct Plan<'c, 'a> {
    launches: Vec<Launch<'c, 'a>>,
    placements: Vec<Option<Placement<'c, 'a>>>,
    slots: Vec<Option<i64>>,
    launched: HashSet<OpKey>,
}

/// The plan for `ops` (a function's), or the error that leaves it as it
/// was; None when it has nothing to synchronize.
fn plan<'c, 'a>(ops: &[OperationRef<'c, 'a>], max_barriers: usize, fallbacks: &[Fallback]) -> Result<Option<Plan<'c, 'a>>, PassFailed> {
    let launches = enumerate(ops, fallbacks)?;
    if launches.is_empty() {
        return Ok(None);
    }
    let launched: HashSet<OpKey> = launches.iter().map(|l| OpKey::of(l.op)).collect();
    let mut facts = HashMap::new();
    let none = HashSet::new();
    let mut placements: Vec<Option<Placement>> = launches
        .iter()
        .map(|l| l.queue().is_none().then(|| place(l, &none, &launched, fallbacks, &mut facts)))
        .collect();
    let slots = assign_slots(ops, &launches, &mut placements, max_barriers)?;
    Ok(Some(Plan { launches, placements, slots, launched }))
}

/// `wait_queue q, 0` for each of `queues` before each return of `function`.
fn drain_at_returns(function: OperationRef, queues: &BTreeSet<i64>) {
    before_returns(function, |b, ret| {
        for &q in queues {
            b.insert(WaitQueueOp::build(b, None, q, Some(0)), Point::Before(ret));
        }
    });
}

/// Runs `build` with a builder at each return of `function` (to put ops
/// before it).
fn before_returns<'c, 'a>(function: OperationRef<'c, 'a>, build: impl Fn(&Builder<'c>, OperationRef<'c, 'a>)) {
    let returns: Vec<OperationRef> = ir::nested_ops(function)
        .into_iter()
        .filter(|op| matches!(Upstream::of(*op), Some(Upstream::FuncReturn | Upstream::GpuReturn)))
        .collect();
    for ret in returns {
        build(&Builder::new(ret.context(), ret.location()), ret);
    }
}

/// The logical queues `function` uses (its commits and waits, and its async
/// work: the same before and after the pass synchronizes it), or the error
/// when they are more than `max` and another dialect's op, whose queue is
/// its own, is among them.
fn check_limit(function: OperationRef, max: usize) -> Result<BTreeSet<i64>, PassFailed> {
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
    if max == 0 || queues.len() <= max {
        return Ok(queues);
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
    Ok(queues)
}

/// Merges `function`'s logical queues onto at most `max` of them, the counts
/// recomputed for the merged queues.
fn limit(function: OperationRef, max: usize) -> Result<(), PassFailed> {
    let queues = check_limit(function, max)?;
    if queues.len() <= max {
        return Ok(());
    }
    let kept: Vec<i64> = queues.iter().take(max).copied().collect();
    let merged = queues.iter().enumerate().skip(max).map(|(k, q)| (*q, kept[k % max])).collect();
    let map = QueueMap { merged, ..QueueMap::default() };
    recount::recount(function, &map)?;
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

/// A normally synchronous call made asynchronous by option `fallback`:
/// `func.call @callee` is launched, `func.call @init()` prepares the
/// resource once, `func.call @wait()` waits for every call to it before.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Fallback {
    callee: String,
    init: Option<String>,
    wait: String,
}

impl Fallback {
    /// `CALLEE:INIT:WAIT[,...]`; INIT and WAIT must be functions of
    /// `root` typed `() -> ()`.
    fn parse(root: OperationRef, raw: &str) -> Result<Vec<Fallback>, PassFailed> {
        let declared: HashMap<String, OperationRef> =
            ir::functions(root).into_iter().filter_map(|f| Some((ir::symbol_name(f)?, f))).collect();
        let mut fallbacks = Vec::new();
        for entry in raw.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let fields: Vec<&str> = entry.split(':').map(|f| f.trim().trim_start_matches('@')).collect();
            let [callee, init, wait] = fields[..] else {
                diag::error(root.location(), &format!("asyncpipe-synchronize: fallback '{entry}' is not CALLEE:INIT:WAIT"));
                return Err(PassFailed);
            };
            if callee.is_empty() || wait.is_empty() {
                diag::error(root.location(), &format!("asyncpipe-synchronize: fallback '{entry}' names no callee or no wait function"));
                return Err(PassFailed);
            }
            for name in [init, wait].into_iter().filter(|n| !n.is_empty()) {
                let problem = match declared.get(name) {
                    None => "is not declared",
                    Some(f) if ir::function_input_count(*f) > 0 || ir::function_result_count(*f) > 0 => {
                        "takes or returns values (it must be () -> ())"
                    }
                    Some(_) => continue,
                };
                diag::error(root.location(), &format!("asyncpipe-synchronize: fallback function @{name} {problem}"));
                return Err(PassFailed);
            }
            let init = (!init.is_empty()).then(|| init.to_string());
            fallbacks.push(Fallback { callee: callee.into(), init, wait: wait.into() });
        }
        Ok(fallbacks)
    }

    /// Which of `fallbacks` `op` is a launch of.
    fn of(op: OperationRef, fallbacks: &[Fallback]) -> Option<usize> {
        let callee = ir::callee(op)?;
        fallbacks.iter().position(|f| f.callee == callee)
    }
}

/// Synchronizes `function`'s unguarded async work as `plan` (its
/// [`plan`]) decided; the logical queues it synchronized.
fn synchronize<'c, 'a>(
    function: OperationRef<'c, 'a>,
    plan: Option<Plan<'c, 'a>>,
    fallbacks: &[Fallback],
) -> Result<BTreeSet<i64>, PassFailed> {
    let Some(Plan { mut launches, mut placements, slots, launched }) = plan else {
        return Ok(BTreeSet::new());
    };
    let mut facts = HashMap::new();
    // Queues: a commit after each launch, then the waits, counted.
    for launch in launches.iter_mut().filter(|l| l.queue().is_some()) {
        let b = Builder::new(launch.op.context(), launch.op.location());
        let Some(next) = launch.op.next_in_block() else { continue }; // (an op is never its block's terminator)
        launch.commit = Some(b.insert(CommitOp::build(&b, launch.queue().unwrap_or(0)), Point::Before(next)));
    }
    let commits: HashSet<OpKey> = launches.iter().filter_map(|l| l.commit.map(OpKey::of)).collect();
    for (launch, placement) in launches.iter().zip(placements.iter_mut()) {
        if launch.commit.is_some() {
            *placement = Some(place(launch, &commits, &launched, fallbacks, &mut facts));
        }
    }
    // A queue's wait before a loop whose first iteration's own waits, on
    // the same queue, complete the group before its first conflict there
    // is not needed (the prologue copies of a multi-buffered pipeline).
    for k in 0..launches.len() {
        let Some(q) = launches[k].queue() else { continue };
        let Some(site) = placements[k].as_ref().filter(|p| p.rotated.is_none() && p.waits.len() == 1).map(|p| p.waits[0]) else {
            continue;
        };
        let loop_op = site.before;
        if Upstream::of(loop_op) != Some(Upstream::ScfFor) || !ir::static_trip_count(loop_op).is_some_and(|t| t >= 1) {
            continue;
        }
        let Some(body) = loop_op.region_at(0).and_then(|r| r.first_block()) else { continue };
        let inner: HashMap<OpKey, i64> = launches
            .iter()
            .zip(&placements)
            .filter(|(l, _)| l.queue() == Some(q))
            .filter_map(|(_, p)| p.as_ref())
            .flat_map(|p| p.waits.iter())
            .filter(|w| !w.synced && w.before.block() == Some(body))
            .map(|w| (OpKey::of(w.before), w.count))
            .collect();
        let mut scan = Scan { launch: &launches[k], commits: &commits, launched: &launched, fallbacks, facts: &mut facts, synced: false, work: false, shift: None, at: None };
        if !inner.is_empty() && scan.covered(loop_op, site.count, &inner) {
            if let Some(p) = placements[k].as_mut() {
                p.waits.clear();
            }
        }
    }
    let entry = ir::region_entry(function, 0).and_then(|b| b.first_operation());
    let mut inits: Vec<OperationRef> = Vec::new();
    let used: BTreeSet<usize> = launches
        .iter()
        .filter_map(|l| match l.resource {
            Resource::Fallback(k) => Some(k),
            _ => None,
        })
        .collect();
    for k in used {
        if let (Some(init), Some(entry)) = (&fallbacks[k].init, entry) {
            Builder::new(entry.context(), function.location()).call(init, &[], &[], Point::Before(entry));
        }
    }
    for ((launch, placement), slot) in launches.iter().zip(&placements).zip(&slots) {
        let Some(placement) = placement else { continue };
        if let (Some(slot), Some(entry)) = (slot, entry) {
            // Created at the entry, where inits of one slot are one.
            if let Some(init) = async_effects::sync::create_init(launch.op, launch.group, *slot, entry) {
                if inits.iter().any(|i| async_effects::sync::does_initialize(launch.op, launch.group, Some(*i))) {
                    ir::erase(init);
                } else {
                    inits.push(init);
                }
            }
        }
        let mut rotated = placement.rotated;
        if let Some((loop_op, _)) = rotated {
            let filled = launch.resource != Resource::Slot
                || async_effects::sync::create_fill(launch.op, launch.group, loop_op).is_some();
            if !filled {
                rotated = None; // No fill: the wait stays at the end of the iteration.
            }
        }
        let wait = |site| wait(launch, site, fallbacks);
        match rotated {
            Some((_, drain)) => {
                for site in &placement.waits {
                    wait(*site)?;
                }
                wait(drain)?;
            }
            None if placement.rotated.is_some() => wait(placement.end)?,
            None => {
                for site in &placement.waits {
                    wait(*site)?;
                }
            }
        }
    }
    Ok(launches.iter().filter_map(Launch::queue).collect())
}

/// Creates `launch`'s wait at `site` through the interface (a queue's wait
/// then allows `site.count` groups in flight).
fn wait(launch: &Launch, site: Site, fallbacks: &[Fallback]) -> Result<(), PassFailed> {
    if site.synced {
        return Ok(());
    }
    if let Resource::Fallback(k) = launch.resource {
        Builder::new(site.before.context(), launch.op.location()).call(&fallbacks[k].wait, &[], &[], Point::Before(site.before));
        return Ok(());
    }
    if let (Some(queue), true) = (launch.queue(), is_unguarded_cp_async(launch.op)) {
        // The stand-in queue's wait (lowered to the target's with its commits).
        let b = Builder::new(site.before.context(), launch.op.location());
        b.insert(WaitQueueOp::build(&b, None, queue, Some(site.count)), Point::Before(site.before));
        return Ok(());
    }
    let Some(created) = async_effects::sync::create_wait(launch.op, launch.group, site.before) else {
        diag::error(
            launch.op.location(),
            "asyncpipe-synchronize: this op's AsyncEffectOpInterface creates no wait for its async effects (createWait)",
        );
        return Err(PassFailed);
    };
    if launch.queue().is_some() && site.count > 0 {
        let b = Builder::new(created.context(), created.location());
        rewrite::set_attribute(created, WaitQueueOp::COUNT, b.int_attr(64, site.count));
    }
    Ok(())
}

/// Whether `op` is an `nvgpu.device_async_copy` whose token nothing uses:
/// upstream's form before `create_async_groups` (no group, no wait).
fn is_unguarded_cp_async(op: OperationRef) -> bool {
    Upstream::NvgpuDeviceAsyncCopy.is(op) && op.result_at(0).is_some_and(|token| ir::users(token.into()).is_empty())
}

/// The logical queue that stands for PTX's cp.async queue while the pass
/// places the groups and waits of unguarded `nvgpu.device_async_copy` ops
/// (as for any queue: a commit after each, the latest exact wait before
/// each conflict), one past every logical queue the function names; None
/// when there is no such copy, or the function groups or waits on the
/// cp.async queue by hand (then its copies are left as written).
fn cp_async_stand_in(ops: &[OperationRef]) -> Option<i64> {
    let by_hand = ops.iter().any(|op| {
        matches!(sync_state::effect(*op), QueueEffect::Commit(Queue::CpAsync) | QueueEffect::Wait { queue: Queue::CpAsync, .. })
    });
    if by_hand || !ops.iter().any(|op| is_unguarded_cp_async(*op)) {
        return None;
    }
    let mut top = -1i64;
    for &op in ops {
        if let QueueEffect::Commit(Queue::Logical(q)) | QueueEffect::Wait { queue: Queue::Logical(q), .. } = sync_state::effect(op) {
            top = top.max(q);
        }
        if async_effects::issues_queued_work(op) {
            top = top.max(asyncpipe::queue_of(op).unwrap_or(0));
        }
    }
    top.checked_add(1)
}

/// Turns the commits and waits on the stand-in `queue` into the target's:
/// `nvvm.cp.async.commit.group` and `nvvm.cp.async.wait.group k` (the
/// counts stay exact: the queue held only the cp.async copies).
fn lower_stand_in(function: OperationRef, queue: i64) {
    for op in ir::nested_ops(function) {
        if asyncpipe::named_queue(op) != Some(queue) {
            continue;
        }
        let b = Builder::new(op.context(), op.location());
        if CommitOp::is(op) {
            b.op(Upstream::NvvmCpAsyncCommitGroup.name(), &[], &[], &[], Point::Before(op));
            ir::erase(op);
        } else if WaitQueueOp::is(op) {
            let count = ir::int_attr(op, WaitQueueOp::COUNT).unwrap_or(0);
            let attributes = [(attr::WAIT_GROUP_COUNT, b.int_attr(32, count))];
            b.op(Upstream::NvvmCpAsyncWaitGroup.name(), &[], &[], &attributes, Point::Before(op));
            ir::erase(op);
        }
    }
}

/// Step 1: the unguarded groups of `ops`' async ops; errors for what cannot
/// be synchronized (before anything changes).
fn enumerate<'c, 'a>(ops: &[OperationRef<'c, 'a>], fallbacks: &[Fallback]) -> Result<Vec<Launch<'c, 'a>>, PassFailed> {
    let guarded: BTreeSet<i64> = ops
        .iter()
        .filter_map(|op| match sync_state::effect(*op) {
            QueueEffect::Commit(Queue::Logical(q)) | QueueEffect::Wait { queue: Queue::Logical(q), .. } => Some(q),
            _ => None,
        })
        .collect();
    // A fallback whose wait the function calls is synchronized by hand.
    let waited: BTreeSet<usize> = ops
        .iter()
        .filter_map(|op| ir::callee(*op))
        .flat_map(|callee| fallbacks.iter().enumerate().filter(move |(_, f)| f.wait == callee).map(|(k, _)| k))
        .collect();
    let mut varying = None;
    let mut launches = Vec::new();
    let stand_in = cp_async_stand_in(ops);
    for &op in ops {
        // The op an asyncop.start wraps is the chain's work, synchronized
        // by its done (the asyncop lowerings carry that): it is no
        // unguarded group of its own, and the start's region holds it
        // alone (a barrier placed in it broke the chain: fuzzer seed 7000).
        if op.parent_operation().is_some_and(|parent| StartOp::cast(parent).is_some()) {
            continue;
        }
        let mut found: Vec<Launch> = Vec::new();
        if let Some(k) = Fallback::of(op, fallbacks).filter(|k| !waited.contains(k)) {
            // Its memref operands, each read and written until the wait.
            let operands: Vec<_> = op.operands().filter(|v| v.r#type().is_mem_ref()).collect();
            let accesses = operands.iter().flat_map(|v| [(false, *v), (true, *v)]);
            found.push(Launch::new(op, 0, Resource::Fallback(k), accesses));
        }
        for (group, effects) in async_effects::async_effect_groups(op).unwrap_or_default().iter().enumerate() {
            // A token (or handle) that leaves the function: what completes
            // the group is done elsewhere, after accesses here may need it.
            let handle = match effects.sync {
                AsyncSync::Token(token) | AsyncSync::Queue(_, Some(token)) => Some(token),
                _ => None,
            };
            let escape = handle.and_then(|token| {
                ir::users(token).into_iter().find(|user| {
                    matches!(
                        Upstream::of(*user),
                        Some(Upstream::FuncCall | Upstream::FuncCallIndirect | Upstream::FuncReturn | Upstream::GpuReturn)
                    )
                })
            });
            if let Some(escape) = escape {
                diag::error_with_note(
                    op.location(),
                    "asyncpipe-synchronize cannot synchronize this op: what completes its async effects escapes the function, \
                     so no wait here can be placed before the accesses that need them",
                    escape.location(),
                    "it escapes here",
                );
                return Err(PassFailed);
            }
            let resource = match effects.sync {
                // Counting form (a token-form op's commit names its token).
                AsyncSync::Queue(QueueName::Logical(_) | QueueName::Enclosing, None) if op.result_count() == 0 => {
                    let Some(queue) = asyncpipe::queue_of(op) else {
                        diag::error(op.location(), "asyncpipe-synchronize: this async op names no queue and is in no commit region");
                        return Err(PassFailed);
                    };
                    if guarded.contains(&queue) {
                        continue;
                    }
                    Resource::Queue(queue)
                }
                // An nvgpu copy with no group (upstream's form before
                // create_async_groups), on the stand-in queue.
                AsyncSync::Queue(QueueName::Target, Some(_)) if is_unguarded_cp_async(op) => match stand_in {
                    Some(queue) => Resource::Queue(queue),
                    None => continue,
                },
                AsyncSync::BarrierSlot(None) => Resource::Slot,
                AsyncSync::BlockBarrier if effects.scope == AsyncScope::Block => {
                    let varying = varying.get_or_insert_with(|| thread_scope::thread_dependent(ops));
                    if let Some((around, _)) = thread_scope::divergent_ancestor(op, varying, true) {
                        diag::error_with_note(
                            op.location(),
                            "asyncpipe-synchronize cannot synchronize this op: its effects complete at the next block barrier, \
                             and it runs under control flow that depends on the thread, where a barrier would not be reached by every thread",
                            around.location(),
                            "the thread-dependent control flow",
                        );
                        return Err(PassFailed);
                    }
                    Resource::Barrier
                }
                _ => continue,
            };
            found.push(Launch::new(op, group, resource, effects.accesses.iter().map(|a| (a.write, a.value))));
        }
        if !found.is_empty() && op.next_in_block().is_none() {
            diag::error(
                op.location(),
                "asyncpipe-synchronize: this async op ends a block that has no terminator, so no wait can follow it there",
            );
            return Err(PassFailed);
        }
        launches.extend(found);
    }
    Ok(launches)
}

/// Steps 2 and 3 for barrier slots: a slot for each slot launch (None for
/// the others), by interval colouring of the live ranges in pre-order; with
/// `max` > 0, a launch that finds every slot held makes a holder wait first
/// (an error when none can).
fn assign_slots<'c, 'a>(
    ops: &[OperationRef<'c, 'a>],
    launches: &[Launch<'c, 'a>],
    placements: &mut [Option<Placement<'c, 'a>>],
    max: usize,
) -> Result<Vec<Option<i64>>, PassFailed> {
    let mut slots = vec![None; launches.len()];
    if !launches.iter().any(|l| l.resource == Resource::Slot) {
        return Ok(slots);
    }
    let position: HashMap<OpKey, usize> = ops.iter().enumerate().map(|(i, op)| (OpKey::of(*op), i)).collect();
    let at = |op: OperationRef| position.get(&OpKey::of(op)).copied().unwrap_or(usize::MAX);
    // Slots the function names by hand are taken.
    let taken: BTreeSet<i64> = ops
        .iter()
        .filter_map(|op| async_effects::async_effect_groups(*op))
        .flatten()
        .filter_map(|g| match g.sync {
            AsyncSync::BarrierSlot(Some(slot)) => Some(slot),
            _ => None,
        })
        .collect();
    let live = |k: usize, placements: &[Option<Placement>]| -> (usize, usize) {
        let p = placements[k].as_ref();
        match p.and_then(|p| p.rotated) {
            Some((loop_op, drain)) => (at(loop_op), at(drain.before)),
            None => (at(launches[k].op), p.and_then(|p| p.waits.iter().map(|w| at(w.before)).max()).unwrap_or(usize::MAX)),
        }
    };
    // Greedy colouring in order of the ranges' starts.
    let mut order: Vec<usize> = (0..launches.len()).filter(|k| launches[*k].resource == Resource::Slot).collect();
    order.sort_by_key(|k| live(*k, placements));
    let free: Vec<i64> = (0..).filter(|s| !taken.contains(s)).take(if max > 0 { max.saturating_sub(taken.len()) } else { order.len() }).collect();
    for (n, &k) in order.iter().enumerate() {
        let held = |j: usize, placements: &[Option<Placement>]| {
            let ((s, e), (start, end)) = (live(j, placements), live(k, placements));
            s < end && start < e
        };
        let busy: BTreeSet<i64> = order[..n].iter().filter(|j| held(**j, placements)).filter_map(|j| slots[*j]).collect();
        if let Some(slot) = free.iter().find(|s| !busy.contains(s)) {
            slots[k] = Some(*slot);
            continue;
        }
        // Every slot held: the oldest holder that can waits first, in its
        // own iteration: just before this launch, or the op holding it in
        // the holder's block, as long as that is before this launch's range
        // starts (a launch whose wait moved to the next iteration holds its
        // slot from its loop's start); or, for a holder whose wait moved
        // past its loop when this launch is after the loop, at the end of
        // the holder's iteration.
        let start = live(k, placements).0;
        let holder = order[..n].iter().copied().filter(|j| held(*j, placements)).find_map(|j| {
            let block = launches[j].op.block()?;
            match ir::ancestor_in(launches[k].op, block) {
                Some(there) => (at(there) > at(launches[j].op) && at(there) <= start)
                    .then(|| (j, Site { before: there, count: 0, synced: false })),
                None => placements[j].as_ref().filter(|p| p.rotated.is_some()).map(|p| (j, p.end)),
            }
        });
        match holder {
            Some((j, site)) => {
                if let Some(p) = placements[j].as_mut() {
                    p.waits = vec![site];
                    p.rotated = None;
                }
                slots[k] = slots[j];
            }
            None => {
                let holder = order[..n].iter().copied().find(|j| held(*j, placements)).map(|j| launches[j].op);
                let message = format!(
                    "asyncpipe-synchronize cannot give this op a barrier slot: all max-barriers={max} are held by effects in \
                     flight here that cannot be waited for first{}",
                    if taken.is_empty() { String::new() } else { format!(" ({} named by hand)", taken.len()) }
                );
                match holder {
                    Some(h) => diag::error_with_note(launches[k].op.location(), &message, h.location(), "a slot is held by this op"),
                    None => diag::error(launches[k].op.location(), &message),
                }
                return Err(PassFailed);
            }
        }
    }
    Ok(slots)
}

