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
//! zones so, up to 32 iterations; `near_end` is at least `P + 2`, and at
//! least the lead of one role over another plus 2: a producer runs as many
//! iterations ahead as its ring has slots, and [`Model::run_roles`] starts
//! again with wider zones for the loops where a role ran further ahead than
//! they admitted, up to [`LEAD_LIMIT`]). A role that runs further ahead
//! than that, or enters a linked loop once the slowest role has left the
//! exact zone at the start, is "cannot prove".
//!
//! **Nested loops.** A long loop inside a linked one (a persistent kernel's
//! K loop, inside its loop over tiles) is linked per *instance*: the roles
//! in the same iteration of the loops around it share a group, so a
//! producer may start the next tile's loads (a new group) while the
//! consumers finish this tile's (the old one); a group is freed when its
//! last role leaves it, so that the explored state does not grow with the
//! tiles. The configurations stand for every tile count at once, with the K
//! loop's constant count not unrolled (64 or 128 steps explore no more
//! configurations than 24); a run-time K too, its count chosen per tile
//! (every K at once). A wait inside a loop that runs no iteration in the
//! case at hand (K at most 0) makes no region waiting
//! ([`waiting_regions`]): with no wait to hold it back, one role would run
//! through every tile before the others entered the loop.
//!
//! **Segments.** A role runs from one op another role may see to the next;
//! pure ops (integer arithmetic on its own values) run with the segment
//! after them, so that a role blocked at a wait and one about to compute
//! that wait's parity are one configuration.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::loops::LoopIntegers;
use super::*;
use linked::{Count, Group};

mod linked;
use crate::passes::analysis::periodicity::{self, CarriedIntegers, Trips};
use crate::passes::analysis::symbolic::Affine;
use std::hash::{Hash, Hasher};

/// The hasher of configuration keys: the Fx hash (rustc's), several times
/// faster than the default SipHash on the long keys of configurations,
/// which need no protection against chosen collisions. (A collision would
/// merge two configurations and lose one's findings: with 64-bit keys and
/// at most [`STATE_BUDGET`] configurations its chance is below 2^-27, as
/// with SipHash's 64 bits.)
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Configurations explored before the model gives up.
const STATE_BUDGET: usize = 200_000;

/// Loops of a constant trip count up to this are run iteration by
/// iteration in each role; longer ones are linked.
const EXACT_TRIPS: u64 = 16;

/// The most iterations one role may run ahead of another in linked loops
/// ([`Model::run_roles`] widens the exact zones up to this).
const LEAD_LIMIT: i64 = 32;

/// Iterations a role may run in a linked loop before every loop linked
/// with it has been entered (its lead over a role still before the loop).
const OPEN_LIMIT: i64 = 64;

/// Where the far range of a linked loop's iterations is sampled for the
/// threshold check (`FAR_SAMPLE + residue`).
const FAR_SAMPLE: i64 = 1 << 40;

/// The region ops that hold an mbarrier wait or a block barrier (where a
/// role may have to wait for another), and whether the kernel has roles: a
/// wait in a loop inside a branch (the shape of warp specialization; a ring
/// read in lockstep waits in the loop itself). One walk of the kernel.
///
/// A wait inside a loop that runs no iteration in the case `bindings` stand
/// for (a K loop of a run-time count, in the case where it is at most 0)
/// never runs: it makes no region waiting. (Else, with no wait to hold it
/// back, one role would run through every tile of a persistent kernel
/// before the others entered their tile loops, past the exact zone.)
pub(super) fn waiting_regions(kernel: OperationRef, bindings: &Bindings) -> (HashSet<OpKey>, bool) {
    let mut regions = HashSet::new();
    let mut roles = false;
    let runs_none = |l: &OperationRef| {
        let (Some(lb), Some(step)) = (l.operand_at(0).and_then(|v| bindings.eval(v)), l.operand_at(2).and_then(|v| bindings.eval(v))) else { return false };
        step > 0 && matches!(periodicity::trip_count(bindings, l.operand_at(1), &Affine::constant(i128::from(lb)), step), Trips::Exact(0))
    };
    for op in ir::nested_ops(kernel) {
        if !(is_wait(op) || Upstream::GpuBarrier.is(op)) {
            continue;
        }
        let ancestors: Vec<OperationRef> = ir::ancestors(op).take_while(|a| *a != kernel).collect();
        if ancestors.iter().any(|a| Upstream::ScfFor.is(*a) && runs_none(a)) {
            continue;
        }
        if is_wait(op) {
            let innermost_loop = ancestors.iter().position(|a| Upstream::ScfFor.is(*a));
            roles |= innermost_loop.is_some_and(|l| ancestors[l..].iter().any(|a| Upstream::ScfIf.is(*a)));
        }
        regions.extend(ancestors.into_iter().map(OpKey::of));
    }
    (regions, roles)
}

fn is_wait(op: OperationRef) -> bool {
    matches!(Upstream::of(op), Some(Upstream::NvgpuMbarrierTryWaitParity | Upstream::NvvmMbarrierTryWaitParity))
}

impl Model<'_, '_> {
    /// Whether `op` may have to wait for another role: an mbarrier wait, a
    /// block barrier, or a region op holding one.
    fn blocks(&self, op: OperationRef) -> bool {
        is_wait(op) || Upstream::GpuBarrier.is(op) || self.waiting.contains(&OpKey::of(op))
    }
}

/// Which iteration of its loop a frame runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
    fn place(&self, hasher: &mut FxHasher) {
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
        let mut hasher = FxHasher::default();
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
        let mut hasher = FxHasher::default();
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
    /// The roles (their threads) that waited on mbarriers.
    pub roles: BTreeSet<String>,
    /// Most loops linked by a common trip count at once.
    pub linked: usize,
    /// Trip counts of the linked loops that are not constants (every value
    /// proven at once).
    pub symbolic_trips: bool,
    /// Loops linked inside linked loops, per iteration of those (a
    /// persistent kernel's K loops, tile by tile).
    pub nested: bool,
}

impl RolesSummary {
    /// Adds another case's exploration.
    pub(super) fn merge(&mut self, other: RolesSummary) {
        self.configurations += other.configurations;
        self.roles.extend(other.roles);
        self.linked = self.linked.max(other.linked);
        self.symbolic_trips |= other.symbolic_trips;
        self.nested |= other.nested;
    }

    /// "roles warpgroup 1 (threads 128-255) and thread 0 (warpgroup 0), loops
    /// of the same run-time trip count linked (every count at once), 3456
    /// configurations".
    pub fn describe(&self) -> String {
        let roles: Vec<&str> = self.roles.iter().map(String::as_str).collect();
        let linked = match (self.linked, self.symbolic_trips) {
            (0, _) => String::new(),
            (_, true) => ", loops of the same run-time trip count linked (every count at once)".into(),
            (_, false) => ", long loops of the same trip count linked".into(),
        };
        let nested = if self.nested { ", long loops inside them linked per iteration" } else { "" };
        format!("roles {}{linked}{nested}, {} configurations explored", roles.join(" and "), self.configurations)
    }
}

impl<'c, 'a> Model<'c, 'a> {
    /// The kernel body `body`, run by `threads` as roles over every
    /// interleaving; `state` is left as one final configuration's.
    ///
    /// The exact zones of a linked loop admit a lead of one iteration of a
    /// role over another at first ([`Model::leads`]; a producer filling a
    /// ring runs as many iterations ahead as it has slots): when a role runs
    /// further ahead, the exploration starts again with zones of those loops
    /// that admit that lead (up to [`LEAD_LIMIT`]), within one budget of
    /// configurations; unless the stopped one found something, which
    /// stands.
    pub(super) fn run_roles(&mut self, body: BlockRef<'c, 'a>, threads: &Threads, state: &mut State) {
        let (start_state, bindings, findings, reported, similar) = (state.clone(), self.bindings.clone(), self.findings.len(), self.reported.clone(), self.similar.clone());
        let mut budget = STATE_BUDGET;
        loop {
            budget = budget.saturating_sub(self.explore_roles(body, threads, state, budget));
            let Some((loops, lead)) = self.widen.take() else { return };
            // A finding of the stopped exploration stands (its
            // configurations are reachable whatever the zones): the kernel
            // is not proven, and the wider exploration is not needed.
            if self.findings.len() > findings {
                return;
            }
            *state = start_state.clone();
            self.bindings = bindings.clone();
            self.findings.truncate(findings);
            self.reported = reported.clone();
            self.similar = similar.clone();
            self.stopped = false;
            // At least doubled, so that a role that keeps running further
            // ahead costs few explorations.
            let before = loops.iter().filter_map(|op| self.leads.get(op)).copied().max().unwrap_or(1);
            let lead = lead.max(2 * before).min(LEAD_LIMIT);
            for op in loops {
                self.leads.insert(op, lead);
            }
        }
    }

    /// One exploration within `budget` configurations; the number explored.
    fn explore_roles(&mut self, body: BlockRef<'c, 'a>, threads: &Threads, state: &mut State, budget: usize) -> usize {
        self.roles_summary = Some(RolesSummary::default());
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
            if seen.len() > budget || work.len() > budget {
                let kernel = body.parent_operation().expect("a kernel body");
                self.report(kernel, format!("cannot prove: the roles' interleavings take more than {STATE_BUDGET} configurations"), None);
                self.stopped = true;
                break;
            }
            if let Some(summary) = &mut self.roles_summary {
                summary.linked = summary.linked.max(config.groups.iter().flatten().count());
                summary.symbolic_trips |= config.groups.iter().flatten().any(|g| g.exact.is_none());
                summary.nested |= config.groups.iter().flatten().any(|g| !g.instance.is_empty());
            }
            let mut moved = false;
            let mut waiting = Vec::new();
            let mut steps = Vec::new();
            let mut invisible = None;
            for r in 0..config.roles.len() {
                let step = self.step(&config, r);
                if self.stopped || self.bindings.refinement().is_some() {
                    *state = config.state;
                    return seen.len();
                }
                // A role that returns without a wait and without changing
                // what the other roles see (the shared state, the linked
                // loops) can neither affect them nor be affected: its exit
                // is taken alone, and its interleavings with theirs are not
                // explored (the idle threads of a producer warpgroup on
                // their way out). (Taking every such invisible step alone,
                // not only exits, lost a finding: a wait_group weakened in
                // ws-gemm.mlir was then reported only at the accumulator's
                // read, not at the overwrite of the slot it still read.)
                if let Step::Moved(next) = &step {
                    if let [only] = next.as_slice() {
                        if Self::quiet_exit(&config, only, r) {
                            invisible = Some(only.clone());
                            break;
                        }
                    }
                }
                steps.push(step);
            }
            if let Some(next) = invisible {
                work.push(next);
                continue;
            }
            for (r, step) in steps.into_iter().enumerate() {
                match step {
                    Step::Moved(next) => {
                        moved = true;
                        work.extend(next);
                    }
                    Step::Waits(op) => waiting.push((r, op)),
                    Step::Returned => {}
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
        if let Some(summary) = &mut self.roles_summary {
            summary.configurations = seen.len();
        }
        *state = last.unwrap_or_default();
        seen.len()
    }

    /// Shared memory ends with the block: a TMA store must have read it.
    pub(super) fn end_of_kernel(&mut self, body: BlockRef<'c, 'a>, state: &State) {
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
        // Every thread of the block takes part in a block barrier: one that
        // threads which returned never reach waits forever.
        if waiting.len() != config.roles.len() || !waiting.iter().all(|(_, op)| Upstream::GpuBarrier.is(*op)) {
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

    /// Whether role `r`'s step from `config` to `next` returned it without
    /// changing what the other roles see: the shared state, the linked
    /// loops, and no report (it waited for nothing and accessed nothing the
    /// model tracks on its way out).
    fn quiet_exit(config: &Config<'c, 'a>, next: &Config<'c, 'a>, r: usize) -> bool {
        let at_wait = config.roles[r].frames.last().and_then(|f| f.ops.get(f.at)).is_some_and(|op| is_wait(*op));
        !at_wait
            && next.roles.len() == config.roles.len()
            && next.roles[r].frames.is_empty()
            && next.state == config.state
            && next.groups == config.groups
    }

    /// No role can move and some have not returned.
    fn deadlock(&mut self, config: &Config<'c, 'a>, waiting: &[(usize, OperationRef<'c, 'a>)]) {
        let returned = config.roles.iter().filter(|r| r.frames.is_empty()).fold(Threads::none(self.block.size), |a, r| a.union(&r.threads));
        for (r, op) in waiting {
            let role = &config.roles[*r];
            let who = role_name(&role.threads, self.block.size);
            if Upstream::GpuBarrier.is(*op) {
                let others = if returned.is_empty() { "the other roles wait on mbarriers".to_string() } else { format!("{} returned without reaching it", returned.describe()) };
                self.report(*op, format!("deadlock: {who} wait at this block barrier forever: {others}"), None);
                continue;
            }
            let saved = std::mem::replace(&mut self.bindings, role.bindings.clone());
            let key = self.mbarrier_of_wait(*op);
            let parity = op.operand_at(1).and_then(|v| self.eval_int(v));
            self.bindings = saved;
            let (Some(key), Some(parity)) = (key, parity) else { continue };
            let Some(barrier) = config.state.barriers.get(&key) else { continue };
            let phase = &barrier.current;
            // A phase with more arrivals or bytes than it counts was
            // reported where they came; its wait's hang follows from that.
            if barrier.count.is_some_and(|c| phase.arrivals > c) || phase.issued > phase.expected {
                continue;
            }
            let count = barrier.count.map_or("an unknown number of".to_string(), |c| c.to_string());
            let trips = config.groups.iter().flatten().find(|g| g.exact.is_none()).map(Group::describe_trips).unwrap_or_default();
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
        let Some(parity) = op.operand_at(1).and_then(|v| self.eval_int(v)) else { return true };
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
        Self::bound_phases(&mut next.state);
        match outcome {
            Ok(()) => self.normalize(next),
            Err(op) => Step::Waits(op),
        }
    }

    /// Keeps the explored state finite where a broken kernel would grow it
    /// without end, once the excess is reported: arrivals beyond a phase's
    /// count, transaction bytes beyond what it expects (each reported where
    /// it came), and reads released to a phase that no one completes (a
    /// later release of the same bytes by the same threads stands for an
    /// earlier one, as in [`Model::compact_reads`]).
    fn bound_phases(state: &mut State) {
        for barrier in state.barriers.values_mut() {
            let phase = &mut barrier.current;
            if let Some(count) = barrier.count {
                phase.arrivals = phase.arrivals.min(count.saturating_add(1));
            }
            phase.issued = phase.issued.min(phase.expected.saturating_add(1));
            phase.expected = phase.expected.min(super::units::MAX_TX_COUNT);
            super::units::compact(&mut phase.released);
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
                let name = role_name(&threads, self.block.size);
                self.roles_summary.get_or_insert_with(RolesSummary::default).roles.insert(name);
                self.op(op, &threads, &mut config.state);
                Self::advance(config, r);
                moved = true;
                continue;
            }
            let branches = Upstream::ScfIf.is(op) && self.blocks(op);
            let loops = Upstream::ScfFor.is(op) && self.blocks(op);
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
            // A pure op (integer arithmetic on the role's own values) is
            // seen by no other role: the segment goes on to the wait after
            // it, which then blocks the role where it was (as if these ops
            // ran after the wait returned), and one configuration stands
            // for both places.
            moved |= !self.pure(op);
        }
    }

    /// Whether `op` has no effect another role could see (cached).
    fn pure(&mut self, op: OperationRef<'c, 'a>) -> bool {
        *self.pure_ops.entry(OpKey::of(op)).or_insert_with(|| ir::is_pure(op))
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
        let Some((yes, no)) = op.operand_at(0).and_then(|c| self.split(c, threads)) else {
            // A condition the case does not settle splits the case (the run
            // stops here, its findings dropped).
            if self.bindings.refinement().is_some() {
                self.stopped = true;
                return;
            }
            // The same in every thread (the block's id, the kernel's
            // arguments: a causal block's count of key tiles deciding
            // whether the pipelined loop runs): over cases of those values,
            // each settles it.
            let uniform = op.operand_at(0).is_some_and(|c| Self::uniform(c, 32));
            if uniform {
                self.uniform_branch = true;
                if self.bindings.case().is_none() {
                    self.run_time_loop = true;
                }
            }
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
        let lb = op.operand_at(0).and_then(|v| self.eval(v));
        let step = op.operand_at(2).and_then(|v| self.eval(v)).filter(|s| *s > 0);
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
            arguments: (1..body.argument_count()).filter_map(|i| body.argument_at(i).map(Into::into)).collect(),
            inits: op.operands().skip(3).collect(),
            yields: ir::terminator(body).map(|t| t.operands().collect()).unwrap_or_default(),
        });
        let carried = self.forms(&looping.integers.inits);
        let instance: Vec<Iteration> = config.roles[r].frames.iter().filter_map(|f| f.looping.as_ref().map(|l| l.iteration)).collect();
        let trips = periodicity::trip_count(&self.bindings, op.operand_at(1), &Affine::constant(i128::from(lb)), step);
        let iteration = match trips {
            Trips::Exact(trips) if trips <= EXACT_TRIPS => Iteration::Exact(0, trips),
            Trips::Exact(trips) => match self.link(config, &looping, Affine::constant(i128::from(trips)), i64::try_from(trips).ok(), instance) {
                Some(i) => i,
                None => return,
            },
            Trips::Symbolic { trips, .. } => match self.link(config, &looping, trips, None, instance) {
                Some(i) => i,
                None => return,
            },
            // An upper bound the evaluation cannot express but the same in
            // every thread (computed before the roles split from the block
            // id and the grid's size: a persistent kernel's count of
            // tiles), with the loop counting from 0 by 1: the count is a
            // parameter of the case of its own, any value from 0 up, keyed
            // by the bound, so that the loops of every role that run to it
            // link.
            Trips::Unknown if Self::uniform_bound(op, lb, step).is_some() && self.bindings.case().is_some() => {
                let ub = Self::uniform_bound(op, lb, step).expect("checked");
                let case = self.bindings.case().expect("checked");
                match case.trips_form(ub) {
                    Some(trips) => match self.link(config, &looping, trips, None, instance) {
                        Some(i) => i,
                        None => return,
                    },
                    None => {
                        if self.bindings.refinement().is_none() {
                            let label = format!("the trip count of the loop at {}", crate::passes::ir::diag::line_of(op));
                            self.bindings.ask(crate::passes::analysis::symbolic::Refinement::Trips { value: ub, label });
                        }
                        return;
                    }
                }
            }
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

    /// The upper bound of loop `op` (from `lb` by `step`) when its trip
    /// count, not affine in the kernel's arguments, is a parameter of the
    /// case of its own: a bound the same in every thread (computed before
    /// the roles split: a persistent kernel's count of tiles), counted from
    /// 0 by 1.
    fn uniform_bound(op: OperationRef<'c, 'a>, lb: i64, step: i64) -> Option<ValueKey> {
        let ub = op.operand_at(1).filter(|ub| lb == 0 && step == 1 && Self::uniform(*ub, 32))?;
        Some(ValueKey::of(ub))
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

}

/// A role's threads as a finding names them: "warpgroup 1 (threads
/// 128-255)", "thread 0 (warpgroup 0)".
fn role_name(threads: &Threads, size: i64) -> String {
    let ids: Vec<usize> = threads.iter().collect();
    let group = |t: usize| t / threads::WARPGROUP as usize;
    match ids[..] {
        [one] => format!("thread {one} (warpgroup {})", group(one)),
        [first, .., last] if last - first + 1 == ids.len() && first % 128 == 0 && ids.len() % 128 == 0 && (ids.len() as i64) < size => {
            if ids.len() == 128 {
                format!("warpgroup {} ({})", group(first), threads.describe())
            } else {
                format!("warpgroups {}-{} ({})", group(first), group(last), threads.describe())
            }
        }
        _ => threads.describe(),
    }
}
