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

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use crate::passes::ir::upstream::attr;
use crate::passes::ir::upstream::{self, Upstream};
use super::const_eval::{visit_if, Bindings, Cycle};
use super::symbolic::{self, Affine, Case};
use super::effects::{self, Root};

mod accesses;
mod facts;
mod loops;
mod regions;
mod state;
mod threads;

use facts::async_accesses;
use threads::{Column, ThreadTable};

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
use std::cell::RefCell;
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
///
/// At block scope, an element access whose index is a thread id through
/// divisions, remainders or bit operations (a tensor-core fragment's
/// layout: `lane / 4`, `lane % 4 * 2`) has no such form; then the fourth
/// field holds each thread's first indices, evaluated per thread
/// ([`ThreadTable`]), and the first field leaves those starts unknown.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Slice(Vec<(Option<i64>, Option<i64>)>, Vec<Option<i64>>, Vec<ThreadTerms>, Option<ThreadTable>);

impl Slice {
    fn whole() -> Self {
        Slice(Vec::new(), Vec::new(), Vec::new(), None)
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
    /// What made the access: an async op's, or, for a write unpublished
    /// until a barrier, a cooperative or a plain write.
    writer: Writer,
    /// An MMA's access to the accumulator it adds into: a later MMA on the
    /// same queue into the same tile is ordered after it by the hardware.
    accumulates: bool,
}

/// What made a [`Pending`] access.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Writer {
    /// An async op (its write unpublished, once its thread's wait completed
    /// it, until a barrier).
    Async,
    /// A cooperative write (a block barrier's group): complete for every
    /// thread at the next barrier, with no wait of its own.
    Cooperative,
    /// A plain write (a store: done when the op is), unpublished to the
    /// other threads until a barrier.
    Plain,
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
            plain_model: !only_between_threads,
            leaves: RefCell::default(),
            columns: RefCell::default(),
            thread_columns: RefCell::default(),
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
    /// Whether plain loads and stores of workgroup memory are checked
    /// between threads ([`plain_shared`]): for every race ([`races`],
    /// [`proves`]); not for [`first_hazard`], which barrier placement asks
    /// about asynchronous accesses (the pipeliner asks while loops it has
    /// not rewritten yet still copy synchronously, racing until it has).
    plain_model: bool,
    bindings: Bindings,
    /// Per index evaluated per thread, the bound values it depends on
    /// ([`Checker::index_per_thread`]).
    leaves: RefCell<HashMap<ValueKey, Rc<Vec<ValueKey>>>>,
    /// Per index and what those values are bound to, its value in each
    /// thread.
    columns: RefCell<HashMap<(ValueKey, Vec<Option<Affine>>), Column>>,
    /// Per value that depends on the thread and constants alone, its value
    /// in each thread ([`Checker::column`]).
    thread_columns: RefCell<HashMap<ValueKey, Column>>,
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
    /// In a function with asynchronous work, the calls that may touch
    /// memory other than their operands ([`facts::touches_only_operands`]):
    /// each is "cannot prove", wherever it stands (what it reads may be
    /// overwritten by a copy issued after it as well as before).
    opaque_calls: HashSet<OpKey>,
    /// At block scope, the thread ids (with their dimension) and lane ids
    /// (None) of the function, which [`ThreadTable`]s bind per thread.
    thread_values: Vec<(ValueKey, Option<usize>)>,
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
        let mut work = vec![Case::of_kernel(function)];
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
        // The analysis changes no IR, and evaluates each index (and, per
        // thread form, each value below it) many times between bindings.
        self.bindings.enable_memo();
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
        let regions: Vec<_> = (0..op.region_count()).filter_map(|i| op.region_at(i)).collect();
        match regions[..] {
            [] => {}
            [region] => self.region(region, state),
            _ => self.any_order(op, state),
        }
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
                // A call may touch memory its callee names, not only its
                // operands (inline assembly, anything): with asynchronous
                // work in flight, or reads other threads' writes must wait
                // for, it cannot be proven safe ([`FunctionFacts::opaque_calls`]).
                if self.function.opaque_calls.contains(&OpKey::of(op)) {
                    let producer = state.pending.keys().map(|p| p.producer).chain(state.unpublished.iter().map(|p| p.producer)).next();
                    self.report(Race {
                        access: op.location(),
                        message: format!(
                            "cannot prove: '{}' may read or write memory that asynchronous work in flight uses (its callee names memory other than its operands, or it is inline assembly or an indirect call)",
                            ir::op_name(op)
                        ),
                        note: producer.and_then(|p| self.producers.get(&p)).map(|(_, at)| (*at, "the asynchronous work".into())),
                        between_threads: None,
                    });
                }
                if !effects::is_view(op) {
                    // At block scope a plain access of workgroup memory meets
                    // the other threads' plain accesses since the last barrier
                    // ([`plain_shared`]); otherwise whether the op writes
                    // matters only against pending reads.
                    let plain = self.plain_model && self.function.block_scope && plain_shared(op);
                    // A cooperative write over what other threads read needs
                    // a barrier after their reads, in every model.
                    let exact = plain || (self.function.block_scope && !cooperative_writes(op).is_empty());
                    let access = (exact || state.pending.keys().any(|p| p.kind == Kind::Read)).then(|| effects::access(op));
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
                            self.sync_access(op, operand, kind, plain, state);
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
        for (accessor, value) in cooperative_writes(op) {
            let (root, slice) = self.accessed(accessor, value);
            self.unpublish(op, root, slice, false, Writer::Cooperative, state);
        }
    }

    /// Block scope: a write by `op` of `slice` of workgroup buffer `root`
    /// that the other threads see after the next barrier, not before
    /// ([`State::unpublished`]); `uniform` as [`Pending::uniform`].
    fn unpublish(&mut self, op: OperationRef<'c, 'a>, root: Root, slice: Slice, uniform: bool, writer: Writer, state: &mut State) {
        self.register(op);
        for base in self.function.bases(root) {
            state.unpublished.insert(Pending {
                producer: OpKey::of(op),
                queue: Queue::Logical(-1),
                base,
                slice: slice.clone(),
                kind: Kind::Write,
                shared: true,
                uniform,
                writer,
                accumulates: false,
            });
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
                writer: Writer::Async,
                accumulates,
            };
            if self.function.token_form {
                state.latest.entry(pending.producer).or_default().insert(pending.clone());
            }
            state.issue(pending);
        }
    }

}

/// Whether `op`'s accesses to workgroup memory are plain loads and stores
/// that the block-scope model orders between threads by barriers: not
/// Hopper's ops, whose accesses (an mbarrier's arrivals and waits, TMA,
/// warpgroup MMA, a descriptor's address) are the Hopper model's
/// ([`hopper_sync`](crate::passes::analysis::hopper_sync)), nor atomics,
/// which do not race.
fn plain_shared(op: OperationRef) -> bool {
    const MANAGED: [&str; 8] =
        ["nvgpu.mbarrier", "nvvm.mbarrier", "nvgpu.tma", "nvgpu.warpgroup", "nvvm.wgmma", "nvvm.cp.async.bulk", "nvvm.fence", "nvvm.barrier"];
    const ATOMIC: [&str; 4] = ["memref.atomic_rmw", "memref.generic_atomic_rmw", "llvm.atomicrmw", "llvm.cmpxchg"];
    let name = ir::op_name(op);
    !MANAGED.iter().any(|prefix| name.starts_with(prefix)) && !ATOMIC.contains(&name)
}

/// The workgroup memory `op` writes cooperatively (its
/// AsyncEffectOpInterface: complete for every thread at the next block
/// barrier): the op that writes each (itself, or one nested in it), and the
/// memref.
fn cooperative_writes<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, Value<'c, 'a>)> {
    let Some(groups) = async_effects::async_effect_groups(op) else { return Vec::new() };
    groups
        .into_iter()
        .filter(|g| g.sync == AsyncSync::BlockBarrier && g.scope == AsyncScope::Block)
        .flat_map(|g| g.accesses)
        .filter(|e| e.write && is_workgroup(e.value))
        .map(|e| (e.accessor, e.value))
        .collect()
}

/// The memref arguments of `block`.
fn block_memrefs<'c, 'a>(block: BlockRef<'c, 'a>) -> impl Iterator<Item = Value<'c, 'a>> {
    (0..block.argument_count()).filter_map(move |i| block.argument_at(i)).map(Value::from).filter(|a| a.r#type().is_mem_ref())
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
        .filter_map(|i| block.argument_at(i))
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
