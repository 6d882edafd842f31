//! The hazard model: proves, for counting-form and token-form IR, that no operation
//! touches memory that an asynchronous operation may still be writing, and
//! that none writes memory that an asynchronous operation may still be
//! reading.
//!
//! The analysis tracks *pending accesses*: each async op (`asyncpipe.copy`,
//! the loads and stores of an `asyncpipe.async_scope`,
//! `nvgpu.device_async_copy`) adds one for each buffer it writes and each it
//! reads (its root allocation and, through `memref.subview`, the slice:
//! offsets and sizes per dimension when they are known). A copy reads its
//! source until it completes, not when it is issued. A commit on its queue
//! commits it; later commits on the queue count the groups after it;
//! `wait_queue q, N` completes it once at least `N` groups were committed
//! after it. In token form a `commit_group` commits only its own members
//! (its region's async ops, or those whose tokens it names), and a wait on a
//! group completes what was committed in it or before it on its queue; the
//! analysis follows group values through loop-carried arguments and branch
//! results (a group it loses track of completes nothing). Paths join by union, keeping the fewest groups after each
//! access. Any other op that reads or writes a memref whose slice may overlap
//! a pending write, or writes one that may overlap a pending read (and an
//! async op whose write may overlap a pending read), is an error there, with
//! a note at the producer; so is a wait that names a queue with async work
//! never committed to it (no count can complete it).
//!
//! Loops with constant bounds are simulated iteration by iteration with the
//! induction variable bound, so multi-buffered slices such as
//! `A_shared[(i + 3) % 4]` are exact, and so are conditions on it. When the
//! state at the top of an iteration repeats one seen before (slot patterns
//! are periodic) and no branch depends on the induction variable, the rest
//! of the loop repeats that cycle: the state after `T` iterations is the one
//! at `T`'s place in it, so the cost does not depend on `T`. A loop with a
//! dynamic trip count is simulated from its constant lower bound until its
//! state repeats; the state after it is the join over every iteration count.
//! When that does not settle within a budget, the loop is analyzed with
//! unknown slices, which may report a conflict that a finer analysis would
//! rule out: the pass then says it could not prove the access safe.
//!
//! This is the analysis; `asyncpipe-verify-sync` reports what [`races`]
//! finds, and the passes that place, remove or weaken synchronization ask
//! it whether what they leave still holds: [`first_hazard`] (place-barriers,
//! eliminate-barriers, the pipeliner's barriers), [`proves`]
//! (synchronize's tightening). It reads the IR and never rewrites it.

use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::{self, Upstream};
use super::const_eval::{visit_if, Bindings, Cycle};
use super::symbolic::{self, Affine, Case};
use super::effects::{self, Root};
use super::periodicity::{self, Trips};
use super::sync_state::{self, wait_count, BulkQueues, Queue, QueueEffect};
use super::thread_scope::{self, BlockShape, Span, ThreadTerms};
use crate::passes::ir::ods::asyncpipe::{AsyncScopeOp, AsyncpipeOp, CopyOp, MmaOp, WaitQueueOp};
use crate::passes::ir::async_effects::{self, AsyncScope, AsyncSync, QueueName};
use crate::passes::ir::{self, asyncpipe, OpKey, ValueKey};
use crate::passes::OptionDef;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, Location, RegionLike, RegionRef, Type, TypeLike, Value, ValueLike};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;

/// The default of verify-sync's option `max-steps`: about 0.5 s in a release build and
/// 5 s in a debug one. The test suite's and the corpus's largest function
/// takes 420,000 steps (`token-to-count/outer-group-nest.mlir`, 64
/// levels); what needs more is reported as not proven, never waited on.
pub const DEFAULT_MAX_STEPS: u64 = 1_000_000;

/// Option `max-steps` of the passes that ask the model once per barrier
/// (place-barriers, eliminate-barriers): one budget for all their
/// questions about a function.
pub const SHARED_MAX_STEPS_OPTION: OptionDef = OptionDef {
    name: "max-steps",
    description: "Work budget of the synchronization analysis per function, over all the pass's questions to it (one per barrier); past it the pass stops with a warning (place-barriers) or keeps the remaining barriers (eliminate-barriers)",
    default: "1000000", // DEFAULT_MAX_STEPS
};

/// The share of the budget after which splitting a function into cases of
/// its run-time arguments starts no new case ([`Checker::cases`]; the case
/// under way may spend more); the rest analyzes it once over every value
/// (conservative, with no case named). Without it, a
/// loop of run-time lower bound whose counts grow for its first iterations
/// split into one case per trip count, each run from the function's entry:
/// quadratic in the iterations, and the whole budget spent before a
/// verdict.
const CASE_SPLIT_SHARE: u64 = 4;

/// Iterations simulated per loop before giving up on exact slices (a loop
/// whose state at the top of an iteration repeats an earlier one settles
/// before, whatever its trip count).
const SIMULATION_BUDGET: usize = 256;

/// Blocks run along one path of a region in CFG form before the region is
/// analyzed as a join over every path instead ([`Checker::region_path`]).
const PATH_BUDGET: usize = 4096;

/// Loop results kept before the memo starts over (a bound on its memory).
const MEMO_LIMIT: usize = 1 << 16;

/// Analyses of one function, each over one case of its run-time
/// arguments, before the rest are analyzed at once without refinement.
const CASE_BUDGET: usize = 256;


/// A race [`races`] found: at `access`, with a note at the producer of the
/// racing access; `between_threads` names the access when it meets another
/// thread's with no barrier between (block scope), which a barrier before
/// it orders.
pub struct Race<'c> {
    pub access: Location<'c>,
    pub message: String,
    /// The note, at the producer of the racing access.
    pub note: Option<(Location<'c>, String)>,
    /// At block scope, for an access that meets another thread's access
    /// with no barrier between (and only then): the access, which a barrier
    /// before it orders ([`first_hazard`]).
    pub between_threads: Option<OpKey>,
}

/// Every race of `function`, in execution order, within `max_steps` of
/// work (past it, one error at the function saying it could not be
/// proven); waits on `bulk` queues complete every thread's copies;
/// `ordered_writes` also reports an async write over another still in
/// flight.
pub fn races<'c>(function: OperationRef<'c, '_>, max_steps: u64, bulk: &BulkQueues, ordered_writes: bool) -> Vec<Race<'c>> {
    let mut checker = Checker::new(max_steps, false, bulk.clone());
    checker.ordered_writes = ordered_writes;
    checker.function_over_cases(function)
}

/// Whether the analysis proves every access of `function` safe within
/// `max_steps` (per-thread queues, `ordered_writes` as the option): the
/// model a transformation may ask whether a weaker synchronization still
/// holds (`asyncpipe-synchronize`'s tightening).
/// Also says how many steps the analysis took (the budget where it ran
/// out), so that a caller asking many times can bound its total.
pub fn proves(function: OperationRef, ordered_writes: bool, max_steps: u64) -> (bool, u64) {
    let mut checker = Checker::new(max_steps, false, BulkQueues::default());
    checker.ordered_writes = ordered_writes;
    let proven = checker.function_over_cases(function).is_empty();
    (proven, checker.steps.min(max_steps))
}

/// The first hazard between threads in a function ([`first_hazard`]).
pub enum Hazard {
    /// None (races within one thread, which no barrier fixes, are left to
    /// verify-sync to report).
    None,
    /// An access (in execution order, the first offending one) that meets
    /// another thread's access to workgroup memory with no barrier between:
    /// a barrier before it, at its level, orders it.
    BetweenThreads(OpKey),
    /// The analysis could not finish (its budget), with its message.
    Unknown(String),
}

/// The first access of `function`, in execution order, that
/// `asyncpipe-verify-sync` would report as meeting another thread's access
/// with no barrier between: the access a barrier must go before. A wait on one of the `bulk` queues completes every thread's
/// copies of its groups ([`BulkQueues`]).
///
/// `budget` is what the caller may still spend over all its questions (a
/// pass that asks once per barrier shares one budget, so that it cannot
/// cost the number of barriers times the budget); the steps this one took
/// are taken from it. An empty budget answers Unknown.
pub fn first_hazard(function: OperationRef, bulk: &BulkQueues, budget: &mut u64) -> Hazard {
    let mut checker = Checker::new(*budget, true, bulk.clone());
    let first = checker.function_over_cases(function).into_iter().next();
    *budget = budget.saturating_sub(checker.steps.max(1));
    match first {
        None => Hazard::None,
        Some(Race { between_threads: Some(access), .. }) => Hazard::BetweenThreads(access),
        Some(error) => Hazard::Unknown(error.message),
    }
}

/// Per dimension, the first index and the extent (`(size - 1) * stride + 1`)
/// of a slice, None where not known; the strides (for loads and stores
/// through the view); and per dimension the thread ids in the first index
/// ([`thread_scope`]: the start is that constant plus those multiples of the
/// thread's ids; an empty list is no thread term). An empty list of
/// dimensions is the whole buffer.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Slice(Vec<(Option<i64>, Option<i64>)>, Vec<Option<i64>>, Vec<ThreadTerms>);

impl Slice {
    fn whole() -> Self {
        Slice(Vec::new(), Vec::new(), Vec::new())
    }

    fn threads(&self, d: usize) -> ThreadTerms {
        self.2.get(d).copied().unwrap_or_default()
    }

    /// The dimensions as [`thread_scope`] reads them.
    fn spans(&self) -> Vec<Span> {
        self.0.iter().enumerate().map(|(d, (start, extent))| Span { start: *start, threads: self.threads(d), extent: *extent }).collect()
    }

    /// Whether two slices of one buffer may share an element, in one thread.
    fn overlaps(&self, other: &Slice) -> bool {
        for (d, ((o1, s1), (o2, s2))) in self.0.iter().zip(&other.0).enumerate() {
            // Starts with different thread terms cannot be compared.
            if self.threads(d) != other.threads(d) {
                continue;
            }
            if let (Some(o1), Some(s1), Some(o2), Some(s2)) = (o1, s1, o2, s2) {
                let (o1, s1, o2, s2) = (i128::from(*o1), i128::from(*s1), i128::from(*o2), i128::from(*s2));
                if o1 + s1 <= o2 || o2 + s2 <= o1 {
                    return false;
                }
            }
        }
        true
    }
}

/// `(size - 1) * |stride| + 1` elements (0 for an empty dimension); None,
/// meaning unknown, when it does not fit in an i64.
fn extent(size: i64, stride: i64) -> Option<i64> {
    if size == 0 {
        return Some(0);
    }
    size.checked_sub(1)?.checked_mul(stride.checked_abs()?)?.checked_add(1)
}

/// What an async op does to a buffer until it completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Kind {
    Read,
    Write,
}

/// One async read or write that may not have completed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Pending {
    producer: OpKey,
    queue: Queue,
    base: Root,
    slice: Slice,
    kind: Kind,
    /// At block scope, in workgroup memory: the block's other threads do
    /// the same access, and see it.
    shared: bool,
    /// Shared, a write of a copy that every thread issues alike (source and
    /// destination thread-invariant): each thread writes the same bytes, so
    /// a thread that waited for its own copy reads what the others' write.
    uniform: bool,
    /// A cooperative write (a block barrier's group): complete for every
    /// thread at the next barrier, with no wait of its own.
    cooperative: bool,
    /// An MMA's access to the accumulator it adds into: a later MMA on the
    /// same queue into the same tile is ordered after it by the hardware.
    accumulates: bool,
}

/// Block scope: a synchronous read of workgroup memory that other threads
/// may still be doing (no barrier since).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct SharedRead {
    reader: OpKey,
    base: Root,
    slice: Slice,
}

/// What is known at one point of a function: the pending accesses, and
/// which of them a wait on each group value in scope completes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct State {
    /// Pending accesses -> fewest groups committed to their queue after them
    /// (None: not committed yet on some path).
    pending: BTreeMap<Pending, Option<i64>>,
    /// Token form: each `!asyncpipe.group` value -> the pending accesses
    /// that were committed in that group or before it on its queue (groups
    /// of a queue complete in order), on every path. A wait on the value
    /// completes them. A group value not in the map (a loop-carried group
    /// whose origin the analysis lost) completes nothing, which can only
    /// report a race that is not there.
    groups: BTreeMap<ValueKey, BTreeSet<Pending>>,
    /// Pending accesses left by a loop with a run-time trip count: their
    /// group counts are the fewest over every trip count, and an access
    /// after the loop whose slice depends on the count is not related to
    /// the iteration that left them, so a conflict with one is reported as
    /// not proven rather than as a race.
    over_counts: BTreeSet<Pending>,
    /// Pending accesses that a loop the analysis could not simulate (its
    /// bounds or step unknown) issued or left with fewer groups after them:
    /// a conflict with one is reported as not proven.
    inexact: BTreeSet<Pending>,
    /// Token form: the pending accesses of the latest run of each async op
    /// (what its token stands for; an earlier run of the op in a loop is
    /// another token, which a commit of this one does not commit).
    latest: BTreeMap<OpKey, BTreeSet<Pending>>,
    /// Block scope (a kernel: every thread runs this code and shares
    /// workgroup memory): [`Pending::shared`] async writes that this thread's
    /// wait completed with no barrier since. A wait covers only the issuing
    /// thread's copies: other threads see them after a barrier.
    unpublished: BTreeSet<Pending>,
    /// Block scope: reads of async-written workgroup memory since the last
    /// barrier, which other threads may still be doing.
    shared_reads: BTreeSet<SharedRead>,
}

impl State {
    fn join(&mut self, other: &State) {
        self.unpublished.extend(other.unpublished.iter().cloned());
        self.shared_reads.extend(other.shared_reads.iter().cloned());
        self.over_counts.extend(other.over_counts.iter().cloned());
        self.inexact.extend(other.inexact.iter().cloned());
        for (op, accesses) in &other.latest {
            self.latest.entry(*op).or_default().extend(accesses.iter().cloned());
        }
        let before = if self.groups.is_empty() { BTreeMap::new() } else { self.pending.clone() };
        for (pending, after) in &other.pending {
            match self.pending.get_mut(pending) {
                Some(mine) => *mine = min_after(*mine, *after),
                None => {
                    self.pending.insert(pending.clone(), *after);
                }
            }
        }
        // A wait completes an access if it does on every path where the
        // access is pending (the join above runs first: `self.pending` now
        // holds both sides, `mine` below is this side's).
        let mine = std::mem::take(&mut self.groups);
        for (group, covered) in mine {
            let Some(theirs) = other.groups.get(&group) else { continue };
            let joined = covered
                .iter()
                .filter(|p| theirs.contains(*p) || !other.pending.contains_key(*p))
                .chain(theirs.iter().filter(|p| !covered.contains(*p) && !before.contains_key(*p)))
                .cloned()
                .collect();
            self.groups.insert(group, joined);
        }
    }

    /// A counting-form commit: every uncommitted access on `queue` joins the
    /// new group. Counts stop at `cap` ([`FunctionFacts::caps`]).
    fn commit(&mut self, queue: Queue, cap: i64) {
        for (pending, after) in self.pending.iter_mut() {
            if pending.queue == queue {
                // A lower bound: saturating keeps it one.
                *after = Some(after.map_or(0, |a| a.saturating_add(1).min(cap)));
            }
        }
    }

    /// A token-form commit of the async ops `members` as one group on
    /// `queue`, whose value is `group`, with every counting-form op
    /// (`counting`) still uncommitted on the queue: like any commit on a
    /// queue, it closes the group of those (PTX's `cp.async.commit_group`
    /// commits every copy the thread issued). Other uncommitted token-form
    /// accesses stay uncommitted.
    /// `group` is None for a group value nothing uses: nothing can wait on
    /// it, and what it covers would only tell states apart (a nest whose
    /// every level commits a group would be analyzed once per level around
    /// it).
    fn commit_group(&mut self, queue: Queue, cap: i64, members: &HashSet<OpKey>, counting: &HashSet<OpKey>, group: Option<ValueKey>) {
        for (pending, after) in self.pending.iter_mut() {
            if pending.queue != queue {
                continue;
            }
            let member = counting.contains(&pending.producer)
                || (members.contains(&pending.producer)
                    && self.latest.get(&pending.producer).is_none_or(|latest| latest.contains(pending)));
            match after {
                Some(a) => *a = a.saturating_add(1).min(cap),
                None if member => *after = Some(0),
                None => {}
            }
        }
        if let Some(group) = group {
            self.name_group(queue, group);
        }
    }

    /// Records that a wait on `group`, just committed on `queue`, completes
    /// every access committed on the queue so far.
    fn name_group(&mut self, queue: Queue, group: ValueKey) {
        let covered = self.pending.iter().filter(|(p, after)| p.queue == queue && after.is_some()).map(|(p, _)| p.clone());
        self.groups.insert(group, covered.collect());
    }

    fn wait(&mut self, queue: Queue, count: i64, bulk: &BulkQueues) {
        self.complete(bulk, |pending, after| pending.queue == queue && after.is_some_and(|a| a >= count));
    }

    /// A token-form wait on `group`.
    fn wait_group(&mut self, group: ValueKey, bulk: &BulkQueues) {
        if let Some(covered) = self.groups.get(&group).cloned() {
            self.complete(bulk, |pending, _| covered.contains(pending));
        }
    }

    /// Completes, in this thread, the pending accesses `done` selects; its
    /// shared writes stay unpublished until a barrier, except on `bulk`
    /// queues, whose wait completed every thread's copies of the group.
    fn complete(&mut self, bulk: &BulkQueues, done: impl Fn(&Pending, &Option<i64>) -> bool) {
        let unpublished = &mut self.unpublished;
        let shared_reads = &mut self.shared_reads;
        self.pending.retain(|pending, after| {
            if !done(pending, after) {
                return true;
            }
            if pending.shared && !bulk.contains(pending.queue) {
                match pending.kind {
                    Kind::Write => {
                        unpublished.insert(pending.clone());
                    }
                    // An async read (an MMA's of its tiles) that this thread's
                    // wait completed may still go on in the other threads,
                    // which have not waited yet: until a barrier, as a read
                    // of theirs.
                    Kind::Read => {
                        shared_reads.insert(SharedRead {
                            reader: pending.producer,
                            base: pending.base,
                            slice: pending.slice.clone(),
                        });
                    }
                }
            }
            false
        });
        self.forget_completed();
    }

    /// How the group counts grew from `self` to `next`, the states at the
    /// tops of consecutive iterations, when nothing else differs: per
    /// pending access, the groups added after it (None otherwise).
    fn growth(&self, next: &State) -> Option<Vec<(Pending, i64)>> {
        let mut same = next.clone();
        same.pending = self.pending.clone();
        if same != *self || next.pending.len() != self.pending.len() {
            return None;
        }
        self.pending
            .iter()
            .map(|(pending, before)| match (before, next.pending.get(pending)?) {
                (Some(a), Some(b)) if b >= a => Some((pending.clone(), b - a)),
                (None, None) => Some((pending.clone(), 0)),
                _ => None,
            })
            .collect()
    }

    /// Applies `growth` `times` more times, counts stopping at `cap`.
    fn grow(&mut self, growth: &[(Pending, i64)], times: u64, cap: impl Fn(Queue) -> i64) {
        for (pending, added) in growth {
            if let Some(Some(after)) = self.pending.get_mut(pending) {
                let grown = i128::from(*after) + i128::from(*added) * i128::from(times);
                *after = i64::try_from(grown).unwrap_or(i64::MAX).min(cap(pending.queue).max(*after));
            }
        }
    }

    /// `gpu.barrier`: every thread has reached it, so what each completed
    /// before it is visible to all, and their earlier reads are done. It
    /// completes no async operation.
    fn barrier(&mut self) {
        self.unpublished.clear();
        self.shared_reads.clear();
    }

    /// A new instance of `pending` was issued: no group covers it yet.
    fn issue(&mut self, pending: Pending) {
        self.over_counts.remove(&pending);
        self.inexact.remove(&pending);
        for covered in self.groups.values_mut() {
            covered.remove(&pending);
        }
        self.pending.insert(pending, None);
    }

    /// Marks as [`Self::inexact`] the pending accesses issued, or left with
    /// fewer groups after them, since `entry`.
    fn inexact_since(&mut self, entry: &State) {
        let changed: Vec<Pending> =
            self.pending.iter().filter(|(p, after)| entry.pending.get(*p) != Some(*after)).map(|(p, _)| p.clone()).collect();
        self.inexact.extend(changed);
    }

    /// Drops completed accesses from the groups (so that states that differ
    /// only in what has completed compare equal).
    fn forget_completed(&mut self) {
        let pending = &self.pending;
        self.over_counts.retain(|p| pending.contains_key(p));
        self.inexact.retain(|p| pending.contains_key(p));
        for accesses in self.latest.values_mut() {
            accesses.retain(|p| pending.contains_key(p));
        }
        for covered in self.groups.values_mut() {
            covered.retain(|p| pending.contains_key(p));
        }
    }

    /// Copies the group of each group-typed `from` value to the `to` value
    /// at the same place (loop-carried groups, region results); a group the
    /// analysis does not know stays unknown.
    fn forward_groups<'c, 'a>(&mut self, from: impl Iterator<Item = Value<'c, 'a>>, to: impl Iterator<Item = Value<'c, 'a>>) {
        if self.groups.is_empty() {
            return; // nothing to forward or to forget (always so outside token form)
        }
        // Read every source before writing any target: a yield may pass the
        // loop's own arguments back in another order (a swap).
        let moves: Vec<(ValueKey, Option<BTreeSet<Pending>>)> = from
            .zip(to)
            .filter(|(_, to)| is_group_like(to.r#type()))
            .map(|(from, to)| (ValueKey::of(to), self.groups.get(&ValueKey::of(from)).cloned()))
            .collect();
        for (to, covered) in moves {
            match covered {
                Some(covered) => self.groups.insert(to, covered),
                None => self.groups.remove(&to),
            };
        }
    }
}

fn min_after(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        _ => None,
    }
}


impl<'c, 'a> Checker<'c, 'a> {
    fn new(max_steps: u64, only_between_threads: bool, bulk: BulkQueues) -> Self {
        Checker {
            bulk,
            bindings: Bindings::default(),
            errors: Vec::new(),
            exact: true,
            function: FunctionFacts::default(),
            producers: HashMap::new(),
            loops: ir::KeyMap::default(),
            loop_facts: HashMap::new(),
            steps: 0,
            max_steps,
            only_between_threads,
            ordered_writes: false,
            members: HashMap::new(),
            chained: None,
        }
    }
}

struct Checker<'c, 'a> {
    /// Option `ordered-writes`: an async write also races with pending
    /// async writes of the same memory.
    ordered_writes: bool,
    /// While an MMA's accesses are checked: its queue and accumulator, whose
    /// pending accesses by earlier MMAs on that queue it is ordered after.
    chained: Option<(Queue, Root)>,
    bindings: Bindings,
    /// The offending accesses of the function being checked, in execution
    /// order, one error an access (the first only, when
    /// [`Self::only_between_threads`]).
    errors: Vec<Race<'c>>,
    /// False while analyzing a loop whose slices could not be made exact.
    exact: bool,
    /// What the analysis needs to know of the function being checked.
    function: FunctionFacts,
    /// Where each async op that left a pending access is, for the note, and
    /// in which order the analysis met them.
    producers: HashMap<OpKey, (usize, Location<'c>)>,
    /// What each loop did, by the state it started from and the values it
    /// reads from outside ([`LoopKey`]): a loop nested in loops is entered
    /// once per outer iteration, mostly in a state seen before.
    /// (Hashed with [`ir::KeyHasher`]: whole states are hashed per visit.)
    loops: ir::KeyMap<LoopKey, (State, Vec<Option<Affine>>)>,
    /// What each loop's analysis reads of its body, gathered once per loop.
    loop_facts: HashMap<OpKey, Rc<LoopFacts<'c, 'a>>>,
    /// Work done on the function so far: ops visited, and the values
    /// walked to key and model each loop entry.
    steps: u64,
    /// The budget of `steps` per function (option `max-steps`), over all its
    /// cases: deep nests of loops whose state keeps changing (a queue whose
    /// groups are counted toward a wait of 2^63 - 1) would otherwise take
    /// time exponential in the depth. Past it the function is reported as
    /// not proven, at its location ([`DEFAULT_MAX_STEPS`]).
    max_steps: u64,
    /// Whether only hazards between threads are reported ([`first_hazard`]):
    /// a race within one thread, which no barrier fixes, does not hide a
    /// later one that a barrier does.
    only_between_threads: bool,
    /// Each `commit_group`'s members (the async ops of its region, and the
    /// producers of the tokens it names), gathered once per op.
    members: HashMap<OpKey, Rc<HashSet<OpKey>>>,
    /// The queues lowered to mbarrier rings (option `bulk-queues`), before
    /// each function drops those it commits to divergently
    /// ([`FunctionFacts::bulk`]).
    bulk: BulkQueues,
}

/// What the analysis needs to know of one function, from one walk over it.
#[derive(Default)]
struct FunctionFacts {
    /// The buffers something in the function may write (None: any). Async
    /// reads of other buffers cannot race, so they are not tracked: a loop
    /// that reads a new slice of its input every iteration then still
    /// reaches a repeating state.
    written: Option<Vec<Root>>,
    /// The buffers that can have pending accesses: those async ops write,
    /// and those they read that something may write (None: any).
    tracked: Option<Vec<Root>>,
    /// Whether the function has token-form ops (then group values are
    /// tracked through loops and branches).
    token_form: bool,
    /// Buffers that a `memref.collapse_shape` or `memref.expand_shape`
    /// views (through casts): their accesses are placed in bytes
    /// ([`Packed::linear`]), through a reshape or not.
    linear: HashSet<Root>,
    /// Memrefs that are not views of one known buffer: loop-carried memrefs
    /// and the memref results of `scf` ops, each with the buffers it may be
    /// (the roots of every value that flows into it). An access through one
    /// is an access to each of them, anywhere in them.
    aliases: HashMap<Root, Vec<Root>>,
    /// Per queue, one more than the largest count a wait on it allows (no
    /// bound for a wait whose count is computed): past it, how many groups
    /// were committed after an access changes nothing any wait does, so the
    /// analysis counts no further (and loop states repeat).
    caps: HashMap<Queue, i64>,
    /// Whether the function runs as a block of threads
    /// ([`thread_scope::is_block_scope`]), and the block's known shape.
    block_scope: bool,
    shape: BlockShape,
    /// At block scope, the values that may differ between threads
    /// ([`thread_scope::thread_dependent`]).
    varying: HashSet<ValueKey>,
    /// The counting-form async ops (no token): any commit on their queue,
    /// a `commit_group` too, commits them.
    counting: HashSet<OpKey>,
    /// The bulk queues whose every commit all threads execute: a wait on
    /// one completes every thread's groups ([`BulkQueues::in_function`]).
    bulk: BulkQueues,
}

impl FunctionFacts {
    fn of(function: OperationRef, bulk: &BulkQueues) -> Self {
        let ops = ir::nested_ops(function);
        let aliases = aliases(function, &ops);
        let mut caps: HashMap<Queue, i64> = HashMap::new();
        let bases = |root: Root| aliases.get(&root).cloned().unwrap_or_else(|| vec![root]);
        let mut written = Some(Vec::new());
        let mut async_reads = Vec::new();
        let mut async_writes = Vec::new();
        let mut token_form = false;
        let mut counting = HashSet::new();
        for &op in &ops {
            if async_effects::issues_queued_work(op) && op.result_count() == 0 {
                counting.insert(OpKey::of(op));
            }
            token_form |= sync_state::is_token_form(op) || is_nvgpu_token_wait(op);
            if let QueueEffect::Wait { queue, count } = sync_state::effect(op) {
                let cap = count.map_or(i64::MAX, |c| c.saturating_add(1));
                let entry = caps.entry(queue).or_insert(1);
                *entry = (*entry).max(cap);
            }
            for (_, value, kind) in async_accesses(op) {
                match kind {
                    Kind::Read => async_reads.extend(bases(effects::root(value))),
                    Kind::Write => async_writes.extend(bases(effects::root(value))),
                }
            }
            // Ops with regions: their nested ops are visited themselves.
            if op.region_count() > 0 || effects::is_view(op) || sync_state::orders_only(op) {
                continue;
            }
            if let Some(roots) = written.as_mut() {
                match effects::access(op).writes {
                    Some(writes) => roots.extend(writes.into_iter().flat_map(bases)),
                    None => written = None,
                }
            }
        }
        let tracked = written.as_ref().map(|written: &Vec<Root>| {
            let reads = async_reads.into_iter().filter(|root| written.contains(root));
            let mut tracked: Vec<Root> = async_writes.into_iter().chain(reads).collect();
            tracked.sort();
            tracked.dedup();
            tracked
        });
        if let Some(roots) = written.as_mut() {
            roots.sort();
            roots.dedup();
        }
        let block_scope = thread_scope::is_block_scope(function, &ops);
        let shape = BlockShape::of(function);
        let varying = if block_scope { thread_scope::thread_dependent(&ops) } else { HashSet::new() };
        let bulk = if block_scope { bulk.in_function(&ops, &varying) } else { BulkQueues::default() };
        let linear = ops
            .iter()
            .filter(|op| matches!(Upstream::of(**op), Some(Upstream::MemrefCollapseShape | Upstream::MemrefExpandShape)))
            .filter_map(|op| {
                let mut source = op.operand(0).ok()?;
                while let Some(def) = ir::defining_op(source).filter(|d| {
                    matches!(Upstream::of(*d), Some(Upstream::MemrefCast | Upstream::MemrefMemorySpaceCast | Upstream::MemrefCollapseShape | Upstream::MemrefExpandShape))
                }) {
                    source = def.operand(0).ok()?;
                }
                Some(effects::Root::of(source))
            })
            .collect();
        FunctionFacts { written, tracked, token_form, linear, aliases, caps, block_scope, shape, varying, counting, bulk }
    }

    /// [`Self::caps`] of `queue` (1 for a queue no wait names).
    fn cap(&self, queue: Queue) -> i64 {
        self.caps.get(&queue).copied().unwrap_or(1)
    }

    /// The buffers an access to `root` may touch.
    fn bases(&self, root: Root) -> Vec<Root> {
        self.aliases.get(&root).cloned().unwrap_or_else(|| vec![root])
    }
}

/// [`FunctionFacts::aliases`]: for each loop-carried memref and memref
/// result of an `scf` op in `function`, the roots of the buffers it may be.
fn aliases<'c, 'a>(function: OperationRef<'c, 'a>, ops: &[OperationRef<'c, 'a>]) -> HashMap<Root, Vec<Root>> {
    fn yielded<'c, 'a>(block: Option<BlockRef<'c, 'a>>, i: usize) -> Option<Value<'c, 'a>> {
        block.and_then(ir::terminator).and_then(|t| t.operand(i).ok())
    }
    // Each ambiguous memref, and the values that flow into it.
    let mut sources: HashMap<Root, Vec<Root>> = HashMap::new();
    let mut anything: Vec<Root> = Vec::new();
    let mut flow = |to: Value, from: Option<Value>| {
        if to.r#type().is_mem_ref() {
            let entry = sources.entry(ValueKey::of(to)).or_default();
            entry.extend(from.map(effects::root));
        }
    };
    for &op in ops {
        match Upstream::of(op) {
            Some(Upstream::ScfFor) => {
                let body = ir::region_entry(op, 0);
                for (i, result) in op.results().enumerate() {
                    let (init, next) = (op.operand(3 + i).ok(), yielded(body, i));
                    for to in [Some(Value::from(result)), body.and_then(|b| b.argument(i + 1).ok()).map(Value::from)].into_iter().flatten() {
                        flow(to, init);
                        flow(to, next);
                    }
                }
            }
            Some(Upstream::ScfIf | Upstream::ScfExecuteRegion) => {
                for (i, result) in op.results().enumerate() {
                    for block in ir::blocks(op) {
                        flow(result.into(), yielded(Some(block), i));
                    }
                }
            }
            Some(Upstream::ScfWhile) => {
                // Before-region arguments: the inits and the after region's
                // yields; after-region arguments and results: what the
                // condition forwards (its operands after the first).
                let (before, after) = (ir::region_entry(op, 0), ir::region_entry(op, 1));
                let forwarded = |i: usize| before.and_then(ir::terminator).and_then(|t| t.operand(i + 1).ok());
                for block in before.iter() {
                    for i in 0..block.argument_count() {
                        let argument: Value = block.argument(i).unwrap().into();
                        flow(argument, op.operand(i).ok());
                        flow(argument, yielded(after, i));
                    }
                }
                for (i, result) in op.results().enumerate() {
                    flow(result.into(), forwarded(i));
                    if let Some(argument) = after.and_then(|b| b.argument(i).ok()) {
                        flow(argument.into(), forwarded(i));
                    }
                }
            }
            Some(Upstream::MemrefAlloc | Upstream::MemrefAlloca) => {}
            _ if effects::is_view(op) => {}
            _ => {
                // Any other op that returns a memref: the yields of its
                // regions (scf.index_switch), its memref operands
                // (arith.select, a cast), or, with neither, any buffer
                // (memref.get_global, a call).
                for (i, result) in op.results().enumerate().filter(|(_, r)| r.r#type().is_mem_ref()) {
                    let result: Value = result.into();
                    if op.region_count() > 0 {
                        for block in ir::blocks(op) {
                            flow(result, yielded(Some(block), i));
                        }
                    } else if op.operands().any(|v| v.r#type().is_mem_ref()) {
                        for operand in op.operands().filter(|v| v.r#type().is_mem_ref()) {
                            flow(result, Some(operand));
                        }
                    } else {
                        anything.push(ValueKey::of(result));
                    }
                }
            }
        }
    }
    // A memref from nowhere may be any buffer of the function.
    if !anything.is_empty() {
        let mut every: Vec<Root> = Vec::new();
        for op in std::iter::once(function).chain(ops.iter().copied()) {
            for block in ir::blocks(op) {
                every.extend(block_memrefs(block).map(effects::root));
            }
            every.extend(op.results().filter(|r| r.r#type().is_mem_ref()).map(|r| effects::root(r.into())));
        }
        every.sort();
        every.dedup();
        for key in anything {
            sources.insert(key, every.iter().copied().filter(|r| *r != key).collect());
        }
    }
    // Close over chains (a loop's memref carried into an inner loop).
    let mut aliases = HashMap::new();
    for &root in sources.keys() {
        let (mut found, mut stack, mut seen) = (Vec::new(), vec![root], BTreeSet::new());
        while let Some(next) = stack.pop() {
            if !seen.insert(next) {
                continue;
            }
            match sources.get(&next) {
                Some(from) => stack.extend(from.iter().copied()),
                None => found.push(next),
            }
        }
        found.sort();
        found.dedup();
        aliases.insert(root, found);
    }
    aliases
}

/// What the analysis of a loop reads of its body, the same every time the
/// loop is entered.
struct LoopFacts<'c, 'a> {
    /// The integer, index and memref values the loop's ops use and that are
    /// defined outside it.
    live_ins: Vec<Value<'c, 'a>>,
    /// The integer values the analysis evaluates inside the loop: branch
    /// conditions, loop bounds, computed wait counts, and the offsets,
    /// sizes and indices through which ops access tracked buffers.
    uses: Vec<Value<'c, 'a>>,
    /// Token form: the group values defined inside the loop (results and
    /// block arguments), out of scope after it and at the top of each of
    /// its iterations.
    inner_groups: Vec<ValueKey>,
    /// The queues a counting wait inside the loop names: there, counts that
    /// grow may reach the wait's count (see [`State::growth`]).
    waited: BTreeSet<Queue>,
}

impl<'c, 'a> LoopFacts<'c, 'a> {
    fn of(op: OperationRef<'c, 'a>, function: &FunctionFacts) -> Self {
        let tracked = |value: Value| {
            let bases = function.bases(effects::root(value));
            function.tracked.as_ref().is_none_or(|roots| bases.iter().any(|b| roots.contains(b)))
        };
        let mut seen = BTreeSet::new();
        let mut facts = LoopFacts { live_ins: Vec::new(), uses: Vec::new(), inner_groups: Vec::new(), waited: BTreeSet::new() };
        if function.token_form {
            for block in ir::blocks(op) {
                facts.inner_groups.extend(block_group_arguments(block));
            }
        }
        for user in std::iter::once(op).chain(ir::nested_ops(op)) {
            for operand in user.operands() {
                let ty = operand.r#type();
                let used = ty.is_mem_ref() || ty.is_index() || ty.is_integer();
                if used && !ir::is_defined_inside(operand, op) && seen.insert(ValueKey::of(operand)) {
                    facts.live_ins.push(operand);
                }
            }
            if user == op {
                continue;
            }
            if let QueueEffect::Wait { queue, .. } = sync_state::effect(user) {
                facts.waited.insert(queue);
            }
            if function.token_form {
                let results = user.results().filter(|r| is_group_like(r.r#type())).map(ValueKey::of);
                facts.inner_groups.extend(results);
                for block in ir::blocks(user) {
                    facts.inner_groups.extend(block_group_arguments(block));
                }
            }
            match Upstream::of(user) {
                Some(Upstream::ScfIf) => facts.uses.extend(user.operand(0).ok()),
                Some(Upstream::ScfFor) => facts.uses.extend(user.operands().take(3)),
                _ if WaitQueueOp::is(user) => facts.uses.extend(WaitQueueOp::cast(user).and_then(WaitQueueOp::dynamic_count)),
                Some(Upstream::MemrefSubview) if user.operand(0).is_ok_and(tracked) => facts.uses.extend(user.operands().skip(1)),
                _ => {
                    for operand in user.operands().filter(|v| v.r#type().is_mem_ref() && tracked(*v)) {
                        if let Some((indices, _)) = effects::element_access(user, operand) {
                            facts.uses.extend(indices);
                        }
                    }
                }
            }
        }
        facts
    }
}

/// The buffers async op `op` accesses until it completes: the op that
/// accesses each (itself, or an op in an `async_scope`), the memref, and
/// whether it reads or writes it, as `AsyncEffectOpInterface` reports them
/// (`ir::async_effects`). Only the groups this analysis models: counted
/// queues (asyncpipe's, nvgpu's cp.async) and asyncpipe tokens, issued and
/// seen by one thread; not an mbarrier's bulk copies (which
/// `asyncpipe-to-nvgpu` emits after this analysis runs), cooperative copies
/// completed by a block barrier, nor `asyncop` chains. Empty for any other
/// op.
fn async_accesses<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, Value<'c, 'a>, Kind)> {
    let Some(groups) = async_effects::async_effect_groups(op) else { return Vec::new() };
    groups
        .into_iter()
        .filter(|group| group.counted_queue().is_some())
        .flat_map(|group| group.accesses)
        .filter(|effect| is_storage(effect.value))
        .map(|effect| (effect.accessor, effect.value, if effect.write { Kind::Write } else { Kind::Read }))
        .collect()
}

/// What the analysis of a loop depends on: the loop, the state it starts
/// from, whether slices are exact, and what its values from outside
/// evaluate to (integers through the bindings, memrefs to the slice they
/// view). Two entries with equal keys see the same values and so leave the
/// same state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct LoopKey {
    op: OpKey,
    entry: State,
    exact: bool,
    live_ins: Vec<LiveIn>,
}

/// A memref value as the analysis sees it: its root buffer, the slice of it
/// the value covers, and how indices into the value map to the root's.
struct View {
    root: Root,
    slice: Slice,
    indexing: Indexing,
    /// Through a `memref.view` of a one-dimensional byte buffer (a packed
    /// allocation: IREE puts every tile in one `i8` buffer): the view's
    /// byte shift, shape and element size. `root` and `slice` are then in
    /// the view's own coordinates, and [`Checker::accessed`] turns the
    /// access into the byte range of the buffer it touches.
    packed: Option<Packed>,
}

/// A `memref.view` at a known byte shift, of a static identity-layout type.
struct Packed {
    buffer: Root,
    shift: i64,
    shape: Vec<i64>,
    element: i64,
}

impl Packed {
    /// The `memref.view` `op`, if it is one of a 1-D `i8` buffer at a
    /// shift `bindings` knows, to a static identity-layout type.
    fn of(op: OperationRef, bindings: &Bindings) -> Option<Self> {
        if !Upstream::MemrefView.is(op) {
            return None;
        }
        let source = op.operand(0).ok()?;
        let source_type = source.r#type();
        if ir::shape(source_type).len() != 1 || ir::element_bytes(source_type) != 1 || !ir::has_identity_layout(source_type) {
            return None;
        }
        let result = op.result(0).ok()?.r#type();
        let shape = ir::shape(result);
        if shape.iter().any(|s| *s < 0) || !ir::has_identity_layout(result) {
            return None;
        }
        let shift = bindings.eval(op.operand(1).ok()?)?;
        Some(Packed { buffer: effects::Root::of(source), shift, shape, element: ir::element_bytes(result) })
    }

    /// The bytes of the buffer that `slice` (in the view's coordinates)
    /// touches: a dimension whose start or extent is unknown spans the
    /// whole dimension; thread terms are dropped (the range covers every
    /// thread's part).
    ///
    /// A dimension whose start has thread terms keeps them, scaled to bytes:
    /// each thread's range is the same interval moved by its terms (the
    /// constant part of the start is checked against the dimension; where a
    /// thread's part leaves it, the access is out of bounds anyway).
    fn bytes(&self, slice: &Slice) -> Slice {
        let whole = Slice::whole();
        let range = (|| {
            let (mut low, mut high, mut stride) = (0i64, 0i64, 1i64);
            let mut threads = ThreadTerms::default();
            for d in (0..self.shape.len()).rev() {
                let size = self.shape[d];
                let (lo, hi) = match slice.0.get(d) {
                    Some((Some(start), Some(extent))) if *start >= 0 && *extent >= 1 && start.checked_add(*extent)? <= size => {
                        let bytes = stride.checked_mul(self.element)?;
                        let scaled = slice.threads(d).0.map(|c| c.checked_mul(bytes));
                        threads = threads.add(&ThreadTerms([scaled[0]?, scaled[1]?, scaled[2]?]))?;
                        (*start, start + extent - 1)
                    }
                    _ => (0, size.checked_sub(1)?),
                };
                low = low.checked_add(lo.checked_mul(stride)?)?;
                high = high.checked_add(hi.checked_mul(stride)?)?;
                stride = stride.checked_mul(size)?;
            }
            let start = self.shift.checked_add(low.checked_mul(self.element)?)?;
            let extent = (high - low + 1).checked_mul(self.element)?;
            Some(Slice(vec![(Some(start), Some(extent))], vec![Some(1)], vec![threads]))
        })();
        range.unwrap_or(whole)
    }

    /// A buffer addressed by bytes from its start: `root`, when its type is
    /// static with an identity layout, as the view of shape `shape` (the
    /// root's own, or a reshape of it, which keeps the row-major order).
    fn linear(root: Root, ty: Type) -> Option<Self> {
        let shape = ir::shape(ty);
        if shape.iter().any(|s| *s < 0) || !ir::has_identity_layout(ty) || ir::element_bytes(ty) <= 0 {
            return None;
        }
        Some(Packed { buffer: root, shift: 0, shape, element: ir::element_bytes(ty) })
    }
}

enum Indexing {
    /// The value is the root buffer (or a cast of it).
    Root,
    /// Through subviews only: an index adds to the slice's offsets when
    /// there is one subview of unit strides.
    Subview,
    /// Through a view that changes coordinates, or one of several buffers:
    /// anywhere in the slice (the whole buffer).
    Opaque,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum LiveIn {
    Integer(Option<Affine>),
    Memref(Root, Slice),
}

impl<'c, 'a> Checker<'c, 'a> {
    /// The first race in `function`, for any values of its integer
    /// arguments. They start as symbols over their whole range
    /// ([`symbolic::Case`]); an analysis that needs a decision the case does
    /// not settle (a branch on `n > 2`, a slot `(n - 2) mod 3`, the iteration
    /// at which a loop of `n - 2` trips leaves its cycle) stops, and each part
    /// of the refined case is analyzed in turn. An error found in a case
    /// holds for its values (it names them); past [`CASE_BUDGET`] analyses,
    /// the function is analyzed once more without refinement, where such
    /// decisions join both outcomes.
    fn function_over_cases(&mut self, function: OperationRef<'c, 'a>) -> Vec<Race<'c>> {
        self.function = FunctionFacts::of(function, &self.bulk);
        self.steps = 0;
        let errors = self.cases(function);
        if self.steps >= self.max_steps {
            return vec![Race {
                access: function.location(),
                message: format!(
                    "the analysis stopped after {} steps (loops nested so deep, with states that keep changing, that their analysis grows exponentially; option max-steps); the function's accesses could not be proven safe",
                    self.max_steps
                ),
                note: None,
                between_threads: None,
            }];
        }
        errors
    }

    fn cases(&mut self, function: OperationRef<'c, 'a>) -> Vec<Race<'c>> {
        let mut work = vec![Case::of_function(function)];
        let mut runs = 0;
        while let Some(case) = work.pop() {
            if runs == CASE_BUDGET || self.steps >= self.max_steps / CASE_SPLIT_SHARE {
                return self.function_in(function, Bindings::default());
            }
            runs += 1;
            let case = Rc::new(case);
            let mut errors = self.function_in(function, Bindings::in_case(case.clone()));
            if let Some(refinement) = self.bindings.refinement() {
                work.extend(case.refine(&refinement).into_iter().rev());
                continue;
            }
            if let Some(values) = case.describe() {
                let example = match case.example() {
                    Some(example) if !self.bindings.undecided() => format!("; for example {example}"),
                    _ => String::new(),
                };
                for error in &mut errors {
                    error.message.push_str(&format!(" (for {values}{example})"));
                }
            }
            if !errors.is_empty() {
                return errors;
            }
        }
        Vec::new()
    }

    /// The races in `function` under `bindings`, in execution order.
    fn function_in(&mut self, function: OperationRef<'c, 'a>, bindings: Bindings) -> Vec<Race<'c>> {
        self.bindings = bindings;
        self.loops.clear();
        self.errors.clear();
        let mut state = State::default();
        self.regions(function, &mut state);
        std::mem::take(&mut self.errors)
    }

    /// The regions of `op`: its one region (a function, a commit region, an
    /// async scope) in control-flow order; several regions, of an op the
    /// analysis does not model, in any order ([`Self::any_order`]).
    fn regions(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let regions: Vec<_> = (0..op.region_count()).filter_map(|i| op.region(i).ok()).collect();
        match regions[..] {
            [] => {}
            [region] => self.region(region, state),
            _ => self.any_order(op, state),
        }
    }

    /// One region: its block, or its blocks in control-flow order, each
    /// from the join of what its predecessors leave (a block revisited by a
    /// back edge makes the slices inexact); the state after it joins the
    /// blocks that leave the region.
    fn region(&mut self, region: RegionRef<'c, 'a>, state: &mut State) {
        let blocks = ir::region_blocks(region);
        if blocks.len() <= 1 {
            for block in blocks {
                self.block(block, state);
            }
            return;
        }
        if let Some(exit) = self.region_path(&blocks, state) {
            *state = exit;
            return;
        }
        let exact = self.exact;
        let mut entry: Vec<Option<State>> = vec![None; blocks.len()];
        entry[0] = Some(state.clone());
        let mut visits = vec![0usize; blocks.len()];
        let mut work = vec![0usize];
        let mut exit: Option<State> = None;
        while let Some(i) = work.pop() {
            visits[i] += 1;
            if visits[i] > 1 {
                self.exact = false;
            }
            if visits[i] > 64 {
                // Does not settle: spend the budget (reported as not proven).
                self.steps = self.max_steps;
                break;
            }
            let mut out = entry[i].clone().expect("queued blocks have an entry state");
            self.block(blocks[i], &mut out);
            let successors: Vec<BlockRef> = ir::terminator(blocks[i]).map(|t| t.successors().collect()).unwrap_or_default();
            if successors.is_empty() {
                match exit.as_mut() {
                    Some(e) => e.join(&out),
                    None => exit = Some(out.clone()),
                }
            }
            for successor in successors {
                let Some(j) = blocks.iter().position(|b| *b == successor) else { continue };
                let changed = match entry[j].as_mut() {
                    None => {
                        entry[j] = Some(out.clone());
                        true
                    }
                    Some(old) => {
                        let mut joined = old.clone();
                        joined.join(&out);
                        let changed = joined != *old;
                        *old = joined;
                        changed
                    }
                };
                if changed && !work.contains(&j) {
                    work.push(j);
                }
            }
        }
        self.exact = exact;
        if let Some(exit) = exit {
            *state = exit;
        }
    }

    /// A region in CFG form (after `convert-scf-to-cf`: loops are blocks
    /// whose arguments carry the induction variable, rotated slots and
    /// groups) run as it executes, when every branch on the way is decided
    /// by the bindings: each block from the state its predecessor left,
    /// the integers it passes bound to the successor's arguments and the
    /// groups forwarded, as an `scf.for` is simulated iteration by
    /// iteration. None when a branch is undecided or the path is longer
    /// than [`PATH_BUDGET`] blocks: the caller joins over every path then.
    fn region_path(&mut self, blocks: &[BlockRef<'c, 'a>], state: &State) -> Option<State> {
        let mut at = 0usize;
        let mut x = state.clone();
        let mut bound: Vec<Value<'c, 'a>> = Vec::new();
        let mut result = None;
        for _ in 0..PATH_BUDGET {
            if self.bindings.refinement().is_some() || self.steps >= self.max_steps {
                break;
            }
            let block = blocks[at];
            for op in ir::ops(block) {
                if Upstream::CfBr.is(op) || Upstream::CfCondBr.is(op) {
                    break;
                }
                self.op(op, &mut x);
            }
            let Some(terminator) = ir::terminator(block) else { break };
            if !matches!(Upstream::of(terminator), Some(Upstream::CfBr | Upstream::CfCondBr)) {
                // Any other terminator without successors leaves the region.
                if terminator.successors().next().is_none() {
                    result = Some(x);
                }
                break;
            }
            let Some((successor, operands)) = self.taken_edge(terminator) else { break };
            let arguments: Vec<Value> = (0..successor.argument_count()).filter_map(|i| successor.argument(i).ok().map(Into::into)).collect();
            // Read every operand before binding any argument (a back edge
            // may pass the arguments back in another order).
            let forms: Vec<Option<Affine>> = operands.iter().map(|v| self.bindings.form(*v)).collect();
            for (argument, form) in arguments.iter().zip(forms) {
                match form {
                    Some(form) if argument.r#type().is_index() || argument.r#type().is_integer() => {
                        self.bindings.bind_form(*argument, form);
                        bound.push(*argument);
                    }
                    _ => self.bindings.unbind(*argument),
                }
            }
            x.forward_groups(operands.into_iter(), arguments.into_iter());
            let Some(next) = blocks.iter().position(|b| *b == successor) else { break };
            at = next;
        }
        for argument in bound {
            self.bindings.unbind(argument);
        }
        result
    }

    /// The successor a `cf.br` or `cf.cond_br` goes to under the bindings,
    /// with the operands it passes; None when the condition is not known.
    fn taken_edge(&self, terminator: OperationRef<'c, 'a>) -> Option<(BlockRef<'c, 'a>, Vec<Value<'c, 'a>>)> {
        let taken = if Upstream::CfBr.is(terminator) {
            0
        } else {
            let condition = self.bindings.eval(terminator.operand(0).ok()?)?;
            usize::from(condition == 0)
        };
        Some((terminator.successors().nth(taken)?, ir::successor_operands(terminator, taken)?))
    }

    /// The regions of `op`, an op the analysis does not model: each may run
    /// any number of times, in any order, or not at all (the cases of an
    /// `scf.index_switch`, a loop it cannot simulate): the least state above the entry that running any
    /// one of them keeps below itself. Slices inside are not exact (errors
    /// say so). A state that does not settle within 64 rounds spends the
    /// function's budget (reported as not proven).
    fn any_order(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let exact = self.exact;
        self.exact = false;
        let regions: Vec<_> = (0..op.region_count()).filter_map(|i| op.region(i).ok()).collect();
        let mut h = state.clone();
        let mut settled = false;
        for _ in 0..64 {
            let mut next = h.clone();
            for &region in &regions {
                let mut y = h.clone();
                self.region(region, &mut y);
                next.join(&y);
            }
            if next == h {
                settled = true;
                break;
            }
            h = next;
        }
        if !settled {
            self.steps = self.max_steps;
        }
        self.exact = exact;
        *state = h;
    }

    fn block(&mut self, block: BlockRef<'c, 'a>, state: &mut State) {
        for op in ir::ops(block) {
            self.op(op, state);
        }
    }

    fn logical(queue: Option<i64>) -> Queue {
        Queue::Logical(queue.unwrap_or(0))
    }

    fn op(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        if self.bindings.refinement().is_some() || self.steps >= self.max_steps {
            // The case is being split (this analysis is dropped), or the
            // function's budget is spent.
            return;
        }
        self.steps += 1;
        match AsyncpipeOp::of(op) {
            Some(AsyncpipeOp::Copy(_) | AsyncpipeOp::Mma(_) | AsyncpipeOp::AsyncScope(_)) if !asyncpipe::is_synchronous_mma(op) => {
                return self.async_op(op, Self::logical(asyncpipe::queue_of(op)), state);
            }
            Some(AsyncpipeOp::CommitQueue(commit)) => {
                self.regions(op, state);
                let queue = Self::logical(commit.queue());
                return state.commit(queue, self.function.cap(queue));
            }
            Some(AsyncpipeOp::Commit(commit)) => {
                let queue = Self::logical(commit.queue());
                return state.commit(queue, self.function.cap(queue));
            }
            Some(AsyncpipeOp::CommitGroup(commit)) => {
                // Its members: the async ops of its region (in loops nested
                // in it too), or those whose tokens it names.
                self.regions(op, state);
                let members = self.members.entry(OpKey::of(op)).or_insert_with(|| {
                    let nested = ir::nested_ops(op).into_iter().filter(|o| async_effects::issues_queued_work(*o));
                    Rc::new(nested.chain(op.operands().filter_map(ir::defining_op)).map(OpKey::of).collect())
                });
                let members = members.clone();
                let group = ir::has_uses(commit.group()).then(|| ValueKey::of(commit.group()));
                let queue = Self::logical(commit.queue());
                return state.commit_group(queue, self.function.cap(queue), &members, &self.function.counting, group);
            }
            Some(AsyncpipeOp::Completed(completed)) => {
                state.groups.insert(ValueKey::of(completed.group()), BTreeSet::new());
                return;
            }
            Some(AsyncpipeOp::Wait(wait)) => {
                for group in wait.groups() {
                    state.wait_group(ValueKey::of(group), &self.function.bulk);
                }
                return;
            }
            Some(AsyncpipeOp::WaitQueue(wait)) => {
                // A count computed from induction variables (an epilogue's
                // `2 - i`) is known while the loop is simulated.
                // Below 0 it waits as 0 does.
                let computed = || wait.dynamic_count().and_then(|count| self.bindings.eval(count)).map(|count| count.max(0));
                if let Some(count) = wait_count(op).or_else(computed) {
                    state.wait(Self::logical(wait.queue()), count, &self.function.bulk);
                }
                return;
            }
            _ => {}
        }
        match Upstream::of(op) {
            _ if sync_state::effect(op) == QueueEffect::Commit(Queue::CpAsync) => {
                state.commit(Queue::CpAsync, self.function.cap(Queue::CpAsync));
                // cp.async.commit_group commits every copy of the thread, and
                // nvgpu's group token stands for all of them (and, the queue
                // being in order, for every group before).
                if let Ok(group) = op.result(0) {
                    if self.function.token_form && ir::has_uses(group.into()) {
                        state.name_group(Queue::CpAsync, ValueKey::of(group));
                    }
                }
            }
            Some(Upstream::NvgpuDeviceAsyncWait) => {
                // (A wait on a copy token that no group committed, directly
                // or through loops and branches, is reported from the
                // in-flight analysis: `uncommitted_waits`.)
                // Without numGroups the wait is on its token's group, as
                // nvgpu documents it (and as token-to-count and to-nvgpu
                // read it to compute an exact count); upstream's lowering,
                // which waits for everything, is one correct implementation.
                match ir::int_attr(op, attr::NUM_GROUPS) {
                    Some(count) => state.wait(Queue::CpAsync, count, &self.function.bulk),
                    None => {
                        if let Ok(group) = op.operand(0) {
                            state.wait_group(ValueKey::of(group), &self.function.bulk);
                        }
                    }
                }
            }
            Some(Upstream::NvvmCpAsyncWaitGroup) => {
                if let QueueEffect::Wait { count: Some(count), .. } = sync_state::effect(op) {
                    state.wait(Queue::CpAsync, count, &self.function.bulk);
                }
            }
            Some(Upstream::ScfFor) => self.memoized_loop(op, state),
            Some(Upstream::ScfIf) => self.if_op(op, state),
            Some(Upstream::ScfExecuteRegion) => self.execute_region(op, state),
            Some(Upstream::ScfWhile) => self.while_loop(op, state),
            Some(Upstream::FuncFunc | Upstream::GpuFunc) => {}
            Some(Upstream::GpuBarrier) => state.barrier(),
            _ => {
                // Any other op whose AsyncEffectOpInterface puts its work on
                // a counted queue: nvgpu's cp.async (the target's queue), and
                // other dialects' ops on logical queues.
                if let Some(name) = async_effects::work_queue(op) {
                    let queue = match name {
                        QueueName::Target => Queue::CpAsync,
                        _ => Self::logical(asyncpipe::queue_of(op)),
                    };
                    return self.async_op(op, queue, state);
                }
                if !effects::is_view(op) {
                    // Whether the op writes matters only against pending reads.
                    let access = state.pending.keys().any(|p| p.kind == Kind::Read).then(|| effects::access(op));
                    // A memref the op declares no effect on is not accessed
                    // (a yield or branch passing it on, memref.dim); an op
                    // of unknown effects accesses all it is given.
                    let declared = if op.region_count() == 0 { ir::memory_effects(op) } else { None };
                    let untouched = |operand: Value| {
                        operand.r#type().is_mem_ref()
                            && declared.as_ref().is_some_and(|effects| effects.iter().all(|(_, v)| v.is_some_and(|v| v != operand)))
                    };
                    for operand in op.operands() {
                        if is_storage(operand) && !untouched(operand) {
                            let writes = access.as_ref().is_some_and(|a| a.writes_root(effects::root(operand)));
                            let kind = if writes { Kind::Write } else { Kind::Read };
                            self.sync_access(op, operand, kind, state);
                        }
                    }
                }
                if op.region_count() > 0 {
                    self.unknown_loop(op, state);
                }
                self.cooperative(op, state);
            }
        }
    }

    /// Block scope: an op whose AsyncEffectOpInterface says its writes are
    /// complete for every thread at the next block barrier (a cooperative
    /// copy into workgroup memory, which may finish in one thread before
    /// another has written its part): what it writes stays unpublished, as
    /// another thread's write, until a barrier.
    fn cooperative(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        if !self.function.block_scope {
            return;
        }
        let Some(groups) = async_effects::async_effect_groups(op) else { return };
        for group in groups.iter().filter(|g| g.sync == AsyncSync::BlockBarrier && g.scope == AsyncScope::Block) {
            for effect in group.accesses.iter().filter(|e| e.write && is_workgroup(e.value)) {
                let (root, slice) = self.accessed(effect.accessor, effect.value);
                self.register(op);
                for base in self.function.bases(root) {
                    state.unpublished.insert(Pending {
                        producer: OpKey::of(op),
                        queue: Queue::Logical(-1),
                        base,
                        slice: slice.clone(),
                        kind: Kind::Write,
                        shared: true,
                        uniform: false,
                        cooperative: true,
                        accumulates: false,
                    });
                }
            }
        }
    }

    /// Async op `op`, issued on `queue`: its accesses are checked against
    /// what is pending now, then each becomes pending. A copy's write races
    /// only with pending reads (it could land before they are done); the
    /// stores of an `async_scope` are checked as synchronous writes, against
    /// pending writes too.
    fn async_op(&mut self, op: OperationRef<'c, 'a>, queue: Queue, state: &mut State) {
        let scope = AsyncScopeOp::is(op);
        let accesses = async_accesses(op);
        // An MMA into an accumulator that earlier MMAs on its queue still
        // add into is ordered after them (wgmma's chained accumulation):
        // those accesses are not checked against it.
        self.chained = MmaOp::cast(op).map(|mma| (queue, effects::root(mma.acc())));
        for &(accessor, value, kind) in &accesses {
            match kind {
                Kind::Write if !scope => self.check_async_write(accessor, value, state),
                _ => {
                    self.check_access(accessor, value, kind, state);
                }
            }
        }
        self.chained = None;
        if self.function.token_form {
            state.latest.remove(&OpKey::of(op));
        }
        for (accessor, value, kind) in accesses {
            self.issue(op, accessor, value, queue, kind, state);
        }
    }

    /// Records that `producer` (an async op) reads or writes `value`, through
    /// `accessor` (itself or an op nested in it), until it completes.
    fn issue(&mut self, producer: OperationRef<'c, 'a>, accessor: OperationRef, value: Value, queue: Queue, kind: Kind, state: &mut State) {
        let (root, slice) = self.accessed(accessor, value);
        let shared = self.function.block_scope && is_workgroup(value);
        let uniform = shared && kind == Kind::Write && self.is_uniform_copy(producer);
        for base in self.function.bases(root) {
            if kind == Kind::Read && self.function.written.as_ref().is_some_and(|written| !written.contains(&base)) {
                continue;
            }
            self.register(producer);
            let accumulates = MmaOp::cast(producer).is_some_and(|mma| mma.acc() == value);
            let pending = Pending {
                producer: OpKey::of(producer),
                queue,
                base,
                slice: slice.clone(),
                kind,
                shared,
                uniform,
                cooperative: false,
                accumulates,
            };
            if self.function.token_form {
                state.latest.entry(pending.producer).or_default().insert(pending.clone());
            }
            state.issue(pending);
        }
    }

    /// A synchronous access of `kind` to `value` now: it races with every
    /// pending write it may overlap, and, if it writes, with every pending
    /// read. Returns the access at block scope ([`Self::shared_access`]).
    fn check_access(&mut self, access: OperationRef<'c, 'a>, value: Value, kind: Kind, state: &State) -> Option<(Root, Slice)> {
        self.check_against(access, value, state, |pending| pending == Kind::Write || kind == Kind::Write);
        let shared = self.shared_access(access, value)?;
        self.check_other_threads(access, shared.0, &shared.1, kind, true, state);
        Some(shared)
    }

    /// [`Self::check_access`] for a synchronous op (not an async op's
    /// access): at block scope a read is recorded in
    /// [`State::shared_reads`].
    fn sync_access(&mut self, access: OperationRef<'c, 'a>, value: Value, kind: Kind, state: &mut State) {
        if let Some((root, slice)) = self.check_access(access, value, kind, state) {
            if kind == Kind::Read {
                self.record_shared_read(access, root, slice, state);
            }
        }
    }

    /// An async op's write to `value`, issued now: it races with the pending
    /// reads it may overlap (it could land before they are done).
    fn check_async_write(&mut self, access: OperationRef<'c, 'a>, value: Value, state: &State) {
        let ordered = self.ordered_writes;
        self.check_against(access, value, state, |pending| pending == Kind::Read || (ordered && pending == Kind::Write));
        if let Some((root, slice)) = self.shared_access(access, value) {
            self.check_other_threads(access, root, &slice, Kind::Write, false, state);
        }
    }

    /// At block scope, the root and slice of an access to workgroup memory
    /// `value` (which the block's other threads share); None otherwise.
    fn shared_access(&self, access: OperationRef, value: Value) -> Option<(Root, Slice)> {
        (self.function.block_scope && is_workgroup(value)).then(|| self.accessed(access, value))
    }

    /// Block scope: an access of kind `kind` to `slice` of workgroup buffer
    /// `root` by one thread, against what the block's other threads may be
    /// doing there (every thread runs the same code, so what is pending or
    /// unpublished here is there too). A read or write meets another
    /// thread's async write unless that thread's wait and then a barrier
    /// came between (`against_writes`: false for an async write, which, as
    /// in one thread, is ordered only against reads); a write meets other
    /// threads' reads unless a barrier came after them. Slices that
    /// [`thread_scope::disjoint_across_threads`] proves apart never meet.
    fn check_other_threads(&mut self, access: OperationRef<'c, 'a>, root: Root, slice: &Slice, kind: Kind, against_writes: bool, state: &State) {
        if self.only_between_threads && !self.errors.is_empty() {
            return;
        }
        let bases = self.function.bases(root);
        let spans = slice.spans();
        let shape = self.function.shape;
        let meets = |base: &Root, other: &Slice| {
            bases.contains(base) && !thread_scope::disjoint_across_threads(&spans, &other.spans(), &shape)
        };
        let order = |key: &OpKey| self.producers.get(key).map_or(usize::MAX, |p| p.0);
        let racing = state.pending.keys().filter(|p| p.shared && meets(&p.base, &p.slice));
        let mut found: Option<(OpKey, &str, &str)> = None;
        if against_writes {
            // A uniform copy writes, in every thread, the bytes this thread's
            // own copy wrote: a read of it is not a race (a write is).
            let matters = |p: &&Pending| !(p.uniform && kind == Kind::Read);
            if let Some(p) = racing.clone().filter(|p| p.kind == Kind::Write).filter(matters).min_by_key(|p| order(&p.producer)) {
                found = Some((
                    p.producer,
                    "accesses workgroup memory that another thread's asynchronous write may still be writing: a wait completes only its own thread's copies, so that thread's wait and then a barrier must come first",
                    "the asynchronous write (in another thread)",
                ));
            } else if let Some(p) = state.unpublished.iter().filter(|p| meets(&p.base, &p.slice)).filter(matters).min_by_key(|p| order(&p.producer)) {
                found = Some(if p.cooperative {
                    (
                        p.producer,
                        "accesses workgroup memory that a cooperative operation writes, with no barrier since: its effects are complete for every thread only at the next block barrier",
                        "the cooperative write",
                    )
                } else {
                    (
                        p.producer,
                        "accesses workgroup memory that another thread wrote asynchronously, with no barrier since the wait that completed the write there (a wait completes only its own thread's copies)",
                        "the asynchronous write (in another thread)",
                    )
                });
            }
        }
        if found.is_none() && kind == Kind::Write {
            if let Some(p) = racing.filter(|p| p.kind == Kind::Read).min_by_key(|p| order(&p.producer)) {
                found = Some((p.producer, "writes workgroup memory that another thread's asynchronous read may still be reading", "the asynchronous read (in another thread)"));
            } else if let Some(r) = state.shared_reads.iter().filter(|r| meets(&r.base, &r.slice)).min_by_key(|r| order(&r.reader)) {
                found = Some((r.reader, "writes workgroup memory that other threads may still be reading: no barrier since their read", "the read (in other threads)"));
            }
        }
        if let Some((other, message, note)) = found {
            let proof = if self.exact { "" } else { " (the loop's slices could not be computed exactly; the access could not be proven safe)" };
            self.report(Race {
                access: access.location(),
                message: format!("{message}{proof}"),
                note: Some((self.producers[&other].1, note.into())),
                between_threads: Some(OpKey::of(access)),
            });
        }
    }

    /// Records `error`: every race of a function, one an access (an access
    /// in a loop is reported once, not once an iteration); only the first
    /// hazard between threads when only those are asked for.
    fn report(&mut self, error: Race<'c>) {
        if self.only_between_threads {
            if self.errors.is_empty() && error.between_threads.is_some() {
                self.errors.push(error);
            }
            return;
        }
        if !self.errors.iter().any(|e| e.access == error.access) {
            self.errors.push(error);
        }
    }

    /// Whether `op` is a copy that every thread of the block issues alike:
    /// none of its operands depends on the thread.
    fn is_uniform_copy(&self, op: OperationRef) -> bool {
        let copy = CopyOp::is(op) || Upstream::NvgpuDeviceAsyncCopy.is(op);
        copy && op.operands().all(|v| !self.function.varying.contains(&ValueKey::of(v)))
    }

    /// Block scope: records a synchronous read of `slice` of workgroup
    /// buffer `root` that async ops write, which a write by another thread
    /// must not meet before a barrier.
    fn record_shared_read(&mut self, op: OperationRef<'c, 'a>, root: Root, slice: Slice, state: &mut State) {
        for base in self.function.bases(root) {
            if self.function.tracked.as_ref().is_some_and(|tracked| !tracked.contains(&base)) {
                continue;
            }
            self.register(op);
            state.shared_reads.insert(SharedRead { reader: OpKey::of(op), base, slice: slice.clone() });
        }
    }

    /// Gives `op` (an async op, or a read other threads may race with) its
    /// place in the order errors are reported in, and its location for notes.
    fn register(&mut self, op: OperationRef<'c, 'a>) {
        let order = self.producers.len();
        self.producers.entry(OpKey::of(op)).or_insert_with(|| (order, op.location()));
    }

    /// An index as a start: its value, or at block scope a constant plus
    /// thread ids ([`thread_scope::thread_form`]); None where unknown.
    fn index_form(&self, index: Value) -> (Option<i64>, ThreadTerms) {
        if let Some(value) = self.bindings.eval(index) {
            return (Some(value), ThreadTerms::default());
        }
        if !self.function.block_scope {
            return (None, ThreadTerms::default());
        }
        match thread_scope::thread_form(index, &|v| self.bindings.eval(v)) {
            Some(form) => (Some(form.constant), form.threads),
            None => (None, ThreadTerms::default()),
        }
    }

    fn check_against(&mut self, access: OperationRef<'c, 'a>, value: Value, state: &State, races: impl Fn(Kind) -> bool) {
        if self.only_between_threads {
            return; // a race within one thread is not reported then
        }
        let bases = self.function.bases(effects::root(value));
        if !state.pending.keys().any(|pending| bases.contains(&pending.base)) {
            return;
        }
        let (_, slice) = self.accessed(access, value);
        // Of the accesses it races with, the one whose producer the analysis
        // met first (pending accesses are ordered by op address, which is
        // not the same from run to run).
        let chained = self.chained;
        let first = state
            .pending
            .iter()
            .filter(|(pending, _)| !chained.is_some_and(|(q, acc)| pending.accumulates && pending.queue == q && pending.base == acc))
            .filter(|(pending, _)| bases.contains(&pending.base) && races(pending.kind) && pending.slice.overlaps(&slice))
            // Of one producer's, its write first (an MMA reads and writes its
            // accumulator; the write is what makes any access race).
            .min_by_key(|(pending, _)| (self.producers[&pending.producer].0, pending.kind != Kind::Write));
        if let Some((pending, after)) = first {
            let status = match after {
                None => "before the group holding it is committed".to_string(),
                Some(a) if *a >= self.function.cap(pending.queue) => {
                    format!("while its group may be in flight: no wait on {} followed it", pending.queue)
                }
                Some(a) => format!(
                    "while its group may be in flight: only {a} group(s) were committed after it and no wait on {} allowed at most that many",
                    pending.queue
                ),
            };
            let proof = if !self.exact {
                " (the loop's slices could not be computed exactly; the access could not be proven safe)"
            } else if state.over_counts.contains(pending) {
                " (left by a loop with a run-time trip count, for some trip count; the access could not be proven safe)"
            } else if state.inexact.contains(pending) {
                " (left by a loop the analysis could not simulate, or a branch it could not decide; the access could not be proven safe)"
            } else {
                ""
            };
            let (message, note) = match pending.kind {
                Kind::Write if is_accumulator(value) => (
                    "accesses an accumulator that an asynchronous MMA may still be writing",
                    "the asynchronous MMA into the accumulator",
                ),
                Kind::Write => ("accesses memory that an asynchronous operation may still be writing", "the asynchronous write"),
                Kind::Read => ("writes memory that an asynchronous operation may still be reading", "the asynchronous read"),
            };
            self.report(Race {
                access: access.location(),
                message: format!("{message}, {status}{proof}"),
                note: Some((self.producers[&pending.producer].1, note.into())),
                between_threads: None,
            });
        }
    }

    /// The root buffer and slice that `op` touches through `value`: the
    /// view's slice, narrowed to one element for loads and stores with
    /// known indices.
    fn accessed(&self, op: OperationRef, value: Value) -> (Root, Slice) {
        let mut view = self.resolve(value);
        let packed = view.packed.take();
        let (root, slice) = self.accessed_in(op, value, view);
        match packed {
            Some(packed) => (packed.buffer, packed.bytes(&slice)),
            None => (root, slice),
        }
    }

    /// [`Self::accessed`] in the coordinates of `view`'s root.
    fn accessed_in(&self, op: OperationRef, value: Value, view: View) -> (Root, Slice) {
        let Some((indices, extents)) = effects::element_access(op, value) else { return (view.root, view.slice) };
        let collective = upstream::is_warp_collective_access(op);
        let (indices, threads): (Vec<Option<i64>>, Vec<ThreadTerms>) = indices
            .into_iter()
            .map(|i| match self.index_form(i) {
                // The lanes of a warp collective touch each other's
                // indices: a dimension whose index differs between threads
                // is any index there.
                (_, terms) if collective && !terms.is_zero() => (None, ThreadTerms::default()),
                form => form,
            })
            .unzip();
        let count = indices.len();
        let element = match view.indexing {
            // An access of the root buffer itself.
            Indexing::Root => {
                Slice(indices.into_iter().zip(extents).map(|(i, e)| (i, Some(e))).collect(), vec![Some(1); count], threads)
            }
            Indexing::Subview if view.slice.0.len() == count && view.slice.1.iter().all(|s| *s == Some(1)) => {
                let starts = view.slice.0.iter().zip(indices).map(|((o, _), i)| o.zip(i).and_then(|(o, i)| o.checked_add(i)));
                let sums = threads.iter().enumerate().map(|(d, t)| view.slice.threads(d).add(t));
                // A sum of thread terms that overflows leaves the start unknown.
                let (starts, threads): (Vec<Option<i64>>, Vec<ThreadTerms>) =
                    starts.zip(sums).map(|(start, sum)| match sum {
                        Some(sum) => (start, sum),
                        None => (None, ThreadTerms::default()),
                    }).unzip();
                Slice(starts.into_iter().zip(extents).map(|(start, e)| (start, Some(e))).collect(), vec![Some(1); count], threads)
            }
            Indexing::Subview | Indexing::Opaque => view.slice,
        };
        (view.root, element)
    }

    /// The root buffer of a memref value and the slice of it that the value
    /// covers, through `memref.subview`s and casts. Through any other view
    /// (a reshape, a transpose, a reinterpretation) the coordinates are not
    /// the root's: the whole buffer; so for a memref that may be one of
    /// several buffers ([`FunctionFacts::aliases`]).
    fn resolve(&self, value: Value) -> View {
        // The slice is that of the subview applied to the root buffer: a
        // subview of a subview covers part of it, so it is a sound bound in
        // the root's coordinates (e.g. a version of a multi-buffer, then a
        // tile of it). Through more than one subview, element accesses only
        // know that bound (strides unknown).
        let mut current = value;
        let mut slice = Slice::whole();
        let mut subviews = 0;
        let mut chain = Vec::new();
        let mut opaque = false;
        let mut packed = None;
        // The reshape nearest `value` (its result type), when the chain to
        // the root below it has casts and reshapes only: the slice above it
        // is in its coordinates, and a reshape of an identity layout keeps
        // the elements' order, so its byte ranges are the root's.
        let mut reshaped: Option<Type> = None;
        let mut below_reshape_ok = true;
        while let Some(def) = ir::defining_op(current) {
            let reshape = matches!(Upstream::of(def), Some(Upstream::MemrefCollapseShape | Upstream::MemrefExpandShape));
            if reshape && !opaque {
                if reshaped.is_none() {
                    reshaped = def.result(0).ok().map(|r| Value::from(r).r#type());
                }
            } else if reshaped.is_some()
                && effects::is_view(def)
                && def.operand_count() > 0
                && !matches!(Upstream::of(def), Some(Upstream::MemrefCast | Upstream::MemrefMemorySpaceCast))
            {
                // A subview or another view below the reshape moves its
                // coordinates: the whole buffer.
                below_reshape_ok = false;
                opaque = true;
            } else if Upstream::MemrefSubview.is(def) {
                slice = self.subview_slice(def);
                subviews += 1;
                chain.push(def);
            } else if let Some(view) = Packed::of(def, &self.bindings).filter(|_| !opaque) {
                // The view is the root of what is above it; its bytes are
                // placed in the packed buffer at the end.
                packed = Some(view);
                break;
            } else if effects::is_view(def) && def.operand_count() > 0 {
                opaque |= !matches!(Upstream::of(def), Some(Upstream::MemrefCast | Upstream::MemrefMemorySpaceCast));
            } else {
                break;
            }
            current = def.operand(0).unwrap();
        }
        let root = effects::Root::of(current);
        if opaque || !below_reshape_ok || self.function.aliases.contains_key(&root) {
            return View { root, slice: Slice::whole(), indexing: Indexing::Opaque, packed: None };
        }
        if packed.is_none() && self.function.linear.contains(&root) {
            // A root some reshape views: every access to it is placed in
            // bytes, through the reshape or not, so that both compare.
            let ty = reshaped.unwrap_or_else(|| current.r#type());
            match (Packed::linear(root, current.r#type()), Packed::linear(root, ty)) {
                (Some(_), Some(view)) => packed = Some(view),
                _ => return View { root, slice: Slice::whole(), indexing: Indexing::Opaque, packed: None },
            }
        } else if reshaped.is_some() && packed.is_none() {
            return View { root, slice: Slice::whole(), indexing: Indexing::Opaque, packed: None };
        }
        if subviews > 1 {
            match self.composed(&chain) {
                Some(composed) => slice = composed,
                None => {
                    let count = slice.1.len();
                    slice.1 = vec![None; count];
                }
            }
        }
        let indexing = if subviews == 0 { Indexing::Root } else { Indexing::Subview };
        View { root, slice, indexing, packed }
    }

    /// The slice of the root that a chain of subviews (innermost first)
    /// covers, when every one has unit strides and drops no dimension or
    /// exactly its unit ones (so which root dimension each of its
    /// dimensions is, is known): starts add up, thread terms too, and the
    /// innermost sizes stay (a version of a multi-buffer, then a thread's
    /// row of it). None otherwise.
    fn composed(&self, chain: &[OperationRef]) -> Option<Slice> {
        let kept = |subview: OperationRef| -> Option<Vec<usize>> {
            let sizes = ir::dense_i64_attr(subview, attr::STATIC_SIZES)?;
            let rank = ir::shape(subview.result(0).ok()?.r#type()).len();
            if sizes.len() == rank {
                return Some((0..rank).collect());
            }
            let kept: Vec<usize> = (0..sizes.len()).filter(|&d| sizes[d] != 1).collect();
            (kept.len() == rank).then_some(kept)
        };
        let unit = |slice: &Slice| slice.1.iter().all(|s| *s == Some(1));
        let mut views = chain.iter().rev();
        let outer = *views.next()?;
        let mut slice = self.subview_slice(outer);
        if !unit(&slice) {
            return None;
        }
        slice.2.resize(slice.0.len(), ThreadTerms::default());
        // Root dimension of each dimension of the current view.
        let mut dims: Vec<usize> = kept(outer)?;
        for &view in views {
            let inner = self.subview_slice(view);
            if !unit(&inner) || inner.0.len() != dims.len() {
                return None;
            }
            for (j, &d) in dims.iter().enumerate() {
                let start = slice.0[d].0.zip(inner.0[j].0).and_then(|(a, b)| a.checked_add(b));
                let threads = slice.threads(d).add(&inner.threads(j))?;
                slice.0[d] = (start, inner.0[j].1);
                slice.2[d] = threads;
            }
            let next = kept(view)?;
            dims = next.into_iter().map(|j| dims[j]).collect();
        }
        Some(slice)
    }

    fn subview_slice(&self, subview: OperationRef) -> Slice {
        let offsets = ir::dense_i64_attr(subview, attr::STATIC_OFFSETS).unwrap_or_default();
        let sizes = ir::dense_i64_attr(subview, attr::STATIC_SIZES).unwrap_or_default();
        // Dynamic entries (i64::MIN) take the next dynamic operand, in order:
        // operand 0 is the source, then offsets, sizes, strides. Offsets may
        // depend on thread ids; sizes and strides are values.
        let mut operand = 1;
        let mut next = |e: i64| -> Option<Option<Value>> {
            (e == i64::MIN).then(|| {
                operand += 1;
                subview.operand(operand - 1).ok()
            })
        };
        let (offsets, offset_threads): (Vec<Option<i64>>, Vec<ThreadTerms>) = offsets
            .iter()
            .map(|&e| match next(e) {
                Some(value) => value.map_or((None, ThreadTerms::default()), |v| self.index_form(v)),
                None => (Some(e), ThreadTerms::default()),
            })
            .unzip();
        let mut resolve = |entries: &[i64]| -> Vec<Option<i64>> {
            entries
                .iter()
                .map(|&e| match next(e) {
                    Some(value) => value.and_then(|v| self.bindings.eval(v)),
                    None => Some(e),
                })
                .collect()
        };
        let sizes = resolve(&sizes);
        let strides = resolve(&ir::dense_i64_attr(subview, attr::STATIC_STRIDES).unwrap_or_default());
        let extents = sizes
            .iter()
            .zip(&strides)
            .map(|(size, stride)| size.zip(*stride).and_then(|(n, s)| extent(n, s)))
            .collect::<Vec<_>>();
        // A negative stride walks down from the offset: the slice starts
        // (size - 1) * |stride| below it.
        let starts = offsets.iter().zip(&sizes).zip(&strides).map(|((offset, size), stride)| match (offset, size, stride) {
            (Some(o), Some(n), Some(s)) if *s < 0 && *n > 0 => (n - 1).checked_mul(*s).and_then(|down| o.checked_add(down)),
            (_, _, None) => None,
            _ => *offset,
        });
        Slice(starts.zip(extents).collect(), strides, offset_threads)
    }

    fn if_op(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let (taken, undecided) = self.bindings.watch(|b| b.taken_branch(op));
        if taken.is_none() && undecided {
            // A condition on the arguments the analysis cannot decide (a
            // division by an argument): either branch may be infeasible, so
            // what they leave is not proven.
            let entry = state.clone();
            let exact = self.exact;
            self.exact = false;
            self.if_branches(op, None, state);
            self.exact = exact;
            state.inexact_since(&entry);
            return;
        }
        self.if_branches(op, taken, state);
    }

    fn if_branches(&mut self, op: OperationRef<'c, 'a>, taken: Option<usize>, state: &mut State) {
        let token_form = self.function.token_form;
        let run = &mut |block: BlockRef<'c, 'a>, s: &mut State| {
            self.block(block, s);
            if token_form {
                if let Some(yield_op) = ir::terminator(block) {
                    s.forward_groups(yield_op.operands(), op.results().map(Into::into));
                }
            }
        };
        visit_if(op, taken, state, run, |a, b| a.join(b));
        self.bind_if_results(op, taken);
    }

    /// `scf.while`: the before region runs first and at every iteration; the
    /// loop leaves right after it (where its condition is false), and the
    /// after region runs only after it. The state at the top of the before
    /// region is the least fixpoint above the entry of "before, then after";
    /// the state after the loop joins the before region's exits over every
    /// iteration. (It was analyzed as an op the analysis does not model:
    /// either region any number of times in any order, so an after region's
    /// copy met a read after the loop that its before region's wait
    /// completed.) Groups follow the loop's values: the inits and the after
    /// region's yields into the before region's arguments, the condition's
    /// operands into the after region's arguments and the results. Slices
    /// inside are not exact (iterations are joined, not simulated); a state
    /// that does not settle within 64 rounds spends the budget.
    fn while_loop(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let (Some(before), Some(after)) = (ir::region_entry(op, 0), ir::region_entry(op, 1)) else {
            return self.unknown_loop(op, state);
        };
        let (Some(condition), Some(yield_op)) = (ir::terminator(before), ir::terminator(after)) else {
            return self.unknown_loop(op, state);
        };
        let arguments = |block: BlockRef<'c, 'a>| (0..block.argument_count()).filter_map(move |i| block.argument(i).ok()).map(Value::from);
        // The loop's integers are unknown in it (each iteration may differ)
        // and after it.
        let values: Vec<Value> = arguments(before).chain(arguments(after)).chain(op.results().map(Into::into)).collect();
        for value in &values {
            self.bindings.unbind(*value);
        }
        let exact = self.exact;
        self.exact = false;
        let entry = state.clone();
        let mut top = state.clone();
        top.forward_groups(op.operands(), arguments(before));
        let mut exits: Option<State> = None;
        let mut settled = false;
        for _ in 0..64 {
            let mut ran = top.clone();
            self.block(before, &mut ran);
            let mut out = ran.clone();
            out.forward_groups(condition.operands().skip(1), op.results().map(Into::into));
            match exits.as_mut() {
                Some(e) => e.join(&out),
                None => exits = Some(out),
            }
            ran.forward_groups(condition.operands().skip(1), arguments(after));
            self.block(after, &mut ran);
            ran.forward_groups(yield_op.operands(), arguments(before));
            let mut next = top.clone();
            next.join(&ran);
            if next == top || self.steps >= self.max_steps {
                settled = next == top;
                break;
            }
            top = next;
        }
        if !settled {
            self.steps = self.max_steps;
        }
        self.exact = exact;
        let mut result = exits.unwrap_or(entry.clone());
        result.inexact_since(&entry);
        for value in values {
            self.bindings.unbind(value);
        }
        *state = result;
    }

    /// `scf.execute_region` runs its region once, in control-flow order (it
    /// is no loop: analyzed as one, a read before a copy in its body met
    /// that copy from a previous "iteration"). Its results are what its one
    /// exit block yields (groups forwarded, integers bound); with several
    /// exit blocks they are unknown (a group lost completes nothing).
    fn execute_region(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let Ok(region) = op.region(0) else { return };
        self.region(region, state);
        let exits: Vec<OperationRef> =
            ir::region_blocks(region).into_iter().filter_map(ir::terminator).filter(|t| Upstream::ScfYield.is(*t)).collect();
        match exits[..] {
            [yield_op] => {
                if self.function.token_form {
                    state.forward_groups(yield_op.operands(), op.results().map(Into::into));
                }
                for (k, result) in op.results().enumerate() {
                    let result: Value = result.into();
                    match yield_op.operand(k).ok().and_then(|v| self.bindings.form(v)) {
                        Some(form) if result.r#type().is_index() || result.r#type().is_integer() => self.bindings.bind_form(result, form),
                        _ => self.bindings.unbind(result),
                    }
                }
            }
            _ => {
                for result in op.results() {
                    state.groups.remove(&ValueKey::of(result));
                    self.bindings.unbind(result.into());
                }
            }
        }
    }

    /// Binds the integer results of `scf.if` `op` to what the branch that
    /// ran yields (`taken`), or to what both yield when they agree; unbinds
    /// them otherwise (a slot chosen by a branch, as a rotated ring's next
    /// slot is).
    fn bind_if_results(&mut self, op: OperationRef<'c, 'a>, taken: Option<usize>) {
        let yielded = |index: usize| ir::region_entry(op, index).and_then(ir::terminator);
        let branches: Vec<OperationRef> = match taken {
            Some(index) => yielded(index).into_iter().collect(),
            None => [yielded(0), yielded(1)].into_iter().collect::<Option<Vec<_>>>().unwrap_or_default(),
        };
        for (k, result) in op.results().enumerate() {
            let result: Value = result.into();
            if !(result.r#type().is_index() || result.r#type().is_integer()) {
                continue;
            }
            let forms: Vec<Option<Affine>> = branches.iter().map(|y| y.operand(k).ok().and_then(|v| self.bindings.form(v))).collect();
            match forms.first() {
                Some(Some(form)) if forms.iter().all(|f| f.as_ref() == Some(form)) => self.bindings.bind_form(result, form.clone()),
                _ => self.bindings.unbind(result),
            }
        }
    }

    /// [`Self::for_loop`], or the state it left when it last ran with the
    /// same [`LoopKey`]. Any error it found then was recorded then (only the
    /// first of a function is kept).
    fn memoized_loop(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let facts = self.facts_of(op);
        // Keying and the period walk the loop's values: count them as work.
        self.steps += (facts.live_ins.len() + facts.uses.len()) as u64;
        let live_ins = facts
            .live_ins
            .iter()
            .map(|value| {
                if value.r#type().is_mem_ref() {
                    let mut view = self.resolve(*value);
                    match view.packed.take() {
                        Some(packed) => LiveIn::Memref(packed.buffer, packed.bytes(&view.slice)),
                        None => LiveIn::Memref(view.root, view.slice),
                    }
                } else {
                    LiveIn::Integer(self.bindings.peek(*value))
                }
            })
            .collect();
        let key = LoopKey { op: OpKey::of(op), entry: state.clone(), exact: self.exact, live_ins };
        if let Some((exit, results)) = self.loops.get(&key).cloned() {
            *state = exit;
            self.bind_results(op, &results);
            return;
        }
        self.for_loop(op, state);
        if self.loops.len() >= MEMO_LIMIT {
            self.loops.clear();
        }
        let results: Vec<Option<Affine>> = op.results().map(|r| self.bindings.peek(r.into())).collect();
        self.loops.insert(key, (state.clone(), results));
    }

    /// Binds (or unbinds, for None) each integer result of `op` to a form.
    fn bind_results(&mut self, op: OperationRef<'c, 'a>, forms: &[Option<Affine>]) {
        for (result, form) in op.results().zip(forms) {
            match form {
                Some(form) => self.bindings.bind_form(result.into(), form.clone()),
                None => self.bindings.unbind(result.into()),
            }
        }
    }

    fn facts_of(&mut self, op: OperationRef<'c, 'a>) -> Rc<LoopFacts<'c, 'a>> {
        let function = &self.function;
        self.loop_facts.entry(OpKey::of(op)).or_insert_with(|| Rc::new(LoopFacts::of(op, function))).clone()
    }

    /// Simulates `scf.for` `op` from `state`. The integers it carries (slot
    /// indices rotated through iter_args) are bound iteration by iteration;
    /// its integer results are bound to their values when the exit is known
    /// exactly, and unknown otherwise.
    fn for_loop(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let Some(body) = op.region(0).ok().and_then(|r| r.first_block()) else { return };
        let integers = carried_integers(op, body);
        // Nothing is known of them from an earlier visit.
        self.release(op, &integers);
        let exit = self.simulate_for(op, body, &integers, state);
        self.release(op, &integers);
        if let Some(values) = exit {
            // Each carried integer's value to its own result (the loop may
            // carry other values, tokens and floats, before it).
            let mut results: Vec<Option<Affine>> = vec![None; op.result_count()];
            for ((argument, _, _), value) in integers.iter().zip(values) {
                let index = ir::argument_index(*argument).and_then(|i| i.checked_sub(1));
                if let Some(slot) = index.and_then(|i| results.get_mut(i)) {
                    *slot = value;
                }
            }
            self.bind_results(op, &results);
        }
    }

    /// [`Self::for_loop`]'s simulation: the carried integers' values at the
    /// exit, when the exit iteration is known.
    fn simulate_for(&mut self, op: OperationRef<'c, 'a>, body: BlockRef<'c, 'a>, integers: &[CarriedInteger<'c, 'a>], state: &mut State) -> Option<Vec<Option<Affine>>> {
        let induction: Value = body.argument(0).unwrap().into();
        let bounds = (op.operand(0).ok().and_then(|v| self.bindings.form(v)), op.operand(2).ok().and_then(|v| self.bindings.eval(v)));
        let (Some(lb), Some(step)) = bounds else {
            // A loop whose upper bound is not above its lower bound runs no
            // iteration, whatever its step.
            if self.runs_no_iteration(op) {
                // Its results are its inits.
                state.forward_groups(op.operands().skip(3), op.results().map(Into::into));
                return Some(integers.iter().map(|(_, init, _)| self.bindings.form(*init)).collect());
            }
            self.unknown_loop(op, state);
            return None;
        };
        let mut trips = periodicity::trip_count(&self.bindings, op.operand(1).ok(), &lb, step);
        let upper = trips.exact();
        let facts = self.facts_of(op);
        let carried = Carried { inner: &facts.inner_groups };
        let mut exits = state.clone(); // zero iterations, for a dynamic trip count
        exits.forward_groups(op.operands().skip(3), op.results().map(Into::into));
        // A state at the top of an iteration that repeats the one a whole
        // number of periods earlier starts a cycle: the iterations in
        // between see the same slices and conditions (periodicity::period).
        // Without a period, a loop is simulated to its end within the
        // budget, or analyzed with unknown slices.
        // The carried integers are in the cycle's key: periodicity takes
        // them as changing every iteration, so a period means no value it
        // evaluates depends on them, and a repeated key (phase, state,
        // carried values) repeats what follows.
        let period = periodicity::period(op, &lb, step, trips.bound(), trips.symbolic(), &self.bindings, &facts.uses);
        if period.is_none() && upper.is_none_or(|trips| trips > SIMULATION_BUDGET as u64) {
            self.unknown_loop(op, state);
            return None;
        }
        let mut carried_values: Vec<Option<Affine>> = integers.iter().map(|(_, init, _)| self.bindings.form(*init)).collect();
        let mut cycle = Cycle::new();
        let mut x = state.clone();
        x.forward_groups(op.operands().skip(3), carried.arguments(body));
        // The last iteration's growth of the counts (State::growth).
        let mut last_growth: Option<Vec<(Pending, i64)>> = None;
        for k in 0..=SIMULATION_BUDGET as u64 {
            if self.bindings.refinement().is_some() {
                return None;
            }
            for ((argument, _, _), value) in integers.iter().zip(&carried_values) {
                match value {
                    Some(form) => self.bindings.bind_form(*argument, form.clone()),
                    None => self.bindings.unbind(*argument),
                }
            }
            if upper == Some(k) {
                *state = carried.exit(op, body, x);
                return Some(carried_values);
            }
            if k == SIMULATION_BUDGET as u64 {
                break;
            }
            if let Some(period) = period {
                let phase = (k % period, x, carried_values);
                if cycle.repeats(&phase) {
                    let exit = match &trips {
                        Trips::Exact(trips) => Some(*trips),
                        Trips::Symbolic { trips, .. } => self.exit_iteration(trips, cycle.span(&phase)),
                        Trips::Unknown => None,
                    };
                    return match exit {
                        Some(trips) => {
                            let (_, at_exit, values) = cycle.state_at(&phase, trips);
                            *state = carried.exit(op, body, at_exit);
                            Some(values)
                        }
                        None => {
                            exits.over_counts.extend(exits.pending.keys().cloned());
                            *state = exits;
                            None
                        }
                    };
                }
                (_, x, carried_values) = phase;
            }
            // A run-time trip count: every value of the case runs this
            // iteration, or the case is split where the loop ends before it
            // (so that no error is reported for a trip count that stops
            // short of it). Undecided without a case: the join over every
            // count ([`State::over_counts`]).
            if let Trips::Symbolic { trips: count, .. } = &trips {
                let ends = count.offset(-i128::from(k) - 1).and_then(|t| self.bindings.case().map(|c| c.is_negative(&t)));
                match ends.and_then(|ends| self.bindings.settle(ends)) {
                    Some(true) => {
                        *state = carried.exit(op, body, x);
                        return Some(carried_values);
                    }
                    Some(false) => {}
                    None if self.bindings.refinement().is_some() => return None,
                    // Undecided (a count of several arguments): some values
                    // may end here, so the count is no longer known.
                    None => trips = Trips::Unknown,
                }
            }
            // An iteration whose induction value would pass its type's range
            // for every value of the case cannot run (the upper bound is
            // below it): the loop has ended. Where only some values would,
            // the iteration is analyzed for all (more runs, never fewer).
            let value = i128::from(k).checked_mul(i128::from(step)).and_then(|offset| lb.offset(offset));
            let (_, type_max) = symbolic::signed_range(symbolic::integer_bits(induction.r#type()).unwrap_or(64));
            let in_range = |v: &Affine| match self.bindings.case() {
                Some(case) => case.range(v).is_some_and(|(min, _)| min <= type_max),
                None => v.as_constant().is_some_and(|v| v <= type_max),
            };
            let Some(value) = value.filter(in_range) else {
                return match upper {
                    Some(_) => {
                        *state = carried.exit(op, body, x);
                        Some(carried_values)
                    }
                    None => {
                        *state = exits;
                        None
                    }
                };
            };
            self.bindings.bind_form(induction, value);
            self.steps += x.pending.len() as u64;
            let top = x.clone();
            self.block(body, &mut x);
            // The next iteration's carried integers: what this one yields.
            let before = std::mem::take(&mut carried_values);
            carried_values = integers.iter().map(|(_, _, yielded)| yielded.and_then(|v| self.bindings.form(v))).collect();
            self.bindings.unbind(induction);
            carried.next_iteration(body, &mut x);
            exits.join(&carried.exit(op, body, x.clone()));
            // Counts that grow by the same amount in two iterations that
            // see the same slices and conditions (period 1), on queues no
            // wait inside names, grow so in every later one: the state at
            // the exit of a loop of known trip count is that growth applied
            // to the rest (a closed form instead of a walk per iteration,
            // which would not reach the counts' cap within the budget).
            let growth = top.growth(&x).filter(|g| g.iter().all(|(p, added)| *added == 0 || !facts.waited.contains(&p.queue)));
            if let (Some(trips), Some(1), Some(g)) = (upper, period, &growth) {
                if last_growth.as_ref() == Some(g) {
                    let function = &self.function;
                    x.grow(g, trips - (k + 1), |queue| function.cap(queue));
                    *state = carried.exit(op, body, x);
                    // The carried integers at the exit are known when they
                    // no longer change.
                    return (carried_values == before).then_some(carried_values);
                }
            }
            last_growth = growth;
        }
        // No steady state within the budget: analyze with unknown slices.
        self.unknown_loop(op, state);
        None
    }

    /// Unbinds the carried integers of loop `op` and its results (they are
    /// unknown after it unless its exit binds them).
    fn release(&mut self, op: OperationRef<'c, 'a>, integers: &[CarriedInteger<'c, 'a>]) {
        for (argument, _, _) in integers {
            self.bindings.unbind(*argument);
        }
        for result in op.results() {
            self.bindings.unbind(result.into());
        }
    }

    /// Whether `ub <= lb` for loop `op` over the whole case.
    fn runs_no_iteration(&self, op: OperationRef) -> bool {
        let bound = |i: usize| op.operand(i).ok().and_then(|v| self.bindings.form(v));
        let Some(span) = bound(0).and_then(|lb| bound(1)?.add(&lb.negate()?)) else { return false };
        match span.as_constant() {
            Some(span) => span <= 0,
            None => self.bindings.case().is_some_and(|case| {
                span.offset(-1).and_then(|s| self.bindings.settle(case.is_negative(&s))) == Some(true)
            }),
        }
    }

    /// For a run-time trip count `trips` (every value past the cycle's
    /// start, see the check in [`Self::for_loop`]), the iteration of the
    /// cycle `(first, length)` at which the loop ends: `first + (trips -
    /// first) mod length`, once the case fixes the count modulo the length
    /// (a refinement asks for it).
    fn exit_iteration(&self, trips: &Affine, (first, length): (u64, u64)) -> Option<u64> {
        let case = self.bindings.case()?;
        let since = trips.offset(-i128::from(first))?;
        let residue = self.bindings.settle(case.residue(&since, i128::from(length)))?;
        u64::try_from(residue).ok().and_then(|r| r.checked_add(first))
    }

    /// Regions that may run any number of times, with nothing known of the
    /// values inside: iterate the union of pending writes to a fixpoint.
    fn unknown_loop(&mut self, op: OperationRef<'c, 'a>, state: &mut State) {
        let mut h = state.clone();
        self.any_order(op, &mut h);
        // What the loop issued, or left with fewer groups after it, is known
        // only as the join over its iterations.
        h.inexact_since(state);
        let facts = self.facts_of(op);
        for key in facts.inner_groups.iter().copied().chain(op.results().map(ValueKey::of)) {
            h.groups.remove(&key);
        }
        *state = h;
    }
}

/// An integer or index value an `scf.for` carries: the body's argument, its
/// initial value, and what the body yields for it.
type CarriedInteger<'c, 'a> = (Value<'c, 'a>, Value<'c, 'a>, Option<Value<'c, 'a>>);

/// The integer and index values `scf.for` `op` carries.
fn carried_integers<'c, 'a>(op: OperationRef<'c, 'a>, body: BlockRef<'c, 'a>) -> Vec<CarriedInteger<'c, 'a>> {
    let terminator = ir::terminator(body);
    (1..body.argument_count())
        .filter_map(|i| {
            let argument: Value = body.argument(i).ok()?.into();
            let ty = argument.r#type();
            if !(ty.is_index() || ty.is_integer()) {
                return None;
            }
            Some((argument, op.operand(2 + i).ok()?, terminator.and_then(|t| t.operand(i - 1).ok())))
        })
        .collect()
}

/// Token form: the groups a loop carries from one iteration to the next,
/// and the group values that go out of scope at the end of an iteration.
struct Carried<'f> {
    inner: &'f [ValueKey],
}

impl Carried<'_> {
    /// The loop-carried values of `body` (its arguments after the induction variable).
    fn arguments<'c, 'a>(&self, body: BlockRef<'c, 'a>) -> impl Iterator<Item = Value<'c, 'a>> {
        (1..body.argument_count()).filter_map(move |i| body.argument(i).ok().map(Into::into))
    }

    /// After an iteration: what its `scf.yield` passes becomes the next
    /// iteration's arguments; the iteration's own values go out of scope.
    fn next_iteration(&self, body: BlockRef, state: &mut State) {
        if self.inner.is_empty() {
            return;
        }
        if let Some(yield_op) = ir::terminator(body) {
            state.forward_groups(yield_op.operands(), self.arguments(body));
        }
        let arguments: Vec<ValueKey> = self.arguments(body).map(ValueKey::of).collect();
        state.groups.retain(|key, _| !self.inner.contains(key) || arguments.contains(key));
    }

    /// The state after the loop, from the state at the top of the iteration
    /// that does not run: the loop's results are its arguments there.
    fn exit(&self, op: OperationRef, body: BlockRef, mut state: State) -> State {
        if self.inner.is_empty() {
            return state;
        }
        state.forward_groups(self.arguments(body), op.results().map(Into::into));
        state.groups.retain(|key, _| !self.inner.contains(key));
        state
    }
}

/// The memref arguments of `block`.
fn block_memrefs<'c, 'a>(block: BlockRef<'c, 'a>) -> impl Iterator<Item = Value<'c, 'a>> {
    (0..block.argument_count()).filter_map(move |i| block.argument(i).ok()).map(Value::from).filter(|a| a.r#type().is_mem_ref())
}

/// Whether accesses to `value` are tracked: a memref, or a tile of
/// accumulator registers (`!asyncpipe.accumulator`), which an async MMA
/// writes as a copy writes a buffer.
fn is_storage(value: Value) -> bool {
    value.r#type().is_mem_ref() || asyncpipe::is_accumulator_type(value.r#type())
}

/// Whether `value` is a tile of accumulator registers.
fn is_accumulator(value: Value) -> bool {
    asyncpipe::is_accumulator_type(value.r#type())
}

/// Whether memref `value` is in workgroup memory.
fn is_workgroup(value: Value) -> bool {
    value.r#type().is_mem_ref() && ir::memory_space(value.r#type()) == ir::MemorySpace::Workgroup
}

fn block_group_arguments(block: BlockRef) -> Vec<ValueKey> {
    (0..block.argument_count())
        .filter_map(|i| block.argument(i).ok())
        .filter(|a| is_group_like(a.r#type()))
        .map(ValueKey::of)
        .collect()
}

/// Whether values of type `ty` name groups: `!asyncpipe.group`, or nvgpu's
/// token (a copy's token never names a group a wait may complete: such a
/// wait is an error, and the map has no entry for it).
fn is_group_like(ty: Type) -> bool {
    asyncpipe::is_group_type(ty) || upstream::is_nvgpu_token_type(ty)
}

/// Whether `op` is an `nvgpu.device_async_wait` on its token alone (no
/// `numGroups`): token form.
fn is_nvgpu_token_wait(op: OperationRef) -> bool {
    Upstream::NvgpuDeviceAsyncWait.is(op) && ir::int_attr(op, attr::NUM_GROUPS).is_none()
}
