//! Where `asyncpipe-synchronize` puts each launch's waits (its steps 4
//! and 5): the walk down a block to the first conflicting op (per buffer,
//! per version of a multi-buffered buffer, through loops it can count and
//! into the branches of an `scf.if`), the move into later iterations with
//! the drain after the loop, and whether a loop's own waits already cover a
//! launch before it. Nothing here changes the IR; `synchronize.rs` builds
//! what this decides.

use crate::passes::ir::positions::OpPositions;
use super::Fallback;
use crate::passes::analysis::effects::{self, Root};
use crate::passes::analysis::sync_state;
use crate::passes::analysis::version_slices;
use crate::passes::ir::async_effects;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, asyncpipe, OpKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, TypeLike, Value, ValueLike};
use std::collections::{BTreeSet, HashMap, HashSet};

/// The sync resource a launch is synchronized on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Resource {
    /// A logical queue: commit after, counted wait.
    Queue(i64),
    /// A barrier slot the pass assigns: init, wait once, fill.
    Slot,
    /// The next block barrier.
    Barrier,
    /// A fallback call's wait function (index into the option's list).
    Fallback(usize),
}

/// One unguarded group of an async op: its resource, the buffers it reads
/// and writes until it completes, whether one of them may be any buffer,
/// and the commit inserted after it (a queue's).
pub(super) struct Launch<'c, 'a> {
    pub(super) op: OperationRef<'c, 'a>,
    pub(super) group: usize,
    pub(super) resource: Resource,
    pub(super) reads: Vec<Root>,
    pub(super) writes: Vec<Root>,
    pub(super) aliased: bool,
    /// Each buffer it accesses, with the versions ([`version_slices`]).
    pub(super) rows: Vec<(Root, Option<version_slices::Rows<'c, 'a>>)>,
    pub(super) commit: Option<OperationRef<'c, 'a>>,
}

impl<'c, 'a> Launch<'c, 'a> {
    /// Group `group` of `op`, on `resource`, with its `accesses` (whether
    /// each writes, and the memref).
    pub(super) fn new(
        op: OperationRef<'c, 'a>,
        group: usize,
        resource: Resource,
        accesses: impl IntoIterator<Item = (bool, Value<'c, 'a>)>,
    ) -> Self {
        let mut launch =
            Launch { op, group, resource, reads: Vec::new(), writes: Vec::new(), aliased: false, rows: Vec::new(), commit: None };
        for (write, value) in accesses {
            launch.aliased |= aliased(value);
            let root = effects::root(value);
            launch.rows.push((root, version_slices::rows(value)));
            if write { launch.writes.push(root) } else { launch.reads.push(root) }
        }
        launch
    }

    pub(super) fn queue(&self) -> Option<i64> {
        match self.resource {
            Resource::Queue(q) => Some(q),
            _ => None,
        }
    }
}

/// Where a wait goes: before `before`, allowing `count` groups of its
/// queue in flight (a queue's); none when a `doesSync` op already there
/// completes the group (`synced`: a block barrier).
#[derive(Clone, Copy)]
pub(super) struct Site<'c, 'a> {
    pub(super) before: OperationRef<'c, 'a>,
    pub(super) count: i64,
    pub(super) synced: bool,
}

/// A launch's waits: one on each path through its block (several where a
/// conflict inside an `scf.if` sinks the wait into both branches), or
/// (rotated) one at the top of the next iteration of `loop_op` and a drain
/// after it; `end` is the end of the iteration, where a rotated launch
/// waits when it cannot be filled.
pub(super) struct Placement<'c, 'a> {
    pub(super) waits: Vec<Site<'c, 'a>>,
    pub(super) rotated: Option<(OperationRef<'c, 'a>, Site<'c, 'a>)>,
    pub(super) end: Site<'c, 'a>,
}

/// Where `launch`'s waits go (steps 4 and 5).
pub(super) fn place<'c, 'a>(
    launch: &Launch<'c, 'a>,
    commits: &HashSet<OpKey>,
    launched: &HashSet<OpKey>,
    fallbacks: &[Fallback],
    facts: &mut HashMap<OpKey, OpFacts>,
) -> Placement<'c, 'a> {
    let from = launch.commit.unwrap_or(launch.op);
    let mut scan = Scan { launch, commits, launched, fallbacks, facts, synced: false, work: false, shift: None, at: None };
    let (stop, count) = scan.run(from.next_in_block(), None, 0);
    let Stop::End(end) = stop else {
        let synced = scan.synced;
        let waits = scan.sink(stop, count, synced);
        return Placement { end: waits[0], waits, rotated: None };
    };
    let here = |stop: Stop<'c, 'a>, count, synced| {
        let site = Site { before: stop.op(), count, synced };
        Placement { waits: vec![site], rotated: None, end: site }
    };
    let body = launch.op.block();
    let loop_op = body.and_then(|b| b.parent_operation()).filter(|p| Upstream::of(*p) == Some(Upstream::ScfFor));
    let (Some(body), Some(loop_op)) = (body, loop_op) else {
        return here(stop, count, false);
    };
    // The next iterations, up to the first conflict (at the latest the
    // launch itself, for a resource that must be waited on before it is
    // launched again): worth it when there is work to overlap before it. A
    // queue's groups may stay in flight across several iterations (its
    // wait counts the commits between); the others' across one.
    let distance = if launch.queue().is_some() { MAX_DISTANCE } else { 1 };
    let until = if launch.queue().is_some() { None } else { Some(OpKey::of(launch.op)) };
    let (mut top, mut top_count, mut top_synced, mut top_work) = (Stop::End(end), count, false, false);
    let mut depth = 1;
    for d in 1..=distance {
        scan.shift = Some((loop_op, d));
        let (stop, c) = scan.run(body.first_operation(), until, top_count);
        (top, top_count, top_synced, top_work, depth) = (stop, c, scan.synced, top_work || scan.work, d);
        if !matches!(stop, Stop::End(_)) {
            break;
        }
    }
    if let Stop::End(_) = top {
        // No conflict within the distance: wait before the launch in the
        // next iteration.
        scan.shift = Some((loop_op, 1));
        (top, top_count) = scan.run(body.first_operation(), Some(OpKey::of(launch.op)), count);
        depth = 1;
    }
    // After the loop, the groups of its last `depth` iterations may be in
    // flight: with a static trip count, the versions they wrote are known.
    scan.shift = None;
    scan.at = ir::static_bounds(loop_op).zip(ir::static_trip_count(loop_op)).and_then(|((lower, _, step), trips)| {
        let values: Option<Vec<i64>> = (trips.saturating_sub(depth).max(0)..trips)
            .map(|j| step.checked_mul(j).and_then(|v| v.checked_add(lower)))
            .collect();
        values.map(|v| (loop_op, v))
    });
    let (drain, drain_count) = scan.run(loop_op.next_in_block(), None, count);
    scan.at = None;
    let end = Site { before: end, count, synced: false };
    if !top_work && !top_synced {
        return Placement { waits: vec![end], rotated: None, end };
    }
    Placement {
        waits: vec![Site { before: top.op(), count: top_count, synced: top_synced }],
        rotated: Some((loop_op, Site { before: drain.op(), count: drain_count, synced: scan.synced })),
        end,
    }
}

/// Iterations a queue's group may stay in flight past its loop iteration
/// (the pipeliner's deeper distances are its own).
pub(super) const MAX_DISTANCE: i64 = 8;

/// Where a scan stopped: before a conflicting op, or at its block's
/// terminator.
#[derive(Clone, Copy)]
pub(super) enum Stop<'c, 'a> {
    At(OperationRef<'c, 'a>),
    End(OperationRef<'c, 'a>),
}

impl<'c, 'a> Stop<'c, 'a> {
    /// The op the wait goes before.
    pub(super) fn op(self) -> OperationRef<'c, 'a> {
        match self {
            Stop::At(op) | Stop::End(op) => op,
        }
    }
}

/// A walk down a block for one launch's wait.
pub(super) struct Scan<'s, 'c, 'a> {
    pub(super) launch: &'s Launch<'c, 'a>,
    pub(super) commits: &'s HashSet<OpKey>,
    pub(super) launched: &'s HashSet<OpKey>,
    pub(super) fallbacks: &'s [Fallback],
    pub(super) facts: &'s mut HashMap<OpKey, OpFacts>,
    /// A `doesSync` op (a block barrier already there) was passed.
    pub(super) synced: bool,
    /// Work was passed in the last run.
    pub(super) work: bool,
    /// In the last run, the loop whose next iteration is scanned (the
    /// launch's accesses are compared one step of its counter earlier).
    pub(super) shift: Option<(OperationRef<'c, 'a>, i64)>,
    /// In the last run, after the loop: the counter values of the
    /// iterations whose groups may still be in flight (the launch's
    /// versions are compared at each).
    pub(super) at: Option<(OperationRef<'c, 'a>, Vec<i64>)>,
}

impl<'c, 'a> Scan<'_, 'c, 'a> {
    /// Whether, in the iterations of `loop_op` (entered with `count`
    /// groups committed after the launch's), a wait in `inner` (its op and
    /// count) completes the launch's group before anything conflicts with
    /// it, the iterations walked in order (up to the trip count and
    /// [`MAX_DISTANCE`]) with the counter's value in each: a wait whose
    /// count leaves fewer groups in flight than were committed since.
    pub(super) fn covered(&mut self, loop_op: OperationRef<'c, 'a>, mut count: i64, inner: &HashMap<OpKey, i64>) -> bool {
        let launch = self.launch;
        let Some(body) = loop_op.region_at(0).and_then(|r| r.first_block()) else { return false };
        let Some((lower, _, step)) = ir::static_bounds(loop_op) else { return false };
        let trips = ir::static_trip_count(loop_op).unwrap_or(0).min(MAX_DISTANCE + 1);
        let covered = 'walk: {
            for d in 0..trips {
                let Some(value) = step.checked_mul(d).and_then(|s| s.checked_add(lower)) else { break 'walk false };
                self.at = Some((loop_op, vec![value]));
                for op in ir::ops(body) {
                    let key = OpKey::of(op);
                    if inner.get(&key).is_some_and(|c| *c <= count) {
                        break 'walk true;
                    }
                    if op.next_in_block().is_none() {
                        break;
                    }
                    if self.commits.contains(&key) {
                        if asyncpipe::named_queue(op) == launch.queue() {
                            count = count.saturating_add(1);
                        }
                    } else if self.conflicts(op, false) {
                        break 'walk false;
                    }
                }
            }
            false
        };
        self.at = None;
        covered
    }

    /// The groups an `scf.for` with a static trip count commits on queue
    /// `q`: the trip count times the commits the pass put directly in its
    /// body (after the launches there); None when it commits otherwise (in
    /// a nested region, by hand) or its trip count is not known.
    pub(super) fn commits_through(&self, op: OperationRef, q: i64) -> Option<i64> {
        if Upstream::of(op) != Some(Upstream::ScfFor) {
            return None;
        }
        let trips = ir::static_trip_count(op)?;
        let body = op.region_at(0)?.first_block()?;
        let mut per_iteration = 0i64;
        for o in ir::ops(body) {
            if self.commits.contains(&OpKey::of(o)) {
                per_iteration += i64::from(asyncpipe::named_queue(o) == Some(q));
                continue;
            }
            let launched = self.launched.contains(&OpKey::of(o)) && o.region_count() == 0;
            let nested = std::iter::once(o).chain(ir::nested_ops(o));
            if !launched && nested.into_iter().any(|n| asyncpipe::is_commit(n) || async_effects::issues_queued_work(n)) {
                return None;
            }
        }
        per_iteration.checked_mul(trips)
    }

    /// The waits for a scan that stopped at `stop`: there, or, when it is an
    /// `scf.if` with both branches whose conflict is inside (no work or
    /// commit on the launch's queue in it), in each branch before its first
    /// conflict (or at its end): one wait on each path, later on those that
    /// do not conflict. Not for a block barrier, whose wait every thread
    /// must reach.
    pub(super) fn sink(&mut self, stop: Stop<'c, 'a>, count: i64, synced: bool) -> Vec<Site<'c, 'a>> {
        let op = stop.op();
        let branches: Vec<_> = (0..2).filter_map(|r| op.region_at(r).and_then(|r| r.first_block())).collect();
        let inside = self.facts.get(&OpKey::of(op)).is_some_and(|f| {
            !f.aliased && !self.launch.queue().is_some_and(|q| f.queues.contains(&q)) && f.access.is_some()
        });
        let sinkable = matches!(stop, Stop::At(_))
            && !synced
            && Upstream::of(op) == Some(Upstream::ScfIf)
            && branches.len() == 2
            && inside
            && self.launch.resource != Resource::Barrier;
        if !sinkable {
            return vec![Site { before: op, count, synced }];
        }
        let mut sites = Vec::new();
        for branch in branches {
            let (stop, count) = self.run(branch.first_operation(), None, count);
            let synced = self.synced;
            sites.extend(self.sink(stop, count, synced));
        }
        sites
    }

    /// The facts of `op`, gathered once.
    fn facts_of(&mut self, op: OperationRef) -> &OpFacts {
        let (launched, fallbacks) = (self.launched, self.fallbacks);
        self.facts.entry(OpKey::of(op)).or_insert_with(|| OpFacts::of(op, launched, fallbacks))
    }

    /// Whether the launch's wait must precede `op` ([`stops`]; a loop on
    /// its queue `counted_through`): versions are compared at the counter
    /// values of [`Self::at`], else [`Self::shift`] iterations apart.
    fn conflicts(&mut self, op: OperationRef<'c, 'a>, counted_through: bool) -> bool {
        let launch = self.launch;
        let roots = match stops(self.facts_of(op), launch, counted_through) {
            Conflict::No => return false,
            Conflict::Yes => return true,
            Conflict::On(roots) => roots,
        };
        let apart = match &self.at {
            Some((loop_op, values)) => values.iter().all(|value| {
                versions_apart_by(op, launch, &roots, |theirs, mine| version_slices::apart_at(theirs, mine, *loop_op, *value))
            }),
            None => versions_apart(op, launch, &roots, self.shift),
        };
        !apart
    }

    /// From `next` on, stopping at `until` or at the first op the wait must
    /// precede; counts the launch queue's commits passed from `count`.
    pub(super) fn run(&mut self, mut next: Option<OperationRef<'c, 'a>>, until: Option<OpKey>, mut count: i64) -> (Stop<'c, 'a>, i64) {
        let launch = self.launch;
        self.work = false;
        self.synced = false;
        let mut last = launch.op;
        while let Some(op) = next {
            last = op;
            let key = OpKey::of(op);
            if op.next_in_block().is_none() {
                return (Stop::End(op), count); // the end of an iteration or of the function
            }
            if Some(key) == until {
                return (Stop::At(op), count);
            }
            if self.commits.contains(&key) {
                if launch.queue().is_some() && asyncpipe::named_queue(op) == launch.queue() {
                    count = count.saturating_add(1);
                }
            } else if launch.resource == Resource::Barrier && async_effects::sync::does_sync(launch.op, launch.group, op) {
                self.synced = true;
                return (Stop::At(op), count);
            } else {
                let facts = self.facts_of(op);
                let (work, queued) = (facts.work, launch.queue().filter(|q| facts.queues.contains(q)));
                // A loop that commits on the queue: counted through when
                // its commits are known (the wait then allows them too).
                let through = queued.and_then(|q| self.commits_through(op, q));
                if self.conflicts(op, through.is_some()) {
                    return (Stop::At(op), count);
                }
                count = count.saturating_add(through.unwrap_or(0));
                self.work |= work;
            }
            next = op.next_in_block();
        }
        // (Every launch has an op after it in its block: enumerate.)
        (Stop::End(last), count)
    }
}

/// What the wait placement needs to know of an op (and the ops in it),
/// gathered once however many launches look past it.
pub(super) struct OpFacts {
    /// The queues of the async work and commits in it (not counting a
    /// launch's own work, whose commit follows it and is counted).
    pub(super) queues: BTreeSet<i64>,
    /// Whether it touches a memref, and one that may be any buffer.
    pub(super) memrefs: bool,
    pub(super) aliased: bool,
    /// Commits and waits (which declare "any memory" only to keep their
    /// place) and views touch no memory.
    pub(super) quiet: bool,
    /// The buffers it reads and writes; None when not known.
    pub(super) access: Option<(Vec<Root>, Vec<Root>)>,
    /// Whether it is work a wait could overlap: it touches memory or holds
    /// a region (index arithmetic and views are not worth moving a wait).
    pub(super) work: bool,
}

impl OpFacts {
    pub(super) fn of(op: OperationRef, launched: &HashSet<OpKey>, fallbacks: &[Fallback]) -> Self {
        let mut facts =
            OpFacts { queues: BTreeSet::new(), memrefs: false, aliased: false, quiet: false, access: None, work: false };
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
        facts.work = !facts.quiet && (op.region_count() > 0 || !matches!(ir::memory_effects(op), Some(e) if e.is_empty()));
        facts.access = access_within(op);
        // A fallback call's effects are its memref operands (a call is
        // otherwise unknown).
        if Fallback::of(op, fallbacks).is_some() {
            let roots: Vec<Root> = op.operands().filter(|v| v.r#type().is_mem_ref()).map(effects::root).collect();
            facts.access = Some((roots.clone(), roots));
        }
        facts
    }
}

/// Whether the wait for `launch` must come before an op with these facts:
/// it (or an op in it) has async work or commits on the queue (its groups
/// could not be counted), unknown effects, a buffer that may be any (a
/// memref a region op yields or carries), or touches what the launch
/// writes, or writes what it reads.
pub(super) fn stops(facts: &OpFacts, launch: &Launch, counted_through: bool) -> Conflict {
    if (launch.queue().is_some_and(|q| facts.queues.contains(&q)) && !counted_through) || facts.aliased {
        return Conflict::Yes;
    }
    if facts.quiet {
        return Conflict::No;
    }
    let Some((reads, writes)) = &facts.access else { return Conflict::Yes };
    if launch.aliased {
        return if facts.memrefs && (!reads.is_empty() || !writes.is_empty()) { Conflict::Yes } else { Conflict::No };
    }
    let mut roots: Vec<Root> = reads.iter().filter(|r| launch.writes.contains(r)).copied().collect();
    roots.extend(writes.iter().filter(|w| launch.writes.contains(w) || launch.reads.contains(w)));
    if roots.is_empty() { Conflict::No } else { Conflict::On(roots) }
}

/// Whether an op conflicts with a launch: not, certainly, or on these
/// buffers unless their versions are apart.
pub(super) enum Conflict {
    No,
    Yes,
    On(Vec<Root>),
}

/// Whether every access of `op` (and the ops in it) to the buffers `roots`
/// touches other versions ([`version_slices`]) than every access of
/// `launch` to them, `shift` iterations of that loop later (None: the same
/// iteration).
pub(super) fn versions_apart(op: OperationRef, launch: &Launch, roots: &[Root], shift: Option<(OperationRef, i64)>) -> bool {
    versions_apart_by(op, launch, roots, |theirs, mine| version_slices::apart(theirs, mine, shift))
}

/// [`versions_apart`] with the comparison of two accesses' rows given.
pub(super) fn versions_apart_by(
    op: OperationRef,
    launch: &Launch,
    roots: &[Root],
    apart: impl Fn(&version_slices::Rows, &version_slices::Rows) -> bool,
) -> bool {
    let theirs: Vec<_> = launch.rows.iter().filter(|(r, _)| roots.contains(r)).collect();
    std::iter::once(op).chain(ir::nested_ops(op)).filter(|o| !effects::is_view(*o)).all(|o| {
        o.operands().filter(|v| v.r#type().is_mem_ref() && roots.contains(&effects::root(*v))).all(|v| {
            let Some(mine) = version_slices::rows(v) else { return false };
            let root = effects::root(v);
            theirs.iter().filter(|(r, _)| *r == root).all(|(_, rows)| rows.as_ref().is_some_and(|rows| apart(rows, &mine)))
        })
    })
}

/// The buffers `op` (and the ops in it) reads and writes; None when not
/// known. Through `scf.for` and `scf.if`, the ops inside are asked one by
/// one, so the commits and waits in a loop (which declare "any memory" only
/// to keep their place) and views do not make it unknown.
pub(super) fn access_within(op: OperationRef) -> Option<(Vec<Root>, Vec<Root>)> {
    let structured = matches!(Upstream::of(op), Some(Upstream::ScfFor | Upstream::ScfIf));
    if !structured {
        let access = effects::access(op);
        return access.reads.zip(access.writes);
    }
    let mut all = effects::Access::none();
    for o in ir::nested_ops(op) {
        let quiet = sync_state::orders_only(o) || effects::is_view(o);
        // (A nested loop's or if's ops are in the walk; a buffer allocated
        // inside `op` is no launch's before it.)
        let structure = matches!(Upstream::of(o), Some(Upstream::ScfFor | Upstream::ScfIf | Upstream::ScfYield));
        if !quiet && !structure {
            all.merge(&effects::access(o));
        }
    }
    all.reads.zip(all.writes)
}

/// Whether `value`'s buffer may be any of several: the chain of views
/// starts at a memref that a region op yields or at a block argument of a
/// region (a loop-carried buffer), which roots cannot tell apart.
fn aliased(value: Value) -> bool {
    let start = effects::root_value(value);
    ir::defining_op(start).is_some_and(|op| op.region_count() > 0)
        || ir::argument_owner(start).is_some_and(|block| block.parent_operation().is_some_and(|p| !ir::is_function(p)))
}
