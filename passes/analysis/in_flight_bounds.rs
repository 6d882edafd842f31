//! Upper bounds on the number of groups in flight per queue, on every path:
//! the analysis behind `asyncpipe-optimize-waits`.
//!
//! A commit raises the bound of its queue by one; a wait for at most `N`
//! lowers it to `N`; paths join with the maximum (a queue with no bound on
//! some path has none). Loops with a static trip count are simulated, with
//! conditions on the induction variable evaluated, until a steady state; other
//! loops and unknown region ops iterate `H = join(entry, body(H))`, widening a
//! bound that keeps growing to "none". Function bodies start with no bound,
//! and a call forgets every bound (it may commit).
//!
//! The result, per wait, is the largest bound seen just before it over every
//! visit: if that is at most the wait's count, the wait can never block. The
//! same is recorded for commits (when they commit) and counting-form copies:
//! how many older groups may still be in flight when a group is filled, which
//! sizes `asyncpipe-to-nvgpu`'s mbarrier rings.
//!
//! Cost: bounds count up to [`CAP`] and then read "more than CAP", so a
//! queue's bound takes at most `CAP + 2` values, and each loop (or other
//! region op) is analyzed once per entry state and binding of the branches
//! inside it, and replayed from a memo after: a nest of loops whose every
//! level commits costs the sum of its levels, not their product.

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::upstream::Upstream;
use super::const_eval::{self, visit_if, Bindings, Cycle};
use super::symbolic::Affine;
use crate::passes::ir::asyncpipe::queue_of;
use crate::passes::ir::ods::asyncpipe::{AsyncpipeOp, CopyOp};
use crate::passes::ir::{self, OpKey, ValueKey};
use super::sync_state::{effect, Queue, QueueEffect};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, RegionLike, Value};
use std::collections::{BTreeMap, HashMap};

/// Iterations simulated for a loop with a static trip count.
const SIMULATION_BUDGET: i64 = 256;

/// What the analysis knows of the groups in flight on an op's queue just
/// before the op (for a commit: when it commits), over every visit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No path reaches the op (a loop that runs no iteration, a branch
    /// never taken): it never runs.
    Unreached,
    /// Some visit had no bound.
    Unbounded,
    /// At most this many on every visit.
    AtMost(i64),
    /// On some visit, more than this many ([`CAP`]) may be in flight: no
    /// smaller bound is known.
    Over(i64),
}

/// The largest bound counted exactly; past it a bound is "more than CAP"
/// ([`Bound::Over`]). Above `asyncpipe-to-nvgpu`'s largest ring
/// (`nvgpu_lowering::bulk::MAX_RING`, which asserts it), so that every
/// ring it can build is sized exactly; a wait for at most CAP or more groups
/// is never removed as never blocking past it.
pub const CAP: i64 = 4096;

/// [`CAP`] exceeded.
const OVER: i64 = CAP + 1;

/// The bound before each wait, commit and counting-form copy.
#[derive(Default)]
pub struct Bounds(HashMap<OpKey, Option<i64>>, Option<OpKey>);

/// Ops the analysis may visit per function: a nest of loops simulated
/// iteration by iteration (14 levels of 3 trips: 4.8 million iterations)
/// would otherwise run for minutes. Past it every bound is unknown, which
/// is always safe (a wait is kept, a bulk queue's ring is not sized), and
/// [`Bounds::exhausted`] says so, so that a pass can tell the user why.
const STEP_BUDGET: u64 = 2_000_000;

impl Bounds {
    /// The function in which the analysis stopped at its budget
    /// ([`STEP_BUDGET`]), if it did: then every op is [`Bound::Unbounded`].
    pub fn exhausted(&self) -> Option<OpKey> {
        self.1
    }

    pub fn before(&self, op: OperationRef) -> Bound {
        if self.1.is_some() {
            return Bound::Unbounded;
        }
        match self.0.get(&OpKey::of(op)) {
            None => Bound::Unreached,
            Some(None) => Bound::Unbounded,
            Some(Some(bound)) if *bound > CAP => Bound::Over(CAP),
            Some(Some(bound)) => Bound::AtMost(*bound),
        }
    }
}

/// Analyzes every function under `root`, each from a state with no bounds
/// (a function may be called with groups in flight).
pub fn analyze(root: OperationRef) -> Bounds {
    let mut analysis = Analysis::default();
    for function in ir::functions(root) {
        let mut state = InFlightBounds::default();
        analysis.steps = 0;
        analysis.regions(function, &mut state);
        if analysis.steps >= STEP_BUDGET {
            analysis.bounds.1.get_or_insert(OpKey::of(function));
        }
    }
    analysis.bounds
}

/// Analyzes one function from the bounds `entry` holds at its start (for a
/// kernel: nothing in flight on the queues it owns).
pub fn analyze_function(function: OperationRef, entry: InFlightBounds) -> Bounds {
    let mut analysis = Analysis::default();
    let mut state = entry;
    analysis.regions(function, &mut state);
    analysis.bounds.1 = (analysis.steps >= STEP_BUDGET).then(|| OpKey::of(function));
    analysis.bounds
}

#[derive(Default)]
struct Analysis {
    bounds: Bounds,
    bindings: Bindings,
    /// Ops visited in the function so far ([`STEP_BUDGET`]).
    steps: u64,
    /// The state each region op left, by the state it started from and the
    /// bindings its branches read. A replay records nothing: the first run
    /// from the same entry recorded the same bounds.
    memo: ir::KeyMap<MemoKey, InFlightBounds>,
    /// Per region op, [`const_eval::condition_inputs`] of its nested ops.
    condition_inputs: HashMap<OpKey, std::rc::Rc<Vec<ValueKey>>>,
}

/// Entries the memo holds before it starts over (memory stays bounded when
/// keys keep changing, as with branches on every loop's induction).
const MEMO_LIMIT: usize = 1 << 16;

#[derive(PartialEq, Eq, Hash)]
struct MemoKey {
    op: OpKey,
    entry: InFlightBounds,
    bindings: Vec<(ValueKey, Affine)>,
}

impl Analysis {
    /// Joins `bound` into what is recorded for `op`.
    fn record(&mut self, op: OperationRef, bound: Option<i64>) {
        let seen = self.bounds.0.entry(OpKey::of(op)).or_insert(bound);
        *seen = match (*seen, bound) {
            (Some(a), Some(b)) => Some(a.max(b)),
            _ => None,
        };
    }
}

/// Known upper bounds on the number of groups in flight per queue; a queue
/// that is absent has no known bound.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct InFlightBounds(BTreeMap<Queue, i64>);

impl InFlightBounds {
    pub fn get(&self, queue: Queue) -> Option<i64> {
        self.0.get(&queue).copied()
    }

    /// After a wait for at most `count` groups on `queue` (a count past
    /// [`CAP`] reads "more than CAP").
    pub fn wait(&mut self, queue: Queue, count: i64) {
        let bound = self.get(queue).map_or(count, |b| b.min(count)).min(OVER);
        self.0.insert(queue, bound);
    }

    /// After one more group is committed to `queue` ("more than CAP" stays
    /// so).
    pub fn commit(&mut self, queue: Queue) {
        if let Some(bound) = self.0.get_mut(&queue) {
            *bound = (*bound + 1).min(OVER);
        }
    }

    /// Forget every bound.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The queues with a bound, and their bounds.
    pub fn known(&self) -> impl Iterator<Item = (Queue, i64)> + '_ {
        self.0.iter().map(|(q, b)| (*q, *b))
    }
}

/// The join of two paths: the larger bound; none if either has none.
fn join(a: &InFlightBounds, b: &InFlightBounds) -> InFlightBounds {
    let mut joined = InFlightBounds::default();
    for (queue, _) in a.known() {
        if let (Some(x), Some(y)) = (a.get(queue), b.get(queue)) {
            joined.wait(queue, x.max(y));
        }
    }
    joined
}

/// `join`, but a bound that grew since `previous` is dropped (widening).
fn widen(previous: &InFlightBounds, next: &InFlightBounds) -> InFlightBounds {
    let joined = join(previous, next);
    let mut widened = InFlightBounds::default();
    for (queue, _) in joined.known() {
        if let (Some(old), Some(new)) = (previous.get(queue), joined.get(queue)) {
            if new <= old {
                widened.wait(queue, new);
            }
        }
    }
    widened
}

impl Analysis {
    fn regions(&mut self, op: OperationRef, state: &mut InFlightBounds) {
        for region in op.regions() {
            let mut block = region.first_block();
            let multiple = block.and_then(|b| b.next_in_region()).is_some();
            if multiple {
                // An unstructured CFG: nothing is known at its blocks.
                state.clear();
            }
            while let Some(b) = block {
                if multiple {
                    let mut s = InFlightBounds::default();
                    self.block(b, &mut s);
                } else {
                    self.block(b, state);
                }
                block = b.next_in_region();
            }
            if multiple {
                state.clear();
            }
        }
    }

    fn block(&mut self, block: BlockRef, state: &mut InFlightBounds) {
        for op in ir::ops(block) {
            self.op(op, state);
        }
    }

    fn op(&mut self, op: OperationRef, state: &mut InFlightBounds) {
        if self.steps >= STEP_BUDGET {
            return;
        }
        self.steps += 1;
        let name = ir::op_name(op);
        match Upstream::named(name) {
            Some(Upstream::ScfFor) => return self.memoized(op, state, Self::for_loop),
            Some(Upstream::ScfIf) => return self.if_op(op, state),
            Some(Upstream::FuncFunc | Upstream::GpuFunc) => return,
            _ => {}
        }
        let effect = effect(op);
        match effect {
            QueueEffect::Wait { queue, count } => {
                self.record(op, state.get(queue));
                if let Some(count) = count {
                    state.wait(queue, count);
                }
                return;
            }
            QueueEffect::Opaque => state.clear(),
            _ => {}
        }
        if CopyOp::is(op) && op.result_count() == 0 {
            if let Some(queue) = queue_of(op) {
                self.record(op, state.get(Queue::Logical(queue)));
            }
        }
        if op.region_count() > 0 {
            let in_place = matches!(
                AsyncpipeOp::of(op),
                Some(AsyncpipeOp::CommitQueue(_) | AsyncpipeOp::CommitGroup(_) | AsyncpipeOp::AsyncScope(_))
            );
            if in_place || name == Upstream::ScfExecuteRegion.name() {
                self.regions(op, state); // run once, in place
            } else {
                // Unknown region op (scf.while, scf.parallel, ...): its regions
                // may run any number of times.
                self.memoized(op, state, Self::any_times);
            }
        }
        if let QueueEffect::Commit(queue) = effect {
            self.record(op, state.get(queue));
            state.commit(queue);
        }
    }

    /// `analyze` on region op `op`, or the state it left when it last ran
    /// from the same entry with the same bindings of its branches.
    fn memoized(&mut self, op: OperationRef, state: &mut InFlightBounds, analyze: fn(&mut Self, OperationRef, &mut InFlightBounds)) {
        let inputs = self
            .condition_inputs
            .entry(OpKey::of(op))
            .or_insert_with(|| std::rc::Rc::new(const_eval::condition_inputs(&ir::nested_ops(op))))
            .clone();
        // Keying walks the bindings the key holds: count them as work.
        self.steps += inputs.len() as u64;
        let key = MemoKey { op: OpKey::of(op), entry: state.clone(), bindings: self.bindings.snapshot_of(&inputs) };
        if let Some(exit) = self.memo.get(&key) {
            *state = exit.clone();
            return;
        }
        analyze(self, op, state);
        // Past the budget the states are not what a full run gives.
        if self.steps < STEP_BUDGET {
            if self.memo.len() >= MEMO_LIMIT {
                self.memo.clear();
            }
            self.memo.insert(key, state.clone());
        }
    }

    /// Regions that may run any number of times.
    fn any_times(&mut self, op: OperationRef, state: &mut InFlightBounds) {
        let entry = state.clone();
        *state = fixpoint(&entry, |h| {
            let mut y = h.clone();
            self.regions(op, &mut y);
            y
        });
    }

    fn if_op(&mut self, op: OperationRef, state: &mut InFlightBounds) {
        let taken = self.bindings.taken_branch(op);
        visit_if(op, taken, state, &mut |block, s| self.block(block, s), |a, b| *a = join(a, b));
    }

    fn for_loop(&mut self, op: OperationRef, state: &mut InFlightBounds) {
        let Some(body) = op.region_at(0).and_then(|r| r.first_block()) else { return };
        let induction: Value = body.argument(0).unwrap().into();
        if let (Some(trips), Some((lb, _, step))) = (ir::static_trip_count(op), ir::static_bounds(op)) {
            // Once the state at the top of an iteration repeats an earlier
            // one, the rest of the loop repeats that cycle (unless a branch
            // depends on the induction variable): the state after `trips`
            // iterations is the one at its place in the cycle, and every
            // bound recorded inside was recorded in the cycle already.
            let periodic = !self.bindings.depends_on_induction(body, induction, lb);
            let mut cycle = Cycle::new();
            let mut x = state.clone();
            for k in 0..trips.min(SIMULATION_BUDGET) {
                if periodic && cycle.repeats(&x) {
                    *state = cycle.state_at(&x, trips as u64);
                    return;
                }
                self.bindings.bind_iteration(induction, lb, k, step);
                self.block(body, &mut x);
                self.bindings.unbind(induction);
            }
            if trips <= SIMULATION_BUDGET {
                *state = x;
                return;
            }
        }
        // Zero or more iterations (a static trip count past the budget runs
        // at least once, but "zero or more" is a safe over-approximation).
        let entry = state.clone();
        *state = fixpoint(&entry, |h| {
            let mut y = h.clone();
            self.block(body, &mut y);
            y
        });
    }
}

/// Rounds of plain joins before a bound that still grows is dropped: enough
/// for bounds that settle after a few iterations (a wait in the body).
const ROUNDS_BEFORE_WIDENING: usize = 4;

/// The least `H` above `entry` with `body(H)` below `H`: the state at the top
/// of a loop that may run any number of times.
fn fixpoint(entry: &InFlightBounds, mut body: impl FnMut(&InFlightBounds) -> InFlightBounds) -> InFlightBounds {
    let mut h = entry.clone();
    for round in 0.. {
        let joined = join(entry, &body(&h));
        let joined = join(&h, &joined);
        let next = if round < ROUNDS_BEFORE_WIDENING { joined } else { widen(&h, &joined) };
        if next == h {
            return h;
        }
        h = next;
    }
    unreachable!()
}

