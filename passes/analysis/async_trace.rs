//! A function's async work as it runs: the sequence of commits, waits and
//! block barriers of one thread, loops unrolled, with each group's queue,
//! what it copies into (the buffer and the version of a multi-buffered
//! one) and the wait that completes it. It is computed from the IR, by
//! running its commits and waits in program order (a queue's groups
//! complete in order, as many as each wait allows), not from annotations, so
//! it shows what the code does; `asyncpipe-timeline` draws it and `asyncpipe-explain`
//! says why each wait, buffer and barrier is there.
//!
//! Counting form: `asyncpipe.commit_queue`, `asyncpipe.commit` (with the
//! copies issued on its queue since the last one) and
//! `asyncpipe.wait_queue`; token form: `asyncpipe.commit_group` and
//! `asyncpipe.wait`. A loop runs its constant trip count, or the
//! `assumed` count when it is not constant (recorded as an assumption);
//! long loops are kept to their first [`SHOWN`] iterations and the last,
//! with a gap between.

use crate::passes::ir::positions::OpPositions;
use super::const_eval::Bindings;
use crate::passes::ir::ods::asyncop::{DoneOp, StartOp, UpdateOp};
use crate::passes::ir::ods::asyncpipe::AsyncpipeOp;
use crate::passes::ir::upstream::Upstream;
use crate::passes::ir::{self, async_effects, asyncpipe, KeyMap, OpKey, ValueKey};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, Value, ValueLike};

/// Iterations of a long loop shown before the gap (then the last).
pub const SHOWN: i64 = 3;
/// Iterations of a gap that run (a pipelined loop's steady state repeats
/// from its first iterations on); beyond them the gap is skipped, and the
/// last iteration runs in the state after them.
pub const GAP_RUN: i64 = 64;
/// Ops the walk runs in all; past them the trace stops, and says so.
pub const BUDGET: usize = 200_000;

/// Where an event happens, for the picture's phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before the first loop that holds async work.
    Prologue,
    /// In such a loop (its iteration).
    Loop(i64),
    /// After it.
    Epilogue,
}

/// One group: its queue, what its copies write, and when it completes.
#[derive(Clone, Debug)]
pub struct Group<'c, 'a> {
    pub queue: i64,
    /// Per copy: the buffer (its index in [`Trace::buffers`]) and the
    /// version (leading index of a multi-buffered buffer), when known.
    pub targets: Vec<(usize, Option<i64>)>,
    /// The event index of its commit, and of the wait that completes it.
    pub committed: usize,
    pub completed: Option<usize>,
    pub commit_op: OperationRef<'c, 'a>,
}

/// What happens, in order.
#[derive(Clone, Debug)]
pub enum Event<'c, 'a> {
    Commit { group: usize },
    /// A wait leaving at most `count` groups in flight on `queue` (token
    /// form: `count` None), with the groups it completes.
    Wait { queue: i64, count: Option<i64>, completes: Vec<usize>, op: OperationRef<'c, 'a> },
    Barrier { op: OperationRef<'c, 'a> },
    /// Iterations left out of the picture.
    Gap { iterations: i64 },
}

/// A buffer copies write: its allocation and, for a multi-buffered one, its
/// number of versions.
#[derive(Clone, Debug)]
pub struct Buffer<'c, 'a> {
    pub allocation: Value<'c, 'a>,
    pub versions: Option<i64>,
}

#[derive(Clone, Debug, Default)]
pub struct Trace<'c, 'a> {
    pub events: Vec<(Event<'c, 'a>, Phase)>,
    pub groups: Vec<Group<'c, 'a>>,
    pub buffers: Vec<Buffer<'c, 'a>>,
    /// Loops run for an assumed trip count: the loop and the count.
    pub assumed: Vec<(OperationRef<'c, 'a>, i64)>,
    /// The first loop that holds async work, and its trip count.
    pub main_loop: Option<(OperationRef<'c, 'a>, i64)>,
    /// Whether the walk stopped at [`BUDGET`] ops.
    pub truncated: bool,
}

impl<'c, 'a> Trace<'c, 'a> {
    /// The queues used, in order.
    pub fn queues(&self) -> Vec<i64> {
        let mut queues: Vec<i64> = self.groups.iter().map(|g| g.queue).collect();
        queues.sort();
        queues.dedup();
        queues
    }
}

/// The lane of asyncop chains (start to done) in a trace's queues.
pub const CHAINS: i64 = -1;
/// The lane of async tasks (`async.execute` to the await that ends it).
pub const TASKS: i64 = -2;

/// Whether `op` or an op in it does async work the trace follows.
pub fn has_async_work(op: OperationRef) -> bool {
    std::iter::once(op).chain(ir::nested_ops(op)).any(is_async_work)
}

/// Whether `op` itself is async work the trace follows.
fn is_async_work(op: OperationRef) -> bool {
    asyncpipe::is_commit(op)
        || matches!(AsyncpipeOp::of(op), Some(AsyncpipeOp::WaitQueue(_) | AsyncpipeOp::Wait(_)))
        || StartOp::is(op)
        || Upstream::AsyncExecute.is(op)
}

/// The ops under `function` that do async work or hold some, found in one
/// walk (the trace visits a loop once per iteration, and would otherwise
/// search its body each time).
fn holding_async_work(function: OperationRef) -> KeyMap<OpKey, ()> {
    let mut holding = KeyMap::default();
    ir::walk(function, &mut |op| {
        if is_async_work(op) {
            for holder in std::iter::once(op).chain(ir::ancestors(op)) {
                if holder == function || holding.insert(OpKey::of(holder), ()).is_some() {
                    break;
                }
            }
        }
    });
    holding
}

struct Walker<'c, 'a> {
    trace: Trace<'c, 'a>,
    bindings: Bindings,
    /// Per queue, the groups in flight (oldest first).
    flying: Vec<(i64, Vec<usize>)>,
    /// Copies issued since the last plain commit, per queue.
    pending: Vec<(i64, Vec<(usize, Option<i64>)>)>,
    /// Token form: the group each `commit_group` result is (and each
    /// chain's handle, each task's token and values).
    /// The latest binding wins (a loop's body rebinds its values each
    /// iteration), so a map, not a list searched from its end: a nest runs
    /// its body once per iteration and the walk must stay linear in it.
    tokens: KeyMap<ValueKey, usize>,
    /// The tasks added to each `!async.group`.
    task_groups: KeyMap<ValueKey, Vec<usize>>,
    phase: Phase,
    assumed: i64,
    budget: usize,
    /// While iterations left out of the picture run: the gap's event index,
    /// at which their commits and completions are drawn.
    gap: Option<usize>,
    /// The ops that do or hold async work ([`holding_async_work`]).
    holding: KeyMap<OpKey, ()>,
}

/// The trace of `function`'s body; loops without a constant trip count run
/// `assumed` iterations.
pub fn trace<'c, 'a>(function: OperationRef<'c, 'a>, assumed: i64) -> Trace<'c, 'a> {
    let mut walker = Walker {
        trace: Trace::default(),
        bindings: Bindings::default(),
        flying: Vec::new(),
        pending: Vec::new(),
        tokens: KeyMap::default(),
        task_groups: KeyMap::default(),
        phase: Phase::Prologue,
        assumed,
        budget: BUDGET,
        gap: None,
        holding: holding_async_work(function),
    };
    if let Some(body) = ir::region_entry(function, 0) {
        walker.block(body);
    }
    walker.trace
}

impl<'c, 'a> Walker<'c, 'a> {
    fn block(&mut self, block: BlockRef<'c, 'a>) {
        for op in ir::ops(block) {
            if self.budget == 0 {
                self.trace.truncated = true;
                return;
            }
            self.budget -= 1;
            self.op(op);
        }
    }

    fn op(&mut self, op: OperationRef<'c, 'a>) {
        if Upstream::ScfFor.is(op) {
            if self.holding.contains_key(&OpKey::of(op)) {
                self.run_loop(op);
            }
            return;
        }
        if Upstream::GpuBarrier.is(op) {
            if self.gap.is_none() {
                self.trace.events.push((Event::Barrier { op }, self.phase));
            }
            return;
        }
        // asyncop chains and async tasks: each its own group, in flight
        // from its start to its done (or await).
        if let Some(start) = StartOp::cast(op) {
            let group = self.commit(CHAINS, Vec::new(), op);
            self.tokens.insert(ValueKey::of(start.handle()), group);
            return;
        }
        if let Some(update) = UpdateOp::cast(op) {
            if let Some(group) = self.token_group(update.handle()) {
                self.tokens.insert(ValueKey::of(update.result()), group);
            }
            return;
        }
        if let Some(done) = DoneOp::cast(op) {
            if let Some(group) = self.token_group(done.handle()) {
                self.complete(&[group], CHAINS, op);
            }
            return;
        }
        match Upstream::of(op) {
            Some(Upstream::AsyncExecute) => {
                let group = self.commit(TASKS, Vec::new(), op);
                for result in op.results() {
                    self.tokens.insert(ValueKey::of(Value::from(result)), group);
                }
                return;
            }
            Some(Upstream::AsyncAddToGroup) => {
                if let (Some(group), Ok(set)) = (op.operand_at(0).and_then(|v| self.token_group(v)), op.operand(1)) {
                    self.task_groups.entry(ValueKey::of(set)).or_default().push(group);
                }
                return;
            }
            Some(Upstream::AsyncAwait) => {
                if let Some(group) = op.operand_at(0).and_then(|v| self.token_group(v)) {
                    self.complete(&[group], TASKS, op);
                }
                return;
            }
            Some(Upstream::AsyncAwaitAll) => {
                if let Ok(set) = op.operand(0) {
                    let members: Vec<usize> = self.task_groups.get(&ValueKey::of(set)).cloned().unwrap_or_default();
                    self.complete(&members, TASKS, op);
                }
                return;
            }
            _ => {}
        }
        match AsyncpipeOp::of(op) {
            Some(AsyncpipeOp::CommitQueue(commit)) => {
                // Waits in the region come first (a stage that consumes one
                // queue's groups and produces another's).
                if let Some(block) = ir::region_entry(op, 0) {
                    self.block(block);
                }
                let queue = asyncpipe::named_queue(op).unwrap_or(0);
                let written: Vec<Value> = ir::nested_ops(commit.operation()).into_iter().filter_map(written).collect();
                let targets = written.into_iter().map(|value| self.target(value)).collect();
                self.commit(queue, targets, op);
            }
            Some(AsyncpipeOp::Copy(_) | AsyncpipeOp::Mma(_)) => {
                if let (Some(queue), Some(value)) = (asyncpipe::named_queue(op), written(op)) {
                    let target = self.target(value);
                    match self.pending.iter_mut().find(|(q, _)| *q == queue) {
                        Some((_, list)) => list.push(target),
                        None => self.pending.push((queue, vec![target])),
                    }
                }
            }
            Some(AsyncpipeOp::Commit(_)) => {
                let queue = asyncpipe::named_queue(op).unwrap_or(0);
                let targets = self.pending.iter_mut().find(|(q, _)| *q == queue).map(|(_, l)| std::mem::take(l)).unwrap_or_default();
                self.commit(queue, targets, op);
            }
            Some(AsyncpipeOp::CommitGroup(_)) => {
                let queue = asyncpipe::named_queue(op).unwrap_or(0);
                let written: Vec<Value> =
                    (0..op.operand_count()).filter_map(|i| op.operand_at(i)).filter_map(ir::defining_op).filter_map(written).collect();
                let targets: Vec<(usize, Option<i64>)> = written.into_iter().map(|value| self.target(value)).collect();
                let group = self.commit(queue, targets, op);
                if let Ok(result) = op.result(0) {
                    self.tokens.insert(ValueKey::of(Value::from(result)), group);
                }
            }
            Some(AsyncpipeOp::WaitQueue(wait)) => {
                let queue = wait.queue().unwrap_or(0);
                let count = wait.dynamic_count().and_then(|v| self.bindings.eval(v)).or_else(|| wait.count()).map(|c| c.max(0));
                self.wait(queue, count.unwrap_or(0), op);
            }
            Some(AsyncpipeOp::Wait(_)) => {
                // Token form: the awaited group (and, on its queue, every
                // older one: groups complete in order).
                let Some(group) = op.operand_at(0).and_then(|v| self.token_group(v)) else {
                    return;
                };
                let queue = self.trace.groups[group].queue;
                // A queue's list is in commit order (ascending): the newer
                // groups are its tail.
                let newer = self.flying.iter().find(|(q, _)| *q == queue).map(|(_, l)| l.len() - l.partition_point(|g| *g <= group)).unwrap_or(0);
                self.wait_for(queue, newer as i64, None, op);
            }
            _ => {
                // Other ops with regions (scf.if, async scopes): their first
                // region, as one path.
                if op.region_count() > 0 && self.holding.contains_key(&OpKey::of(op)) {
                    if let Some(block) = ir::region_entry(op, 0) {
                        self.block(block);
                    }
                }
            }
        }
    }

    fn run_loop(&mut self, op: OperationRef<'c, 'a>) {
        let Some(body) = ir::region_entry(op, 0) else { return };
        let Ok(iv) = body.argument(0) else { return };
        let (lb, step) = match (op.operand_at(0).and_then(ir::constant_int), op.operand_at(2).and_then(ir::constant_int)) {
            (Some(lb), Some(step)) if step > 0 => (lb, step),
            _ => (0, 1),
        };
        let trips = match ir::static_trip_count(op) {
            Some(n) => n,
            None => {
                self.trace.assumed.push((op, self.assumed));
                self.assumed
            }
        };
        let outer = self.phase;
        let main = self.trace.main_loop.is_none() && outer == Phase::Prologue;
        if main {
            self.trace.main_loop = Some((op, trips));
        }
        let mut k = 0;
        while k < trips {
            if self.budget == 0 {
                self.trace.truncated = true;
                break;
            }
            // Past the gap's first iterations, on to the last one.
            if trips > SHOWN + 1 && k == SHOWN + GAP_RUN && k < trips - 1 {
                k = trips - 1;
            }
            let shown = trips <= SHOWN + 1 || k < SHOWN || k == trips - 1;
            if main {
                self.phase = Phase::Loop(k);
            }
            // A long loop: the first iterations and the last, the rest one gap.
            if trips > SHOWN + 1 && k == SHOWN && self.gap.is_none() {
                self.trace.events.push((Event::Gap { iterations: trips - SHOWN - 1 }, self.phase));
            }
            self.bindings.bind_iteration(iv.into(), lb, k, step);
            // Run it either way (the queues' state must advance); in the
            // gap, its commits and completions are drawn at the gap.
            let outer_gap = self.gap;
            if !shown && self.gap.is_none() {
                self.gap = self.trace.events.iter().rposition(|(e, _)| matches!(e, Event::Gap { .. }));
            }
            self.block(body);
            self.gap = outer_gap;
            k += 1;
        }
        if main {
            self.phase = Phase::Epilogue;
        } else {
            self.phase = outer;
        }
    }

    /// The buffer and version a copy into `dest` writes: the allocation at
    /// the root of its chain of subviews, and, when a subview applied to a
    /// multi-buffered root (leading dimension above 1) takes one slice of
    /// that dimension, the slice's index.
    fn target(&mut self, dest: Value<'c, 'a>) -> (usize, Option<i64>) {
        use crate::passes::ir::slices::{Mixed, Slice};
        let mut value = dest;
        let mut version = None;
        while let Some(subview) = ir::defining_op(value).filter(|d| Upstream::MemrefSubview.is(*d)) {
            let Ok(source) = subview.operand(0) else { break };
            let source_is_root = ir::defining_op(source).filter(|d| Upstream::MemrefSubview.is(*d)).is_none();
            if source_is_root && ir::shape(source.r#type()).first().is_some_and(|n| *n > 1) {
                if let Some((_, slice)) = Slice::of(subview) {
                    let one = matches!(slice.sizes.first(), Some(Mixed::Static(1)));
                    version = match slice.offsets.first() {
                        Some(Mixed::Static(c)) if one => Some(*c),
                        Some(Mixed::Dynamic(v)) if one => self.bindings.eval(*v),
                        _ => None,
                    };
                }
            }
            value = source;
        }
        let allocation = value;
        let key = ValueKey::of(allocation);
        let index = match self.trace.buffers.iter().position(|b| ValueKey::of(b.allocation) == key) {
            Some(i) => i,
            None => {
                let versions = ir::shape(allocation.r#type()).first().copied().filter(|_| version.is_some());
                self.trace.buffers.push(Buffer { allocation, versions });
                self.trace.buffers.len() - 1
            }
        };
        if version.is_some() && self.trace.buffers[index].versions.is_none() {
            self.trace.buffers[index].versions = ir::shape(allocation.r#type()).first().copied();
        }
        (index, version)
    }

    fn commit(&mut self, queue: i64, targets: Vec<(usize, Option<i64>)>, op: OperationRef<'c, 'a>) -> usize {
        let group = self.trace.groups.len();
        let committed = self.gap.unwrap_or(self.trace.events.len());
        self.trace.groups.push(Group { queue, targets, committed, completed: None, commit_op: op });
        match self.flying.iter_mut().find(|(q, _)| *q == queue) {
            Some((_, list)) => list.push(group),
            None => self.flying.push((queue, vec![group])),
        }
        if self.gap.is_none() {
            self.trace.events.push((Event::Commit { group }, self.phase));
        }
        group
    }

    /// The group a token, handle or task value stands for.
    fn token_group(&self, value: Value<'c, 'a>) -> Option<usize> {
        self.tokens.get(&ValueKey::of(value)).copied()
    }

    /// Completes exactly `groups` (a done, an await) on `queue`'s lane.
    fn complete(&mut self, groups: &[usize], queue: i64, op: OperationRef<'c, 'a>) {
        let index = self.gap.unwrap_or(self.trace.events.len());
        let mut completes = Vec::new();
        if let Some((_, list)) = self.flying.iter_mut().find(|(q, _)| *q == queue) {
            list.retain(|g| !groups.contains(g));
        }
        for g in groups {
            if self.trace.groups[*g].completed.is_none() {
                self.trace.groups[*g].completed = Some(index);
                completes.push(*g);
            }
        }
        if self.gap.is_none() {
            self.trace.events.push((Event::Wait { queue, count: None, completes, op }, self.phase));
        }
    }

    fn wait(&mut self, queue: i64, count: i64, op: OperationRef<'c, 'a>) {
        self.wait_for(queue, count, Some(count), op);
    }

    /// Completes all but the newest `keep` groups of `queue`.
    fn wait_for(&mut self, queue: i64, keep: i64, count: Option<i64>, op: OperationRef<'c, 'a>) {
        let index = self.gap.unwrap_or(self.trace.events.len());
        let mut completes = Vec::new();
        if let Some((_, list)) = self.flying.iter_mut().find(|(q, _)| *q == queue) {
            let keep = usize::try_from(keep.max(0)).unwrap_or(usize::MAX).min(list.len());
            let done: Vec<usize> = list.drain(..list.len() - keep).collect();
            for g in &done {
                self.trace.groups[*g].completed = Some(index);
            }
            completes = done;
        }
        if self.gap.is_none() {
            self.trace.events.push((Event::Wait { queue, count, completes, op }, self.phase));
        }
    }
}

/// What a copy or an MMA a group holds writes, as AsyncEffectOpInterface
/// reports it (a copy's destination, an MMA's accumulator): the buffer a
/// timeline group names. None for other ops (an async_scope's group is
/// named by no buffer).
fn written<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
    if !matches!(AsyncpipeOp::of(op), Some(AsyncpipeOp::Copy(_) | AsyncpipeOp::Mma(_))) {
        return None;
    }
    async_effects::async_effect_groups(op)?.into_iter().flat_map(|group| group.accesses).find(|effect| effect.write).map(|effect| effect.value)
}
