//! Warp-specialized kernels: threads in *roles* that run at their own pace
//! and meet only on mbarriers (a producer warp issuing TMA loads into a
//! ring of slots, consumer warpgroups waiting on each slot's "full"
//! barrier, multiplying, and releasing the slot on its "empty" barrier).
//!
//! The lockstep reading of the rest of this model (the block in program
//! order) cannot run them: the producer's wait on an empty slot waits for
//! an arrival that comes later in program order, in the consumers' branch.
//! Here each role is a coroutine of its own, with its threads, its place in
//! the kernel (a stack of frames) and its own bindings (its iteration of
//! each loop), and the model explores *every interleaving* of the roles'
//! ops that touch what another role can see (mbarriers, TMA, warpgroup
//! MMA, shared memory, block barriers); ops that touch nothing shared run
//! at once. Each op is judged by the same rules as in lockstep
//! ([`super::units`]): a TMA destination read before a wait on its phase,
//! a slot overwritten while a consumer's reads are not ordered before the
//! write (no release that the producer waited for), a warpgroup MMA's tiles
//! released before its `wgmma.wait_group`, arrivals or transaction bytes
//! beyond a phase's count. A configuration in which no role can move and
//! some have not returned is a **deadlock**: each waiting role is reported
//! at its wait, with the mbarrier (slot), the parity of the phase it waits
//! for and what that phase has received.
//!
//! **Roles** start where a branch splits the threads: an `scf.if` on a
//! thread id (warpgroup, warp, an elected lane) whose regions hold a wait
//! or a block barrier forks the coroutine, one per side, each continuing
//! after the branch on its own; a branch without waits runs inside its
//! role as in lockstep. A block barrier is passed when every role that has
//! not returned reaches one; roles at the same place then merge.
//!
//! **Any trip count.** A loop that holds a wait and whose trip count is a
//! run-time value (or a constant above [`EXACT_TRIPS`]) is not unrolled.
//! Loops of equal trip count `N` in different roles (the producer's and the
//! consumers' loops over the same K tiles, or over the output tiles of a
//! persistent kernel) are *linked* ([`Group`]): the explored state keeps,
//! for the slowest role in them, its iteration `b` exactly while it is
//! within `near_start` of the start, and its distance `N - b` exactly while
//! it is within `near_end` of the end; elsewhere only their residues modulo
//! the period `P` of the values the bodies compute (slots and parities).
//! The other roles' iterations are offsets from `b`. Leaving the exact zone
//! at the end is a choice the exploration takes both ways (N may be any
//! count the case allows), and the first entry chooses every count in the
//! zone and every residue beyond it: a finite set of configurations stands
//! for every `N` at once, so what is proven holds for every trip count. This
//! is the counter abstraction of parameterized model checking, sound when
//! (a) the values the bodies evaluate are periodic in the iteration with
//! period `P` (checked with [`periodicity::period`]) and (b) their branch
//! conditions take, outside the exact zones, the value they take far inside
//! the loop at an iteration of the same residue ([`Model::zones`] picks the
//! zones so, up to 32 iterations; `near_end` is at least `P + 2`). A role
//! that runs more than `near_end - 2` iterations ahead of another, or
//! enters a linked loop once the slowest role has left the exact zone at
//! the start, is "cannot prove"; so is a linked loop inside another waiting
//! loop (a persistent kernel's inner K loop must have a constant count of
//! at most [`EXACT_TRIPS`], run exactly).

use super::loops::LoopIntegers;
use super::*;
use crate::passes::analysis::periodicity::{self, CarriedIntegers, Trips};
use crate::passes::analysis::symbolic::Affine;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// Configurations explored before the model gives up.
const STATE_BUDGET: usize = 200_000;

/// Loops of a constant trip count up to this are run iteration by
/// iteration in each role; longer ones are linked.
const EXACT_TRIPS: u64 = 16;

/// Iterations a role may run in a linked loop before every loop linked
/// with it has been entered (its lead over a role still before the loop).
const OPEN_LIMIT: i64 = 64;

/// Where the far range of a linked loop's iterations is sampled for the
/// threshold check (`FAR_SAMPLE + residue`).
const FAR_SAMPLE: i64 = 1 << 40;

/// Whether the kernel body has roles: a branch whose regions hold a loop
/// with an mbarrier wait in it (the shape of warp specialization; a ring
/// read in lockstep waits in the loop itself).
pub(super) fn has_roles(body: BlockRef) -> bool {
    let Some(kernel) = body.parent_operation() else { return false };
    ir::nested_ops(kernel).into_iter().any(|op| {
        Upstream::ScfIf.is(op)
            && ir::nested_ops(op).into_iter().any(|inner| Upstream::ScfFor.is(inner) && ir::nested_ops(inner).into_iter().any(is_wait))
    })
}

fn is_wait(op: OperationRef) -> bool {
    matches!(Upstream::of(op), Some(Upstream::NvgpuMbarrierTryWaitParity | Upstream::NvvmMbarrierTryWaitParity))
}

/// Ops at which a role may have to wait for another: mbarrier waits and
/// block barriers, and the regions that hold them.
fn blocks(op: OperationRef) -> bool {
    is_wait(op) || Upstream::GpuBarrier.is(op) || (op.region_count() > 0 && ir::nested_ops(op).into_iter().any(|o| is_wait(o) || Upstream::GpuBarrier.is(o)))
}

/// An iteration count of a linked loop: exact, or only its residue modulo
/// the group's period beyond the exact zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Count {
    Near(i64),
    Far(i64),
}

/// Loops of one trip count in different roles, and where the slowest role
/// in them stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Group {
    trips: Affine,
    /// The trip count when it is a constant.
    exact: Option<i64>,
    period: i64,
    /// Iterations counted exactly from the start (where the bodies'
    /// conditions change) and from the end (those too, and the roles' lead
    /// over the slowest).
    near_start: i64,
    near_end: i64,
    /// The waiting loops of this trip count in the kernel, and those a role
    /// has entered: until every one has been, the slowest role's iteration
    /// is counted exactly (a role entering late starts at 0).
    members: BTreeSet<OpKey>,
    entered: BTreeSet<OpKey>,
    /// The slowest role's iteration (from the start).
    base: Count,
    /// Iterations from the slowest role's to the trip count (when far: the
    /// residue of the trip count itself); None until chosen.
    rest: Option<Count>,
}

impl Group {
    /// A representative of the slowest role's iteration.
    fn base_value(&self) -> i64 {
        match self.base {
            Count::Near(b) => b,
            Count::Far(r) => self.near_start + (r - self.near_start).rem_euclid(self.period),
        }
    }

    /// A representative of the trip count, with the base's.
    fn trips_value(&self) -> Option<i64> {
        if let Some(n) = self.exact {
            return Some(n);
        }
        let base = self.base_value();
        Some(match self.rest? {
            Count::Near(r) => base + r,
            Count::Far(n) => base + self.near_end + (n - base - self.near_end).rem_euclid(self.period),
        })
    }

    /// The residue of the trip count modulo the period.
    fn trips_residue(&self) -> Option<i64> {
        Some(match self.rest? {
            Count::Near(r) => (self.base_value() + r).rem_euclid(self.period),
            Count::Far(n) => n,
        })
    }

    /// Whether the slowest role's iteration must stay exact.
    fn open(&self) -> bool {
        self.entered.len() < self.members.len()
    }
}

/// Which iteration of its loop a frame runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Iteration {
    /// Iteration `k` of `trips`.
    Exact(u64, u64),
    /// The linked group's base plus `offset`.
    Linked(usize, i64),
}

/// A loop a frame runs.
struct Looping<'c, 'a> {
    op: OperationRef<'c, 'a>,
    induction: Value<'c, 'a>,
    lb: i64,
    step: i64,
    integers: LoopIntegers<'c, 'a>,
    arguments: Vec<Value<'c, 'a>>,
    inits: Vec<Value<'c, 'a>>,
    yields: Vec<Value<'c, 'a>>,
}

#[derive(Clone)]
struct LoopFrame<'c, 'a> {
    looping: Rc<Looping<'c, 'a>>,
    iteration: Iteration,
    /// The carried integers at the top of the iteration.
    carried: Vec<Option<Affine>>,
    /// An iteration has completed.
    ran: bool,
}

#[derive(Clone)]
struct Frame<'c, 'a> {
    ops: Rc<Vec<OperationRef<'c, 'a>>>,
    at: usize,
    looping: Option<LoopFrame<'c, 'a>>,
}

impl Frame<'_, '_> {
    fn place(&self, hasher: &mut DefaultHasher) {
        self.ops.first().map(|o| OpKey::of(*o)).hash(hasher);
        self.at.hash(hasher);
        if let Some(l) = &self.looping {
            l.iteration.hash(hasher);
            l.carried.hash(hasher);
            l.ran.hash(hasher);
        }
    }

    fn linked(&self) -> Option<(usize, i64)> {
        match self.looping.as_ref()?.iteration {
            Iteration::Linked(g, o) => Some((g, o)),
            Iteration::Exact(..) => None,
        }
    }
}

#[derive(Clone)]
struct Role<'c, 'a> {
    threads: Threads,
    frames: Vec<Frame<'c, 'a>>,
    bindings: Bindings,
}

impl Role<'_, '_> {
    fn place(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        for frame in &self.frames {
            frame.place(&mut hasher);
        }
        hasher.finish()
    }
}

#[derive(Clone)]
struct Config<'c, 'a> {
    state: State,
    roles: Vec<Role<'c, 'a>>,
    groups: Vec<Option<Group>>,
}

impl Config<'_, '_> {
    fn key(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.state.hash(&mut hasher);
        self.groups.hash(&mut hasher);
        let mut roles: Vec<(u64, &Threads)> = self.roles.iter().map(|r| (r.place(), &r.threads)).collect();
        roles.sort_unstable();
        roles.hash(&mut hasher);
        hasher.finish()
    }

    fn offsets(&self, g: usize) -> Vec<i64> {
        self.roles.iter().flat_map(|r| r.frames.iter()).filter_map(Frame::linked).filter(|(h, _)| *h == g).map(|(_, o)| o).collect()
    }
}

/// What a role's step came to.
enum Step<'c, 'a> {
    /// The configurations it may lead to (several where the trip count of a
    /// linked loop decides).
    Moved(Vec<Config<'c, 'a>>),
    /// It waits for another role at this op.
    Waits(OperationRef<'c, 'a>),
    /// It returned.
    Returned,
}

/// What the exploration saw of the roles: the proof's summary.
#[derive(Clone, Debug, Default)]
pub struct RolesSummary {
    /// Configurations explored.
    pub configurations: usize,
    /// The roles (their threads) that ran.
    pub roles: BTreeSet<String>,
    /// Most loops linked by a common trip count at once.
    pub linked: usize,
    /// Trip counts of the linked loops that are not constants (every value
    /// proven at once).
    pub symbolic_trips: bool,
}

impl<'c, 'a> Model<'c, 'a> {
    /// The kernel body `body`, run by `threads` as roles over every
    /// interleaving; `state` is left as one final configuration's.
    pub(super) fn run_roles(&mut self, body: BlockRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let mut summary = RolesSummary::default();
        let start = Config {
            state: std::mem::take(state),
            roles: vec![Role { threads: threads.clone(), frames: vec![Frame { ops: Rc::new(ir::ops(body).collect()), at: 0, looping: None }], bindings: self.bindings.clone() }],
            groups: Vec::new(),
        };
        let mut seen: HashSet<u64> = HashSet::new();
        let mut work = vec![start];
        let mut last = None;
        while let Some(config) = work.pop() {
            if !seen.insert(config.key()) {
                continue;
            }
            if seen.len() > STATE_BUDGET {
                let kernel = body.parent_operation().expect("a kernel body");
                self.report(kernel, format!("cannot prove: the roles' interleavings take more than {STATE_BUDGET} configurations"), None);
                self.stopped = true;
                break;
            }
            for role in &config.roles {
                summary.roles.insert(role.threads.describe());
            }
            summary.linked = summary.linked.max(config.groups.iter().flatten().count());
            summary.symbolic_trips |= config.groups.iter().flatten().any(|g| g.exact.is_none());
            let mut moved = false;
            let mut waiting = Vec::new();
            for r in 0..config.roles.len() {
                match self.step(&config, r) {
                    Step::Moved(next) => {
                        moved = true;
                        work.extend(next);
                    }
                    Step::Waits(op) => waiting.push((r, op)),
                    Step::Returned => {}
                }
                if self.stopped || self.bindings.refinement().is_some() {
                    *state = config.state;
                    return;
                }
            }
            if !moved && !waiting.is_empty() {
                match self.pass_barrier(&config, &waiting) {
                    Some(next) => work.push(next),
                    None => self.deadlock(&config, &waiting),
                }
            }
            if config.roles.iter().all(|r| r.frames.is_empty()) {
                self.end_of_kernel(body, &config.state);
                last = Some(config.state.clone());
            }
        }
        summary.configurations = seen.len();
        self.roles_summary = Some(summary);
        *state = last.unwrap_or_default();
    }

    /// Shared memory ends with the block: a TMA store must have read it.
    fn end_of_kernel(&mut self, body: BlockRef<'c, 'a>, state: &State) {
        let pending = state.bulk_open.iter().chain(state.bulk_groups.iter().flat_map(|g| g.stores.iter())).next().map(|s| s.op);
        if let (Some(store), Some(end)) = (pending, ir::terminator(body)) {
            self.report(
                end,
                "the kernel ends while a TMA store may still read shared memory: wait for it (cp.async.bulk.wait_group.read 0) before returning".into(),
                Some((store, "the TMA store".into())),
            );
        }
    }

    /// Every role that has not returned waits at a block barrier: all pass
    /// it, and roles at the same place merge.
    fn pass_barrier(&mut self, config: &Config<'c, 'a>, waiting: &[(usize, OperationRef<'c, 'a>)]) -> Option<Config<'c, 'a>> {
        let live = config.roles.iter().filter(|r| !r.frames.is_empty()).count();
        if waiting.len() != live || !waiting.iter().all(|(_, op)| Upstream::GpuBarrier.is(*op)) {
            return None;
        }
        let mut next = config.clone();
        Self::barrier(&mut next.state);
        for (r, _) in waiting {
            Self::advance(&mut next, *r);
        }
        // Roles at the same place, in the same iterations, continue as one.
        let mut merged: Vec<Role> = Vec::new();
        for role in next.roles {
            match merged.iter_mut().find(|m| !m.frames.is_empty() && m.place() == role.place()) {
                Some(m) => m.threads = m.threads.union(&role.threads),
                None => merged.push(role),
            }
        }
        next.roles = merged;
        Some(next)
    }

    /// No role can move and some have not returned.
    fn deadlock(&mut self, config: &Config<'c, 'a>, waiting: &[(usize, OperationRef<'c, 'a>)]) {
        let returned = config.roles.iter().filter(|r| r.frames.is_empty()).fold(Threads::none(self.block.size), |a, r| a.union(&r.threads));
        for (r, op) in waiting {
            let role = &config.roles[*r];
            let who = role.threads.describe();
            if Upstream::GpuBarrier.is(*op) {
                let others = if returned.is_empty() { "the other roles wait on mbarriers".to_string() } else { format!("{} returned without reaching it", returned.describe()) };
                self.report(*op, format!("deadlock: {who} wait at this block barrier forever: {others}"), None);
                continue;
            }
            let saved = std::mem::replace(&mut self.bindings, role.bindings.clone());
            let key = self.mbarrier_of_wait(*op);
            let parity = op.operand(1).ok().and_then(|v| self.eval_int(v));
            self.bindings = saved;
            let (Some(key), Some(parity)) = (key, parity) else { continue };
            let Some(barrier) = config.state.barriers.get(&key) else { continue };
            let phase = &barrier.current;
            let count = barrier.count.map_or("an unknown number of".to_string(), |c| c.to_string());
            let trips = config.groups.iter().flatten().find(|g| g.exact.is_none()).and_then(|g| g.trips_value()).map(|n| format!(" (with {n} iterations, or any count of the same residue and ends)")).unwrap_or_default();
            self.report(
                *op,
                format!(
                    "deadlock: {who} wait forever for the phase of parity {} of mbarrier {} (it has {} of its {count} arrivals and {} of the {} transaction bytes expected), and no role that has not returned can arrive on it{trips}",
                    parity & 1,
                    key.1,
                    phase.arrivals,
                    phase.issued,
                    phase.expected
                ),
                Some((barrier.init, "initialized here".into())),
            );
        }
    }

    /// The mbarrier a wait names.
    fn mbarrier_of_wait(&mut self, op: OperationRef<'c, 'a>) -> Option<BarrierKey> {
        if Upstream::NvgpuMbarrierTryWaitParity.is(op) {
            self.mbarrier(op, 3)
        } else {
            self.nvvm_mbarrier(op, 0)
        }
    }

    /// Whether the wait `op` returns now (an unknown mbarrier or parity:
    /// it runs, and the lockstep rules report it).
    fn wait_returns(&mut self, op: OperationRef<'c, 'a>, state: &State) -> bool {
        let Some(key) = self.mbarrier_of_wait(op) else { return true };
        let Some(parity) = op.operand(1).ok().and_then(|v| self.eval_int(v)) else { return true };
        let Some(barrier) = state.barriers.get(&key) else { return true };
        barrier.parity != (parity & 1 != 0) || Self::completes(barrier) == Some(true)
    }

    /// Role `r` of `config` runs its private ops and then one op another
    /// role may see.
    fn step(&mut self, config: &Config<'c, 'a>, r: usize) -> Step<'c, 'a> {
        if config.roles[r].frames.is_empty() {
            return Step::Returned;
        }
        let mut next = config.clone();
        std::mem::swap(&mut self.bindings, &mut next.roles[r].bindings);
        let outcome = self.run_role(&mut next, r);
        std::mem::swap(&mut self.bindings, &mut next.roles[r].bindings);
        if let Some(refinement) = next.roles.iter().find_map(|role| role.bindings.refinement()) {
            self.bindings.ask(refinement);
        }
        match outcome {
            Ok(()) => self.normalize(next),
            Err(op) => Step::Waits(op),
        }
    }

    /// Runs role `r` (whose bindings are the model's now) through one
    /// *segment*: a wait (when it returns) and the ops after it up to the
    /// next wait, block barrier, fork, loop entry or iteration of a linked
    /// loop. Err(op) when it waits at `op` before doing anything.
    ///
    /// Switching roles only between segments loses no finding: every rule
    /// is judged by happens-before (what the accessing threads waited for,
    /// what the other side released), not by which op ran last; and a wait
    /// returns in the middle of another role's segment only if it also
    /// returns at its end (arrivals within a phase only grow, and phases
    /// change only at waits).
    fn run_role(&mut self, config: &mut Config<'c, 'a>, r: usize) -> Result<(), OperationRef<'c, 'a>> {
        let mut moved = false;
        loop {
            if self.stopped || self.bindings.refinement().is_some() {
                return Ok(());
            }
            let Some(frame) = config.roles[r].frames.last() else { return Ok(()) };
            let Some(op) = frame.ops.get(frame.at).copied() else {
                config.roles[r].frames.pop();
                moved = true;
                continue;
            };
            if frame.at + 1 == frame.ops.len() {
                // The region's terminator.
                let linked = frame.linked().is_some();
                self.end_of_region(config, r);
                if linked {
                    return Ok(());
                }
                moved = true;
                continue;
            }
            let threads = config.roles[r].threads.clone();
            if is_wait(op) {
                if moved {
                    return Ok(());
                }
                if !self.wait_returns(op, &config.state) {
                    return Err(op);
                }
                self.op(op, &threads, &mut config.state);
                Self::advance(config, r);
                moved = true;
                continue;
            }
            let branches = Upstream::ScfIf.is(op) && blocks(op);
            let loops = Upstream::ScfFor.is(op) && blocks(op);
            if Upstream::GpuBarrier.is(op) || branches || loops {
                if moved {
                    return Ok(());
                }
                if branches {
                    self.fork(config, r, op, &threads);
                } else if loops {
                    self.enter_loop(config, r, op);
                } else {
                    return Err(op);
                }
                return Ok(());
            }
            self.op(op, &threads, &mut config.state);
            Self::advance(config, r);
            moved = true;
        }
    }

    fn advance(config: &mut Config<'c, 'a>, r: usize) {
        if let Some(frame) = config.roles[r].frames.last_mut() {
            frame.at += 1;
        }
    }

    /// An `scf.if` whose regions wait: its threads split into the role that
    /// takes the then-region and the one that takes the other.
    fn fork(&mut self, config: &mut Config<'c, 'a>, r: usize, op: OperationRef<'c, 'a>, threads: &Threads) {
        Self::advance(config, r);
        if op.result_count() > 0 {
            self.report(op, "cannot prove: a branch that splits the block into roles yields values".into(), None);
            self.stopped = true;
            return;
        }
        let Some((yes, no)) = op.operand(0).ok().and_then(|c| self.split(c, threads)) else {
            self.report(op, "cannot prove: which threads take this branch, whose regions wait on mbarriers or block barriers, is not known".into(), None);
            self.stopped = true;
            return;
        };
        let region = |i: usize| ir::region_entry(op, i).map(|b| Frame { ops: Rc::new(ir::ops(b).collect()), at: 0, looping: None });
        // The role's own bindings are the model's now: the other side starts
        // from a copy of them.
        let mut other = Role { threads: no.clone(), frames: config.roles[r].frames.clone(), bindings: self.bindings.clone() };
        if let Some(frame) = region(1).filter(|_| !no.is_empty()) {
            other.frames.push(frame);
        }
        if yes.is_empty() {
            config.roles[r].threads = no;
            config.roles[r].frames = other.frames;
            return;
        }
        config.roles[r].threads = yes;
        if let Some(frame) = region(0) {
            config.roles[r].frames.push(frame);
        }
        if !no.is_empty() {
            config.roles.push(other);
        }
    }

    /// An `scf.for` whose body waits: a frame per iteration, exact or
    /// linked with the loops of the same trip count in other roles.
    fn enter_loop(&mut self, config: &mut Config<'c, 'a>, r: usize, op: OperationRef<'c, 'a>) {
        Self::advance(config, r);
        let Some(body) = ir::region_entry(op, 0) else { return };
        let Ok(induction) = body.argument(0) else { return };
        let lb = op.operand(0).ok().and_then(|v| self.eval(v));
        let step = op.operand(2).ok().and_then(|v| self.eval(v)).filter(|s| *s > 0);
        let (Some(lb), Some(step)) = (lb, step) else {
            self.report(op, "cannot prove: a loop of a role, holding mbarrier waits, whose lower bound or step is not a constant".into(), None);
            self.stopped = true;
            return;
        };
        self.bindings.unbind_inside(op);
        let looping = Rc::new(Looping {
            op,
            induction: induction.into(),
            lb,
            step,
            integers: LoopIntegers::of(op, body),
            arguments: (1..body.argument_count()).filter_map(|i| body.argument(i).ok().map(Into::into)).collect(),
            inits: op.operands().skip(3).collect(),
            yields: ir::terminator(body).map(|t| t.operands().collect()).unwrap_or_default(),
        });
        let carried = self.forms(&looping.integers.inits);
        let trips = periodicity::trip_count(&self.bindings, op.operand(1).ok(), &Affine::constant(i128::from(lb)), step);
        let iteration = match trips {
            Trips::Exact(trips) if trips <= EXACT_TRIPS => Iteration::Exact(0, trips),
            Trips::Exact(trips) => match self.link(config, &looping, Affine::constant(i128::from(trips)), i64::try_from(trips).ok()) {
                Some(i) => i,
                None => return,
            },
            Trips::Symbolic { trips, .. } => match self.link(config, &looping, trips, None) {
                Some(i) => i,
                None => return,
            },
            Trips::Unknown => {
                if self.bindings.refinement().is_none() {
                    if self.bindings.case().is_none() {
                        // Over cases of the kernel's arguments, it may be.
                        self.run_time_loop = true;
                    }
                    self.report(op, "cannot prove: a loop of a role, holding mbarrier waits, whose trip count is not affine in the kernel's integer arguments".into(), None);
                    self.stopped = true;
                }
                return;
            }
        };
        let frame = Frame { ops: Rc::new(ir::ops(body).collect()), at: 0, looping: Some(LoopFrame { looping, iteration, carried, ran: false }) };
        config.roles[r].frames.push(frame);
        if !self.begin_iteration(config, r) {
            self.leave_loop(config, r);
        }
    }

    /// The period of the values loop `op` computes (with its conditions when
    /// they are periodic too; thresholds are checked apart).
    fn loop_period(&mut self, op: OperationRef<'c, 'a>, lb: i64, step: i64, trips: &Affine, exact: Option<i64>) -> Option<i64> {
        let inputs = self.loop_inputs_of(op);
        let (uses, conditions) = &*inputs;
        let lower = Affine::constant(i128::from(lb));
        let exact = exact.and_then(|n| u64::try_from(n).ok());
        let all: Vec<Value> = uses.iter().chain(conditions.iter()).copied().collect();
        periodicity::period(op, &lower, step, exact, Some(trips), &self.bindings, &all, CarriedIntegers::Keyed)
            .or_else(|| periodicity::period(op, &lower, step, exact, Some(trips), &self.bindings, uses, CarriedIntegers::Keyed))
            .and_then(|p| i64::try_from(p).ok())
    }

    /// The linked group of trip count `trips` for a loop: joined at offset
    /// `-base` when some role is in its loops, else a new one whose
    /// remaining count [`Self::normalize`] chooses.
    fn link(&mut self, config: &mut Config<'c, 'a>, looping: &Looping<'c, 'a>, trips: Affine, exact: Option<i64>) -> Option<Iteration> {
        let op = looping.op;
        let Some(period) = self.loop_period(op, looping.lb, looping.step, &trips, exact) else {
            self.report(op, "cannot prove: the slots, parities or shared-memory offsets this role's loop computes are not periodic in its iteration".into(), None);
            self.stopped = true;
            return None;
        };
        // Linked loops are entered once: in another waiting loop, a second
        // entry would be linked with the first one's iterations.
        if let Some(outer) = ir::ancestors(op).skip(1).find(|a| Upstream::ScfFor.is(*a) && blocks(*a)) {
            let _ = outer;
            self.report(op, "cannot prove: a loop of run-time (or long) trip count that waits on mbarriers, inside another such loop (the model links loops entered once per role; an inner loop's count must be a constant)".into(), None);
            self.stopped = true;
            return None;
        }
        if let Some(g) = config.groups.iter().position(|g| g.as_ref().is_some_and(|g| g.trips == trips)) {
            let group = config.groups[g].as_mut().expect("found above");
            if group.period % period != 0 {
                let message = format!("cannot prove: this role's loop computes values of period {period}, the loops it is linked with (of the same trip count) of period {}", group.period);
                self.report(op, message, None);
                self.stopped = true;
                return None;
            }
            let Count::Near(base) = group.base else {
                self.report(op, "cannot prove: this role enters its loop after the roles in the loops of the same trip count have left the iterations the model counts exactly".into(), None);
                self.stopped = true;
                return None;
            };
            group.entered.insert(OpKey::of(op));
            return Some(Iteration::Linked(g, -base));
        }
        // Every waiting loop of this trip count in the kernel links with
        // this group (other roles' loops enter later): the common period,
        // and the zones their conditions need.
        let mut members = BTreeSet::from([OpKey::of(op)]);
        let mut loops = vec![(op, looping.lb, looping.step, looping.induction)];
        if let Some(kernel) = ir::enclosing_function(op) {
            for other in ir::nested_ops(kernel).into_iter().filter(|o| Upstream::ScfFor.is(*o) && *o != op && blocks(*o)) {
                let (Some(lb), Some(step)) = (other.operand(0).ok().and_then(|v| self.eval(v)), other.operand(2).ok().and_then(|v| self.eval(v))) else { continue };
                let Some(induction) = ir::region_entry(other, 0).and_then(|b| b.argument(0).ok()) else { continue };
                if step <= 0 {
                    continue;
                }
                let count = self.bindings.watch(|b| match periodicity::trip_count(b, other.operand(1).ok(), &Affine::constant(i128::from(lb)), step) {
                    Trips::Exact(n) => Some(Affine::constant(i128::from(n))),
                    Trips::Symbolic { trips, .. } => Some(trips),
                    Trips::Unknown => None,
                });
                if count.0.as_ref() == Some(&trips) {
                    members.insert(OpKey::of(other));
                    loops.push((other, lb, step, induction.into()));
                }
            }
        }
        let mut period = period;
        for (other, lb, step, _) in &loops[1..] {
            if let Some(p) = self.loop_period(*other, *lb, *step, &trips, exact) {
                period = lcm(period, p);
            }
        }
        let (mut near_start, mut near_end) = (0, period + 2);
        for (other, lb, step, induction) in loops {
            let Some((start, end)) = self.zones(other, lb, step, induction, period) else {
                self.report(other, "cannot prove: a branch in this role's loop depends on its iteration further than 32 iterations from the loop's ends, and not periodically".into(), None);
                self.stopped = true;
                return None;
            };
            near_start = near_start.max(start);
            near_end = near_end.max(end);
        }
        let entered = BTreeSet::from([OpKey::of(op)]);
        let group = Group { trips, exact, period, near_start, near_end, members, entered, base: Count::Near(0), rest: None };
        let g = match config.groups.iter().position(Option::is_none) {
            Some(g) => {
                config.groups[g] = Some(group);
                g
            }
            None => {
                config.groups.push(Some(group));
                config.groups.len() - 1
            }
        };
        Some(Iteration::Linked(g, 0))
    }

    /// How many iterations from the start and from the end of loop `op`
    /// must be counted exactly: its branch conditions take, beyond them,
    /// the value they take far inside the loop at an iteration of the same
    /// residue modulo `period` (so that the far range, counted only by
    /// residue, is uniform). None when 32 do not suffice.
    fn zones(&mut self, op: OperationRef<'c, 'a>, lb: i64, step: i64, induction: Value<'c, 'a>, period: i64) -> Option<(i64, i64)> {
        let conditions = self.loop_inputs_of(op).1.clone();
        if conditions.is_empty() {
            return Some((0, 0));
        }
        let mut bindings = self.bindings.clone();
        let ub = op.operand(1).ok().filter(|v| ir::constant_int(*v).is_none());
        let trips = 4 * FAR_SAMPLE;
        let mut values = |k: i64| -> Vec<Option<i64>> {
            bindings.bind_iteration(induction, lb, k, step);
            if let (Some(ub), Ok(n)) = (ub, i64::try_from(i128::from(lb) + i128::from(trips) * i128::from(step))) {
                bindings.bind(ub, n);
            }
            bindings.watch(|b| conditions.iter().map(|c| b.eval(*c)).collect()).0
        };
        let far: Vec<Vec<Option<i64>>> = (0..period).map(|res| values(FAR_SAMPLE + (res - FAR_SAMPLE).rem_euclid(period))).collect();
        let uniform = |zone: i64, from_end: bool, values: &mut dyn FnMut(i64) -> Vec<Option<i64>>| {
            (zone..zone + 2 * period).all(|d| {
                let k = if from_end { trips - 1 - d } else { d };
                values(k) == far[k.rem_euclid(period) as usize]
            })
        };
        let zone = |from_end: bool, values: &mut dyn FnMut(i64) -> Vec<Option<i64>>| [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32].into_iter().find(|z| uniform(*z, from_end, values));
        let start = zone(false, &mut values)?;
        let end = zone(true, &mut values)?;
        Some((start, end))
    }

    /// Binds the top frame's induction variable and carried integers for
    /// its iteration; false when the loop has no such iteration.
    fn begin_iteration(&mut self, config: &mut Config<'c, 'a>, r: usize) -> bool {
        let Some(frame) = config.roles[r].frames.last() else { return false };
        let Some(lf) = frame.looping.clone() else { return false };
        let k = match lf.iteration {
            Iteration::Exact(k, trips) => {
                if k >= trips {
                    return false;
                }
                i64::try_from(k).ok()
            }
            Iteration::Linked(g, offset) => {
                let Some(group) = config.groups.get(g).cloned().flatten() else { return false };
                if let Some(Count::Near(rest)) = group.rest {
                    if offset >= rest {
                        return false;
                    }
                }
                // The upper bound stands for a trip count of the group.
                if let (Ok(ub), Some(n)) = (lf.looping.op.operand(1), group.trips_value()) {
                    if ir::constant_int(ub).is_none() {
                        if let Ok(n) = i64::try_from(i128::from(lf.looping.lb) + i128::from(n) * i128::from(lf.looping.step)) {
                            self.bindings.bind(ub, n);
                        }
                    }
                }
                group.base_value().checked_add(offset)
            }
        };
        let Some(k) = k else { return false };
        let from = if lf.ran { &lf.looping.yields } else { &lf.looping.inits };
        Self::carry(&mut config.state, from, &lf.looping.arguments);
        self.bind_forms(&lf.looping.integers.arguments, &lf.carried);
        self.bindings.bind_iteration(lf.looping.induction, lf.looping.lb, k, lf.looping.step);
        true
    }

    /// The end of the top frame's region: the next iteration of its loop,
    /// or the loop's or branch's end.
    fn end_of_region(&mut self, config: &mut Config<'c, 'a>, r: usize) {
        let carried_now = config.roles[r].frames.last().and_then(|f| f.looping.as_ref()).map(|lf| self.forms(&lf.looping.integers.yields));
        let Some(frame) = config.roles[r].frames.last_mut() else { return };
        let Some(lf) = frame.looping.as_mut() else {
            config.roles[r].frames.pop();
            return;
        };
        lf.carried = carried_now.unwrap_or_default();
        lf.ran = true;
        lf.iteration = match lf.iteration {
            Iteration::Exact(k, trips) => Iteration::Exact(k + 1, trips),
            Iteration::Linked(g, offset) => Iteration::Linked(g, offset + 1),
        };
        frame.at = 0;
        let induction = lf.looping.induction;
        self.bindings.unbind(induction);
        if !self.begin_iteration(config, r) {
            self.leave_loop(config, r);
        }
    }

    /// The top frame's loop ends: its results take the last values.
    fn leave_loop(&mut self, config: &mut Config<'c, 'a>, r: usize) {
        let Some(frame) = config.roles[r].frames.pop() else { return };
        let Some(lf) = frame.looping else { return };
        let results: Vec<Value> = lf.looping.op.results().map(Into::into).collect();
        Self::carry(&mut config.state, if lf.ran { &lf.looping.yields } else { &lf.looping.inits }, &results);
        self.bindings.unbind(lf.looping.induction);
        lf.looping.integers.exit(self, &lf.carried);
    }

    /// Re-bases the linked groups on their slowest roles. A group whose
    /// count is not yet chosen, or whose slowest role leaves the exact zone
    /// at the start, is split into a configuration per count it may have.
    fn normalize(&mut self, config: Config<'c, 'a>) -> Step<'c, 'a> {
        let mut done = Vec::new();
        let mut work = vec![config];
        'configs: while let Some(config) = work.pop() {
            for g in 0..config.groups.len() {
                let Some(group) = config.groups[g].clone() else { continue };
                let offsets = config.offsets(g);
                let Some(&low) = offsets.iter().min() else { continue };
                let high = offsets.iter().copied().max().unwrap_or(low);
                if group.rest.is_none() {
                    for rest in self.trip_counts(&group) {
                        let mut split = config.clone();
                        split.groups[g] = Some(Group { rest: Some(rest), ..group.clone() });
                        self.restart_linked(&mut split, g);
                        work.push(split);
                    }
                    continue 'configs;
                }
                if high - low > group.near_end - 2 {
                    if let Some(op) = config.roles.iter().flat_map(|r| r.frames.iter()).find_map(|f| f.looping.as_ref().map(|l| l.looping.op)) {
                        let message = format!("cannot prove: one role runs {} iterations ahead of another in loops of the same trip count (the model follows up to {})", high - low, group.near_end - 2);
                        self.report(op, message, None);
                    }
                    self.stopped = true;
                    return Step::Moved(Vec::new());
                }
                if low == 0 {
                    continue;
                }
                // Shift by `low` (below zero: a role entered late).
                let base = match group.base {
                    Count::Near(b) if b + low < 0 || (group.open() && b + low > OPEN_LIMIT) => {
                        if let Some(op) = config.roles.iter().flat_map(|r| r.frames.iter()).find_map(|f| f.looping.as_ref().map(|l| l.looping.op)) {
                            self.report(op, format!("cannot prove: a role runs {OPEN_LIMIT} iterations before another enters a loop of the same trip count"), None);
                        }
                        self.stopped = true;
                        return Step::Moved(Vec::new());
                    }
                    Count::Near(b) if group.open() || b + low < group.near_start => Count::Near(b + low),
                    Count::Near(b) => Count::Far((b + low).rem_euclid(group.period)),
                    Count::Far(res) => Count::Far((res + low).rem_euclid(group.period)),
                };
                let moved = Group { base, ..group.clone() };
                let residue = group.trips_residue().unwrap_or(0);
                let rests: Vec<Count> = match group.rest {
                    Some(Count::Near(r)) if r - low < group.near_end => vec![Count::Near(r - low)],
                    Some(Count::Near(_)) => vec![Count::Far(residue)],
                    _ => {
                        // Far from the end: still far, or now near, at a
                        // count of the trip count's residue that every role
                        // in the loops is still below.
                        let mut rests = vec![Count::Far(residue)];
                        let top = offsets.iter().map(|o| o - low).max().unwrap_or(0);
                        for r in (group.near_end - low).max(top + 1).max(0)..group.near_end {
                            let fits = match (group.exact, moved.base) {
                                (Some(n), Count::Near(b)) => b + r == n,
                                _ => (moved.base_value() + r - residue).rem_euclid(group.period) == 0,
                            };
                            if fits {
                                rests.push(Count::Near(r));
                            }
                        }
                        rests
                    }
                };
                for rest in rests {
                    let mut shifted = config.clone();
                    shifted.groups[g] = Some(Group { rest: Some(rest), ..moved.clone() });
                    for frame in shifted.roles.iter_mut().flat_map(|r| r.frames.iter_mut()) {
                        if let Some(LoopFrame { iteration: Iteration::Linked(h, o), .. }) = &mut frame.looping {
                            if *h == g {
                                *o -= low;
                            }
                        }
                    }
                    work.push(shifted);
                }
                continue 'configs;
            }
            done.push(config);
        }
        Step::Moved(done)
    }

    /// The remaining counts a new group may start with: its constant count,
    /// or each count in its exact zone the case allows and each residue of
    /// a larger one.
    fn trip_counts(&self, group: &Group) -> Vec<Count> {
        if let Some(n) = group.exact {
            return vec![if n < group.near_end { Count::Near(n) } else { Count::Far(n.rem_euclid(group.period)) }];
        }
        let (low, high) = self.bindings.case().and_then(|c| c.range(&group.trips)).unwrap_or((0, i128::from(i64::MAX)));
        let mut counts: Vec<Count> = (low.max(0)..=high.min(i128::from(group.near_end - 1))).filter_map(|n| i64::try_from(n).ok()).map(Count::Near).collect();
        if high >= i128::from(group.near_end) {
            counts.extend((0..group.period).map(Count::Far));
        }
        counts
    }

    /// After a new group's count is chosen: the roles in its loops rebind
    /// their iteration (a zero count leaves at once).
    fn restart_linked(&mut self, config: &mut Config<'c, 'a>, g: usize) {
        for r in 0..config.roles.len() {
            if config.roles[r].frames.last().and_then(Frame::linked).is_none_or(|(h, _)| h != g) {
                continue;
            }
            std::mem::swap(&mut self.bindings, &mut config.roles[r].bindings);
            if !self.begin_iteration(config, r) {
                self.leave_loop(config, r);
            }
            std::mem::swap(&mut self.bindings, &mut config.roles[r].bindings);
        }
    }
}

fn lcm(a: i64, b: i64) -> i64 {
    let g = symbolic::gcd(i128::from(a), i128::from(b)) as i64;
    (a / g.max(1)).saturating_mul(b)
}
