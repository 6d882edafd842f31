//! In-flight distance analysis: for every token wait, how many groups are
//! committed to the awaited group's hardware queue after it, at least, on
//! every path that reaches the wait.
//!
//! Groups on one hardware queue complete in FIFO order. If at least `d` groups
//! were committed to queue `H` after group `g` on every path to a wait, then
//! "wait until at most `d` groups are in flight on `H`" completes `g`, and no
//! larger count does on the path where exactly `d` were committed. So the
//! largest safe count of a wait is the minimum, over its groups and over the
//! paths reaching it, of that distance; this analysis computes it.
//!
//! The abstract state maps each group- or token-typed SSA value to its
//! distance per hardware queue (a value may come from different queues on
//! different paths). A commit adds one to every distance on its queue; joins
//! take the minimum. Loops:
//! - dynamic trip count (which may be zero), `scf.while`, and region ops the
//!   analysis does not know: Kleene iteration of `H = min(H, body(H))` from
//!   the entry state, which is exactly the minimum over every iteration count;
//! - static trip count `T`: the iterations are simulated (exact), stopping
//!   early at a steady state (`body(x) = x`) or when the state grows by the
//!   same amount every iteration, which is then extrapolated to `T`
//!   ("trip count times the per-iteration minimum"). Past a simulation budget
//!   without either, the dynamic fixpoint is used: still safe.
//!
//! Region ops inside a loop are summarized once per shape of what flows in:
//! a distance is a [`Bound`], the minimum of a constant and of the entry
//! distances of the op's live-ins plus offsets (commits add one to every
//! part, joins take the minimum part by part), so the summary computed with
//! the live-ins as variables serves every entry and composes through any
//! nesting: a wait on a group committed outside a nest of `n` loops costs
//! `n` summaries, not the product of the trip counts.
//!
//! Assumptions at boundaries: a group or token that enters a function as an
//! argument, or is returned by a call or an op the analysis does not know, was
//! committed at an unknown point: its distance is 0. Calls are assumed to
//! commit nothing; if they do commit, the true distances only grow, so the
//! counts stay safe. Paths are taken as feasible (conditions are not
//! evaluated).

use crate::passes::ir::positions::OpPositions;
use crate::passes::ir::upstream::{self, Upstream};
use super::const_eval::Bindings;
use super::symbolic::Affine;
use crate::passes::ir::asyncpipe::{is_group_type, is_token_type};
use crate::passes::ir::ods::asyncpipe::{AsyncpipeOp, CommitGroupOp, CommitQueueOp};
use crate::passes::ir::{self, OpKey, TypeKey, ValueKey};
use super::sync_state::{self, Queue, QueueEffect};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, RegionLike, Type, ValueLike};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

mod control;

use control::{apply_state, instantiated_waits, unknown};

/// How logical asyncpipe queues map onto hardware queues.
#[derive(Clone, Debug, Default)]
pub struct QueueMap {
    /// Logical queues share one hardware queue (PTX's cp.async queue)...
    pub single: bool,
    /// ...except these, which keep hardware of their own (the mbarrier rings
    /// of `asyncpipe-to-nvgpu`'s bulk queues).
    pub separate: BTreeSet<i64>,
    /// Logical queues merged onto another (`asyncpipe-synchronize`'s
    /// `max-queues`): queue -> the queue it shares.
    pub merged: BTreeMap<i64, i64>,
}

impl QueueMap {
    /// Every logical queue on one hardware queue.
    pub fn single() -> Self {
        Self { single: true, ..Self::default() }
    }

    /// The number of the shared hardware queue: the smallest one that is not
    /// kept separate, so that the two kinds never meet on one number.
    pub fn shared(&self) -> i64 {
        (0..).find(|q| !self.separate.contains(q)).expect("finitely many separate queues")
    }

    pub fn hardware(&self, queue: Queue) -> Queue {
        match queue {
            Queue::Logical(q) if self.single && !self.separate.contains(&q) => Queue::Logical(self.shared()),
            Queue::Logical(q) if self.merged.contains_key(&q) => Queue::Logical(self.merged[&q]),
            other => other,
        }
    }
}

/// Why a value's commit point is unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnknownOrigin {
    FunctionArgument,
    CallResult,
    OpaqueResult,
}

impl UnknownOrigin {
    pub fn describe(self) -> &'static str {
        match self {
            UnknownOrigin::FunctionArgument => "a function argument (its commit point is unknown)",
            UnknownOrigin::CallResult => "the result of a call (its commit point is unknown)",
            UnknownOrigin::OpaqueResult => "the result of an op the analysis does not model",
        }
    }
}

/// What is known of one SSA value of group or token type.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Distance {
    /// Per hardware queue the group may be on: the minimum number of groups
    /// committed to that queue after it.
    pub queues: QueueDistances,
    /// Set when, on some path, the value's commit point is unknown.
    pub unknown: Option<UnknownOrigin>,
    /// Set when, on some path, the value is an async op's token that no
    /// group committed: the raw address of the producing op.
    pub uncommitted: Option<OpKey>,
}

impl Distance {
    fn group(queue: Queue) -> Self {
        Self { queues: QueueDistances::one(queue, Bound::constant(0)), ..Self::default() }
    }

    fn join(&mut self, other: &Distance) {
        for (queue, d) in other.queues.iter() {
            self.queues.join_min(*queue, d);
        }
        self.unknown = self.unknown.or(other.unknown);
        self.uncommitted = self.uncommitted.or(other.uncommitted);
    }
}

/// A variable of a [`Bound`]: the distance, on one queue, that one live-in
/// of a summarized region op had when the op was entered.
pub type Var = u64;

/// A lower bound on a distance: `min(constant, min_i(var_i + offset_i))`.
/// With no variables it is a number (the function level is always so); the
/// variables appear while a region op is summarized for every entry
/// ([`Analysis::summarized`]). `i64::MAX` as the constant stands for no
/// constant part (counts saturate there, which keeps them lower bounds).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bound {
    constant: i64,
    /// Sorted by variable, one offset each.
    terms: Vec<(Var, i64)>,
}

impl Bound {
    pub fn constant(d: i64) -> Self {
        Bound { constant: d, terms: Vec::new() }
    }

    fn var(var: Var) -> Self {
        Bound { constant: i64::MAX, terms: vec![(var, 0)] }
    }

    /// The number, when no variable is left.
    pub fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// `n` more groups committed after the value on every path.
    fn add(&mut self, n: i64) {
        self.constant = self.constant.saturating_add(n);
        for (_, offset) in &mut self.terms {
            *offset = offset.saturating_add(n);
        }
    }

    /// The smaller of the two, part by part (a join of paths).
    fn min(&mut self, other: &Bound) {
        self.constant = self.constant.min(other.constant);
        for &(var, offset) in &other.terms {
            match self.terms.binary_search_by_key(&var, |t| t.0) {
                Ok(i) => self.terms[i].1 = self.terms[i].1.min(offset),
                Err(i) => self.terms.insert(i, (var, offset)),
            }
        }
    }

    /// `self - previous` part by part, when both have the same parts.
    fn delta(&self, previous: &Bound) -> Option<Vec<i64>> {
        if (self.constant == i64::MAX) != (previous.constant == i64::MAX) || self.terms.len() != previous.terms.len() {
            return None;
        }
        let mut delta = vec![self.constant.saturating_sub(previous.constant)];
        for (a, b) in self.terms.iter().zip(&previous.terms) {
            if a.0 != b.0 {
                return None;
            }
            delta.push(a.1.saturating_sub(b.1));
        }
        Some(delta)
    }

    /// Each part grown `times` times by its `delta`.
    fn advance(&mut self, delta: &[i64], times: i64) {
        let grow = |value: &mut i64, by: i64| *value = value.saturating_add(by.saturating_mul(times));
        grow(&mut self.constant, delta.first().copied().unwrap_or(0));
        for ((_, offset), by) in self.terms.iter_mut().zip(delta.iter().skip(1)) {
            grow(offset, *by);
        }
    }

    /// The bound with each variable replaced by what `env` says it is (a
    /// variable `env` does not know stays).
    fn substitute(&self, env: &dyn Fn(Var) -> Option<Bound>) -> Bound {
        let mut result = Bound::constant(self.constant);
        for &(var, offset) in &self.terms {
            let mut value = env(var).unwrap_or_else(|| Bound::var(var));
            value.add(offset);
            result.min(&value);
        }
        result
    }
}

/// Per queue, a distance, sorted by queue. A value is on one queue, or a few
/// after joins; the states that hold these are copied at every loop
/// iteration the analysis simulates, so one queue is held inline and only
/// more spill to the heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum QueueDistances {
    /// None or one queue.
    Inline(Option<(Queue, Bound)>),
    /// Two or more queues.
    Spilled(Vec<(Queue, Bound)>),
}

impl Default for QueueDistances {
    fn default() -> Self {
        QueueDistances::Inline(None)
    }
}

impl QueueDistances {
    fn one(queue: Queue, d: Bound) -> Self {
        QueueDistances::Inline(Some((queue, d)))
    }

    fn as_slice(&self) -> &[(Queue, Bound)] {
        match self {
            QueueDistances::Inline(one) => one.as_slice(),
            QueueDistances::Spilled(many) => many,
        }
    }

    fn as_mut_slice(&mut self) -> &mut [(Queue, Bound)] {
        match self {
            QueueDistances::Inline(one) => one.as_mut_slice(),
            QueueDistances::Spilled(many) => many,
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &(Queue, Bound)> {
        self.as_slice().iter()
    }

    fn iter_mut(&mut self) -> impl Iterator<Item = &mut (Queue, Bound)> {
        self.as_mut_slice().iter_mut()
    }

    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    pub fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    fn get_mut(&mut self, queue: &Queue) -> Option<&mut Bound> {
        self.iter_mut().find(|(q, _)| q == queue).map(|(_, d)| d)
    }

    /// The smaller of the two distances on `queue`.
    fn join_min(&mut self, queue: Queue, d: &Bound) {
        if let Some(mine) = self.get_mut(&queue) {
            mine.min(d);
            return;
        }
        match self {
            QueueDistances::Inline(None) => *self = QueueDistances::one(queue, d.clone()),
            QueueDistances::Inline(Some(first)) => {
                let mut many = vec![first.clone(), (queue, d.clone())];
                many.sort_by_key(|(q, _)| *q);
                *self = QueueDistances::Spilled(many);
            }
            QueueDistances::Spilled(many) => {
                let i = many.partition_point(|(q, _)| *q < queue);
                many.insert(i, (queue, d.clone()));
            }
        }
    }
}

type Key = ValueKey;

/// The abstract state at one program point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State(SortedMap<Key, Distance>);

/// A map as a sorted vector: the states hold a handful of values per
/// function and are copied at every loop iteration the analysis simulates,
/// where one allocation beats a tree's many. Iterates in key order, like
/// the BTreeMap it replaces.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SortedMap<K, V>(Vec<(K, V)>);

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<K: Ord + Copy, V> SortedMap<K, V> {
    fn get(&self, key: &K) -> Option<&V> {
        self.0.binary_search_by(|(k, _)| k.cmp(key)).ok().map(|i| &self.0[i].1)
    }

    fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        self.0.binary_search_by(|(k, _)| k.cmp(key)).ok().map(|i| &mut self.0[i].1)
    }

    fn insert(&mut self, key: K, value: V) {
        match self.0.binary_search_by(|(k, _)| k.cmp(&key)) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (key, value)),
        }
    }

    fn remove(&mut self, key: &K) -> Option<V> {
        self.0.binary_search_by(|(k, _)| k.cmp(key)).ok().map(|i| self.0.remove(i).1)
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    fn iter_mut(&mut self) -> impl Iterator<Item = (&K, &mut V)> {
        self.0.iter_mut().map(|(k, v)| (&*k, v))
    }

    fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.0.iter_mut().map(|(_, v)| v)
    }
}

impl State {
    fn set(&mut self, key: Key, value: Distance) {
        self.0.insert(key, value);
    }

    fn commit(&mut self, queue: Queue) {
        for distance in self.0.values_mut() {
            if let Some(d) = distance.queues.get_mut(&queue) {
                d.add(1); // a lower bound: saturating keeps it one
            }
        }
    }

    fn join(&mut self, other: &State) {
        for (key, value) in other.0.iter() {
            match self.0.get_mut(key) {
                Some(mine) => mine.join(value),
                None => {
                    self.0.insert(*key, value.clone());
                }
            }
        }
    }

    /// `self - previous` per (value, queue), part by part, when both have
    /// the same shape.
    fn delta(&self, previous: &State) -> Option<BTreeMap<(Key, Queue), Vec<i64>>> {
        if self.0.len() != previous.0.len() {
            return None;
        }
        let mut delta = BTreeMap::new();
        for ((k1, a), (k2, b)) in self.0.iter().zip(previous.0.iter()) {
            if k1 != k2 || a.unknown != b.unknown || a.uncommitted != b.uncommitted || a.queues.len() != b.queues.len() {
                return None;
            }
            for ((q1, d1), (q2, d2)) in a.queues.iter().zip(b.queues.iter()) {
                if q1 != q2 {
                    return None;
                }
                delta.insert((*k1, *q1), d1.delta(d2)?);
            }
        }
        Some(delta)
    }

    fn advance(&mut self, delta: &BTreeMap<(Key, Queue), Vec<i64>>, times: i64) {
        for (key, distance) in self.0.iter_mut() {
            for (queue, d) in distance.queues.iter_mut().map(|e| (&e.0, &mut e.1)) {
                if let Some(growth) = delta.get(&(*key, *queue)) {
                    d.advance(growth, times);
                }
            }
        }
    }
}

/// What the analysis found for one wait.
#[derive(Clone, Debug, Default)]
pub struct WaitResult {
    /// Per hardware queue, the largest safe in-flight count (min over paths
    /// and over the awaited values on that queue).
    pub counts: BTreeMap<Queue, i64>,
    /// Some awaited value has an unknown commit point on some path.
    pub unknown: Option<UnknownOrigin>,
    /// Some awaited value is an uncommitted token on some path (its producer).
    pub uncommitted: Option<OpKey>,
}

/// The results for every token wait under the analyzed op.
#[derive(Debug, Default)]
pub struct InFlight {
    pub waits: ir::KeyMap<OpKey, WaitResult>,
    /// Every hardware queue something commits to.
    pub queues: std::collections::BTreeSet<Queue>,
}

impl InFlight {
    /// The result for a wait op (None if the wait was unreachable).
    pub fn wait(&self, op: OperationRef) -> Option<&WaitResult> {
        self.waits.get(&OpKey::of(op))
    }
}

/// Iterations simulated for a loop with a static trip count before falling
/// back to the (safe) fixpoint.
const SIMULATION_BUDGET: i64 = 512;

/// Ops visited per function past which loops are no longer simulated
/// iteration by iteration but joined over every trip count (the fixpoint,
/// whose distances are lower bounds, so the counts stay safe, only
/// smaller). Summaries make nests cost their depth, except where branches
/// read the induction variables of every level (each binding is another
/// summary): without this, such a nest ran for minutes (a fuzzer finding).
const STEP_BUDGET: u64 = 2_000_000;

/// The analysis, one function-like op at a time. Functions are independent
/// (each body starts from an empty state), so a caller may run one
/// `Analyzer` per thread on disjoint sets of functions (doing its own work on
/// each function while it is in cache) and [`InFlight::merge`] the results.
pub struct Analyzer<'q>(Analysis<'q>);

impl<'q> Analyzer<'q> {
    pub fn new(queues: &'q QueueMap) -> Self {
        Self(Analysis {
            queues,
            result: InFlight::default(),
            tracked_types: Vec::new(),
            bindings: Bindings::default(),
            region_ops: ir::KeyMap::default(),
            summaries: ir::KeyMap::default(),
            open: 0,
            repeated: 0,
            next_var: 0,
            recorders: Vec::new(),
            steps: 0,
        })
    }

    /// Analyzes one function-like op (its body starts from an empty state).
    pub fn function(&mut self, op: OperationRef) {
        self.0.function(op);
    }

    pub fn finish(self) -> InFlight {
        self.0.result
    }
}

impl InFlight {
    /// The results of disjoint sets of functions, as one.
    pub fn merge(parts: impl IntoIterator<Item = InFlight>) -> InFlight {
        let mut result = InFlight::default();
        for part in parts {
            result.waits.extend(part.waits);
            result.queues.extend(part.queues);
        }
        result
    }
}

struct Analysis<'q> {
    queues: &'q QueueMap,
    result: InFlight,
    /// The few types seen, and whether they are group or token types.
    tracked_types: Vec<(TypeKey, bool)>,
    /// Induction variables of the loop iterations being simulated.
    bindings: Bindings,
    /// What each region op analyzed so far reads, defines and commits to.
    region_ops: ir::KeyMap<OpKey, Rc<RegionOpInfo>>,
    /// The effects of region ops already analyzed, by what they depend on.
    summaries: ir::KeyMap<SummaryKey, Rc<Summary>>,
    /// How many summarized region ops are being analyzed (numbers their
    /// probes).
    open: usize,
    /// How many regions around the current op the analysis may go through
    /// more than once (loop bodies, multi-block regions): outside all of
    /// them an op is visited once, and a summary would never be used.
    repeated: usize,
    /// The first variable no summary has numbered yet.
    next_var: Var,
    /// Ops visited in the function so far ([`STEP_BUDGET`]).
    steps: u64,
    /// Per summary being computed (innermost last), what its waits saw, in
    /// its variables; with none open, waits go to [`Self::result`].
    recorders: Vec<ir::KeyMap<OpKey, WaitBounds>>,
}

/// What a region op (`scf.for`, `scf.while`, an op the analysis does not
/// know) reads and defines, from one walk of it.
struct RegionOpInfo {
    /// Tracked values it or an op inside it uses that are defined outside.
    live_ins: Vec<Key>,
    /// Tracked values defined inside it (block arguments, results of ops
    /// inside) and its own results, sorted.
    defined: Vec<Key>,
    /// The hardware queues something inside it commits to.
    queues: Vec<Queue>,
    /// The values the conditions of the `scf.if`s inside it are computed
    /// from (the block arguments and region op results their backward
    /// slices start at), sorted: the bindings of the loops around that the
    /// branches taken may depend on.
    condition_inputs: Vec<Key>,
}

/// What a region op's effect on the state depends on: the op, the shape of
/// its live-ins' distances (which queues, which flags; the numbers are the
/// summary's variables), and the bindings its branches may read.
#[derive(PartialEq, Eq, Hash)]
struct SummaryKey {
    op: OpKey,
    live_ins: Vec<Option<Shape>>,
    bindings: Vec<(ValueKey, Affine)>,
}

/// A distance but for its numbers.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Shape {
    queues: Vec<Queue>,
    unknown: Option<UnknownOrigin>,
    uncommitted: Option<OpKey>,
}

impl Shape {
    fn of(distance: &Distance) -> Self {
        Shape {
            queues: distance.queues.iter().map(|(q, _)| *q).collect(),
            unknown: distance.unknown,
            uncommitted: distance.uncommitted,
        }
    }
}

/// A region op's effect on the state, for every entry of one [`Shape`]:
/// the live-ins' distances on their queues are the variables `base`,
/// `base + 1`, ... in order. A value defined outside the op only has
/// commits added after it, and the minimum over paths of `d + c` is `d` plus
/// the minimum of `c`: every such value's distance on queue `q` grows by the
/// same `shift` on `q` (a probe value, at distance 0 on every queue the op
/// commits to, measures it). The values defined inside it, and what the
/// waits inside see, are bounds in the variables.
struct Summary {
    base: Var,
    shift: Distance,
    defined: Vec<Option<Distance>>,
    waits: Vec<(OpKey, WaitBounds)>,
}

/// What one wait saw: per hardware queue, a bound on the distance of the
/// awaited values (the minimum over them and over paths).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct WaitBounds {
    counts: BTreeMap<Queue, Bound>,
    unknown: Option<UnknownOrigin>,
    uncommitted: Option<OpKey>,
}

impl WaitBounds {
    /// The smaller bound on `queue`.
    fn min_on(&mut self, queue: Queue, bound: &Bound) {
        match self.counts.get_mut(&queue) {
            Some(mine) => mine.min(bound),
            None => {
                self.counts.insert(queue, bound.clone());
            }
        }
    }

    fn join(&mut self, other: &WaitBounds) {
        for (queue, bound) in &other.counts {
            self.min_on(*queue, bound);
        }
        self.unknown = self.unknown.or(other.unknown);
        self.uncommitted = self.uncommitted.or(other.uncommitted);
    }

    fn substitute(&self, env: &dyn Fn(Var) -> Option<Bound>) -> WaitBounds {
        WaitBounds {
            counts: self.counts.iter().map(|(q, b)| (*q, b.substitute(env))).collect(),
            unknown: self.unknown,
            uncommitted: self.uncommitted,
        }
    }
}

impl Distance {
    fn substitute(&self, env: &dyn Fn(Var) -> Option<Bound>) -> Distance {
        let mut queues = QueueDistances::default();
        for (queue, bound) in self.queues.iter() {
            queues.join_min(*queue, &bound.substitute(env));
        }
        Distance { queues, unknown: self.unknown, uncommitted: self.uncommitted }
    }
}

fn raw_key<'c, V: ValueLike<'c>>(value: V) -> Key {
    ValueKey::of(value)
}

impl Analysis<'_> {
    /// A function body starts from an empty state; its group and token
    /// arguments have unknown commit points.
    fn function(&mut self, op: OperationRef) {
        self.steps = 0;
        let Some(entry) = op.region_at(0).and_then(|r| r.first_block()) else { return };
        let mut state = State::default();
        for i in 0..entry.argument_count() {
            let argument = entry.argument(i).unwrap();
            if self.is_tracked(argument.r#type()) {
                state.set(raw_key(argument), unknown(UnknownOrigin::FunctionArgument));
            }
        }
        self.region_blocks(op, 0, &mut state);
    }

    fn is_tracked(&mut self, ty: Type) -> bool {
        let key = TypeKey::of(ty);
        if let Some((_, tracked)) = self.tracked_types.iter().find(|(k, _)| *k == key) {
            return *tracked;
        }
        let tracked = is_group_type(ty) || is_token_type(ty) || upstream::is_nvgpu_token_type(ty);
        self.tracked_types.push((key, tracked));
        tracked
    }

    /// Runs the blocks of region `index` of `op` in order. A multi-block
    /// region is iterated to a fixpoint where every block starts from the join
    /// of all states seen (safe for any control flow between them).
    fn region_blocks(&mut self, op: OperationRef, index: usize, state: &mut State) {
        let Ok(region) = op.region(index) else { return };
        let blocks: Vec<BlockRef> = std::iter::successors(region.first_block(), |b| b.next_in_region()).collect();
        match blocks.as_slice() {
            [] => {}
            [single] => self.block(*single, state),
            _ => {
                self.repeated += 1;
                let mut join = state.clone();
                loop {
                    let before = join.clone();
                    for block in &blocks {
                        let mut s = join.clone();
                        for i in 0..block.argument_count() {
                            let argument = block.argument(i).unwrap();
                            if block != &blocks[0] && self.is_tracked(argument.r#type()) {
                                s.set(raw_key(argument), unknown(UnknownOrigin::OpaqueResult));
                            }
                        }
                        self.block(*block, &mut s);
                        join.join(&s);
                    }
                    if join == before {
                        break;
                    }
                }
                self.repeated -= 1;
                *state = join;
            }
        }
    }

    fn block(&mut self, block: BlockRef, state: &mut State) {
        for op in ir::ops(block) {
            self.op(op, state);
        }
    }

    fn op(&mut self, op: OperationRef, state: &mut State) {
        self.steps += 1;
        let name = ir::op_name(op);
        let typed = AsyncpipeOp::of_named(op, name);
        let upstream = if typed.is_some() { None } else { Upstream::named(name) };
        let effect = sync_state::effect_of(op, typed, upstream);
        if let QueueEffect::Commit(queue) = effect {
            // A group's region runs before it commits, waits included (a
            // commit_group in region form is the token form of commit_queue).
            if CommitQueueOp::is(op) || CommitGroupOp::cast(op).is_some_and(|c| c.tokens().next().is_none()) {
                self.region_blocks(op, 0, state);
            }
            let queue = self.queues.hardware(queue);
            self.result.queues.insert(queue);
            state.commit(queue);
            // (Count first: melior's `result` prints the whole op into the
            // error of a missing result, which made every commit cost the
            // size of the module around it.)
            if let Some(group) = (op.result_count() > 0).then(|| op.result_at(0)).flatten() {
                state.set(raw_key(group), Distance::group(queue));
            }
            return;
        }
        if matches!(typed, Some(AsyncpipeOp::Copy(_) | AsyncpipeOp::Mma(_) | AsyncpipeOp::AsyncScope(_)))
            || upstream == Some(Upstream::NvgpuDeviceAsyncCopy)
        {
            if let Some(result) = (op.result_count() > 0).then(|| op.result_at(0)).flatten() {
                state.set(raw_key(result), Distance { uncommitted: Some(OpKey::of(op)), ..Distance::default() });
            }
            return; // async_scope bodies hold no synchronization
        }
        if let Some(AsyncpipeOp::Completed(completed)) = typed {
            // Complete before anything: no queue can hold it in flight.
            state.set(raw_key(completed.group()), Distance::default());
            return;
        }
        if matches!(typed, Some(AsyncpipeOp::Wait(_))) || upstream == Some(Upstream::NvgpuDeviceAsyncWait) {
            self.record_wait(op, state);
            return;
        }
        match upstream {
            Some(Upstream::ScfFor) => return self.summarized(op, state, Self::for_loop),
            Some(Upstream::ScfIf) => return self.if_op(op, state),
            Some(Upstream::ScfWhile) => return self.summarized(op, state, Self::while_loop),
            Some(Upstream::FuncFunc | Upstream::GpuFunc) => return, // analyzed on their own
            _ => {}
        }
        if op.region_count() > 0 {
            self.summarized(op, state, Self::opaque_region_op);
        }
        let origin = if effect == QueueEffect::Opaque {
            UnknownOrigin::CallResult
        } else {
            UnknownOrigin::OpaqueResult
        };
        for result in op.results() {
            if self.is_tracked(result.r#type()) {
                state.set(raw_key(result), unknown(origin));
            }
        }
    }

    /// Runs `analyze` on region op `op` where it runs once (outside every
    /// loop); elsewhere applies its summary for the live-ins' shape,
    /// computing it first if no earlier visit did. Without summaries, a
    /// nest of loops costs the product of the iterations each level
    /// simulates: exponential in the depth. With summaries keyed by the
    /// exact entry distances, a wait on a group committed outside a nest
    /// whose every level commits still was (each visit saw another
    /// distance); keyed by the shape, each region op is analyzed once per
    /// shape and binding of its branches.
    fn summarized(&mut self, op: OperationRef, state: &mut State, analyze: fn(&mut Self, OperationRef, &mut State)) {
        if self.repeated == 0 {
            self.repeated += 1;
            analyze(self, op, state);
            self.repeated -= 1;
            return;
        }
        let info = self.region_op_info(op);
        let key = SummaryKey {
            op: OpKey::of(op),
            live_ins: info.live_ins.iter().map(|k| state.0.get(k).map(Shape::of)).collect(),
            bindings: self.bindings.snapshot_of(&info.condition_inputs),
        };
        let summary = match self.summaries.get(&key) {
            Some(summary) => summary.clone(),
            None => {
                let summary = Rc::new(self.summarize(op, &info, &key.live_ins, analyze));
                self.summaries.insert(key, summary.clone());
                summary
            }
        };
        #[cfg(debug_assertions)]
        let entry = (self.recorders.is_empty() && self.steps < STEP_BUDGET).then(|| state.clone());
        self.apply(&summary, &info, state);
        // Debug builds check, where the state holds numbers (one level
        // below the function's loops), that the summary gives what the
        // analysis of the op from this entry gives: the state after it and
        // what each wait inside sees. Both from the entry without the
        // values the op defines (a visit before this one left them, and a
        // join inside the op with those stale values is the direct
        // analysis's imprecision, not a meaning).
        #[cfg(debug_assertions)]
        if let Some(mut entry) = entry {
            for key in &info.defined {
                entry.0.remove(key);
            }
            let mut direct = entry.clone();
            self.recorders.push(ir::KeyMap::default());
            analyze(self, op, &mut direct);
            let seen = self.recorders.pop().unwrap_or_default();
            let mut replayed = entry.clone();
            apply_state(&summary, &info, &mut replayed);
            // (Past the budget the direct analysis joins where the summary
            // simulated: a different, safe answer.)
            if self.steps >= STEP_BUDGET {
                return;
            }
            assert_eq!(direct, replayed, "a region op's effect is its summary");
            let summarized: std::collections::BTreeMap<OpKey, WaitBounds> = instantiated_waits(&summary, &info, &entry).into_iter().collect();
            let seen: std::collections::BTreeMap<OpKey, WaitBounds> = seen.into_iter().collect();
            assert_eq!(seen, summarized, "what the waits inside a region op see is its summary's");
        }
    }

    /// Runs `analyze` on `op` from an entry where each live-in of shape
    /// `shapes` has a fresh variable per queue.
    fn summarize(&mut self, op: OperationRef, info: &RegionOpInfo, shapes: &[Option<Shape>], analyze: fn(&mut Self, OperationRef, &mut State)) -> Summary {
        let base = self.next_var;
        let mut entry = State::default();
        for (key, shape) in info.live_ins.iter().zip(shapes) {
            let Some(shape) = shape else { continue };
            let mut distance = Distance { unknown: shape.unknown, uncommitted: shape.uncommitted, ..Distance::default() };
            for queue in &shape.queues {
                distance.queues.join_min(*queue, &Bound::var(self.next_var));
                self.next_var += 1;
            }
            entry.set(*key, distance);
        }
        let probe = ValueKey::synthetic(self.open);
        let mut shift = Distance::default();
        for queue in &info.queues {
            shift.queues.join_min(*queue, &Bound::constant(0));
        }
        entry.set(probe, shift);
        self.open += 1;
        self.repeated += 1;
        self.recorders.push(ir::KeyMap::default());
        analyze(self, op, &mut entry);
        let mut waits: Vec<(OpKey, WaitBounds)> = self.recorders.pop().unwrap_or_default().into_iter().collect();
        waits.sort_by_key(|(op, _)| *op);
        self.repeated -= 1;
        self.open -= 1;
        let shift = entry.0.remove(&probe).unwrap_or_default();
        let defined = info.defined.iter().map(|k| entry.0.get(k).cloned()).collect();
        Summary { base, shift, defined, waits }
    }

    fn region_op_info(&mut self, op: OperationRef) -> Rc<RegionOpInfo> {
        if let Some(info) = self.region_ops.get(&OpKey::of(op)) {
            return info.clone();
        }
        let mut defined: Vec<Key> = op.results().filter(|r| self.is_tracked(r.r#type())).map(raw_key).collect();
        let mut used: Vec<Key> = op.operands().filter(|v| self.is_tracked(v.r#type())).map(raw_key).collect();
        let mut queues = Vec::new();
        let inside = ir::nested_ops(op);
        let condition_inputs = super::const_eval::condition_inputs(&inside);
        for inner in &inside {
            if let QueueEffect::Commit(queue) = sync_state::effect(*inner) {
                queues.push(self.queues.hardware(queue));
            }
            for result in inner.results() {
                if self.is_tracked(result.r#type()) {
                    defined.push(raw_key(result));
                }
            }
            for operand in inner.operands() {
                if self.is_tracked(operand.r#type()) {
                    used.push(raw_key(operand));
                }
            }
        }
        for block in std::iter::once(op).chain(inside).flat_map(ir::blocks) {
            for i in 0..block.argument_count() {
                let argument = block.argument(i).unwrap();
                if self.is_tracked(argument.r#type()) {
                    defined.push(raw_key(argument));
                }
            }
        }
        defined.sort();
        defined.dedup();
        used.sort();
        used.dedup();
        queues.sort();
        queues.dedup();
        let live_ins = used.into_iter().filter(|k| defined.binary_search(k).is_err()).collect();
        let info = Rc::new(RegionOpInfo { live_ins, defined, queues, condition_inputs });
        self.region_ops.insert(OpKey::of(op), info.clone());
        info
    }

    fn record_wait(&mut self, op: OperationRef, state: &State) {
        let mut seen = WaitBounds::default();
        for operand in op.operands() {
            let Some(distance) = state.0.get(&raw_key(operand)) else { continue };
            for (queue, d) in distance.queues.iter() {
                seen.min_on(*queue, d);
            }
            seen.unknown = seen.unknown.or(distance.unknown);
            seen.uncommitted = seen.uncommitted.or(distance.uncommitted);
        }
        self.record(OpKey::of(op), &seen);
    }

    /// Adds what wait `op` saw on one visit: to the innermost summary being
    /// computed, or to the result (where the bounds are numbers).
    fn record(&mut self, op: OpKey, seen: &WaitBounds) {
        if let Some(recorder) = self.recorders.last_mut() {
            recorder.entry(op).or_default().join(seen);
            return;
        }
        let entry = self.result.waits.entry(op).or_default();
        for (queue, bound) in &seen.counts {
            // Outside every summary no variable is left; were one left, 0
            // (wait for everything) is safe.
            debug_assert!(bound.as_constant().is_some(), "a variable outside its summary");
            let d = bound.as_constant().unwrap_or(0);
            entry.counts.entry(*queue).and_modify(|c| *c = (*c).min(d)).or_insert(d);
        }
        entry.unknown = entry.unknown.or(seen.unknown);
        entry.uncommitted = entry.uncommitted.or(seen.uncommitted);
    }

    /// `summary` applied to `state`: the waits inside see their bounds with
    /// the live-ins' entry distances in place of the variables, values
    /// defined outside the region op are shifted, values defined inside it
    /// set to what the summary says.
    fn apply(&mut self, summary: &Summary, info: &RegionOpInfo, state: &mut State) {
        for (wait, seen) in instantiated_waits(summary, info, state) {
            self.record(wait, &seen);
        }
        apply_state(summary, info, state);
    }

    fn yielded(&self, block: BlockRef, state: &State) -> Vec<Option<Distance>> {
        let Some(terminator) = ir::terminator(block) else { return vec![] };
        terminator.operands().map(|v| state.0.get(&raw_key(v)).cloned()).collect()
    }

    fn bind(&mut self, state: &mut State, targets: Vec<Key>, values: &[Option<Distance>]) {
        for (target, value) in targets.into_iter().zip(values) {
            if let Some(value) = value {
                state.set(target, value.clone());
            }
        }
    }

}
